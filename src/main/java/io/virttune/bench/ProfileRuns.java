package io.virttune.bench;

import io.virttune.Sleep;
import io.virttune.VirtTuneException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * KDiskMark's schedule for one set of settings: each profile is its own fio run, repeated
 * {@code loops} times, with {@link ProfileSet#intervalSeconds} between profiles; each profile's
 * runs are combined into their average and peak.
 */
public final class ProfileRuns {
    /** Runs one fio command somewhere (the guest, the host) and returns its report. */
    @FunctionalInterface
    public interface Fio {
        FioReport run(FioRun run);
    }

    /** Waits between profiles; tests record the pauses instead. */
    @FunctionalInterface
    public interface Pause {
        void sleep(Duration duration);

        Pause THREAD_SLEEP = duration ->
                Sleep.of(duration, e -> VirtTuneException.failed("interrupted between two bench profiles", e));
    }

    private final FioJobFile jobFile;
    private final BenchSettings settings;
    private final Pause pause;
    private final Consumer<String> progress;

    public ProfileRuns(FioJobFile jobFile, BenchSettings settings, Pause pause, Consumer<String> progress) {
        this.jobFile = jobFile;
        this.settings = settings;
        this.pause = pause;
        this.progress = progress;
    }

    public List<String> sections() {
        return settings.profileSet().sections();
    }

    /** The job file text every run feeds to fio. */
    public String jobFileText() {
        return jobFile.text();
    }

    /** The longest the whole schedule should take, for the log: every run at its runtime, plus the pauses. */
    public Duration expected() {
        int profiles = sections().size();
        return Duration.ofSeconds((long) profiles * settings.loops() * settings.runtimeSeconds()
                + (long) (profiles - 1) * settings.profileSet().intervalSeconds());
    }

    /** Every profile in order, {@code where} naming the place in progress lines ("guest", "host"). */
    public List<ProfileResult> run(Fio fio, String where) {
        List<ProfileResult> results = new ArrayList<>();
        List<String> sections = sections();
        for (int i = 0; i < sections.size(); i++) {
            if (i > 0 && settings.profileSet().intervalSeconds() > 0) {
                pause.sleep(Duration.ofSeconds(settings.profileSet().intervalSeconds()));
            }
            results.add(runs(fio, sections.get(i), where));
        }
        return results;
    }

    private ProfileResult runs(Fio fio, String section, String where) {
        FioRun run = FioRun.of(jobFile, settings, section);
        List<ProfileResult> runs = new ArrayList<>();
        for (int loop = 1; loop <= settings.loops(); loop++) {
            progress.accept("bench: " + where + " " + section + " run " + loop + "/" + settings.loops());
            List<ProfileResult> profiles = fio.run(run).profiles();
            if (profiles.size() != 1 || !profiles.get(0).name().equals(section)) {
                throw VirtTuneException.failed("fio " + where + " was asked for section " + section + " and reported "
                        + profiles.stream().map(ProfileResult::name).toList());
            }
            runs.add(profiles.get(0));
        }
        return ProfileResult.ofRuns(runs);
    }
}
