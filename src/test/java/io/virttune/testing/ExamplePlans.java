package io.virttune.testing;

import io.virttune.libvirt.LibvirtJavaConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A plan of the example host is made from its recorded facts, for the host named {@code hv01};
 * apply refuses it on any other machine. Tests that apply one here bind it to this machine first.
 */
public final class ExamplePlans {
    private ExamplePlans() {}

    /** The example host's thin pool, the target of most of its plans. */
    public static final String THIN_POOL = "--thin-pool=vg_fast/tpool";

    /**
     * Writes to {@code planFile} the example host's plan into its thin pool vg_fast/tpool, with
     * {@code more} words (domains, options), bound to this machine.
     */
    public static void write(Path planFile, String... more) throws IOException {
        writeAsMade(planFile, THIN_POOL, more);
        bindToThisMachine(planFile);
    }

    /**
     * Writes to {@code planFile} the example host's plan into {@code target} (an option such as
     * {@code --vg=vg_guests}), with {@code more} words, as made for hv01.
     */
    public static void writeAsMade(Path planFile, String target, String... more) {
        List<String> args =
                new ArrayList<>(List.of("plan", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", target));
        args.addAll(List.of(more));
        args.addAll(List.of("--out", planFile.toString()));
        Cli planned = Cli.run(args.toArray(String[]::new));
        if (planned.exitCode() != 0) {
            throw new IllegalStateException("plan " + args + " failed: " + planned.err());
        }
    }

    /** Rewrites the plan's hostname to the one the example's test-driver URI reports on this machine. */
    public static void bindToThisMachine(Path planFile) throws IOException {
        String here;
        try (LibvirtJavaConnection connection = LibvirtJavaConnection.openReadOnly(Cli.EXAMPLE_URI)) {
            here = connection.hostname();
        }
        String plan = Files.readString(planFile);
        String bound = plan.replace("\"hostname\" : \"hv01\"", "\"hostname\" : \"" + here + "\"");
        if (bound.equals(plan)) {
            throw new IllegalStateException(planFile + " is not a plan of the example host hv01");
        }
        Files.writeString(planFile, bound);
    }
}
