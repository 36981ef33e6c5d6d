package io.virttune.cli;

import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The confirmation a command asks before what cannot be undone: on a terminal, a question;
 * without one (scripts, CI), a refusal unless --yes, so that nothing destructive ever runs
 * because no one was there to say no.
 */
public final class ConfirmationOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-y", "--yes"},
            description = "do not ask for confirmation (for scripts: there is no terminal to ask on)")
    boolean yes;

    /** Returns when confirmed; otherwise refuses, and nothing has been changed. */
    void require(String consequence) {
        if (yes) {
            return;
        }
        String answer = VirtTuneCommand.terminal(spec)
                .ask(consequence + ". Go on? [y/N] ")
                .orElseThrow(() -> VirtTuneException.refused(
                        consequence + "; there is no terminal to confirm on: pass --yes to go ahead"));
        if (!List.of("y", "yes").contains(answer.strip().toLowerCase(Locale.ROOT))) {
            throw VirtTuneException.refused("not confirmed: nothing was changed");
        }
    }
}
