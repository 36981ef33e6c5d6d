package io.virttune.apply.ports;

import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.JnaBlockJobs;
import io.virttune.libvirt.LibvirtJavaConnection;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Where apply reaches a running domain's block jobs: a read-write connection of its own, open
 * while {@code action} runs; and how a copy is followed ({@link CopyTimings}).
 */
public interface BlockJobsSource {
    <T> T with(String domain, Function<BlockJobs, T> action);

    /** How a copy is followed until it is ready. */
    default CopyTimings timings() {
        return CopyTimings.DEFAULTS;
    }

    /** This source, each domain's jobs seen through {@code view} (a dry run's printing ones), its timings kept. */
    default BlockJobsSource viewedThrough(UnaryOperator<BlockJobs> view) {
        return derived(this, timings(), view);
    }

    /** This source, its background copies stalled after {@code window} without getting closer (apply --converge-within). */
    default BlockJobsSource convergingWithin(Duration window) {
        return derived(this, timings().withConvergenceWindow(window), UnaryOperator.identity());
    }

    /** The block jobs of the host behind {@code uri}. */
    static BlockJobsSource of(String uri) {
        return new BlockJobsSource() {
            @Override
            public <T> T with(String domain, Function<BlockJobs, T> action) {
                try (LibvirtJavaConnection connection = LibvirtJavaConnection.openReadWrite(uri)) {
                    return action.apply(JnaBlockJobs.on(connection, domain));
                }
            }
        };
    }

    private static BlockJobsSource derived(BlockJobsSource source, CopyTimings timings, UnaryOperator<BlockJobs> view) {
        return new BlockJobsSource() {
            @Override
            public <T> T with(String domain, Function<BlockJobs, T> action) {
                return source.with(domain, jobs -> action.apply(view.apply(jobs)));
            }

            @Override
            public CopyTimings timings() {
                return timings;
            }
        };
    }
}
