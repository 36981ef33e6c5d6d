package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/virt-tune's class-data archive (the Debian package's launcher, src/deb/virt-tune, given
 * the checkout's jar, archive and example), on a copy of the checkout's launchers, jar and example
 * host: written after the first run, used by the next, rewritten after a build, holding what
 * inspect loads whatever command came first, and never a word on stderr or a changed exit status,
 * whatever state the archive is in.
 */
class LauncherArchiveIT {
    @TempDir
    Path checkout;

    private Path jar;
    private Path archive;

    @BeforeEach
    void copyTheLauncherAndTheJar() throws IOException {
        Files.createDirectories(checkout.resolve("scripts"));
        Files.createDirectories(checkout.resolve("src/deb"));
        Files.createDirectories(checkout.resolve("target"));
        Files.copy(Path.of("scripts/virt-tune"), checkout.resolve("scripts/virt-tune"));
        Files.copy(Path.of("src/deb/virt-tune"), checkout.resolve("src/deb/virt-tune"));
        jar = Files.copy(Path.of("target/virt-tune.jar"), checkout.resolve("target/virt-tune.jar"));
        Path example = Files.createDirectories(checkout.resolve("examples"));
        try (Stream<Path> files = Files.walk(Path.of("examples/hv01"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(
                        file,
                        example.resolve(Path.of("examples").relativize(file).toString()));
            }
        }
        archive = checkout.resolve("target/virt-tune.jsa");
    }

    @Test
    void theFirstRunWritesTheArchiveAndTheNextOneUsesIt() throws Exception {
        Run first = run("--version");
        assertTrue(Files.size(archive) > 0, "no archive after the first run");
        FileTime written = Files.getLastModifiedTime(archive);

        Run second = run("--version");

        assertEquals(first, second);
        assertTrue(second.out().startsWith("virt-tune "), second.out());
        assertEquals(written, Files.getLastModifiedTime(archive), "a fresh archive was written again");
    }

    @Test
    void theArchiveHoldsWhatInspectLoadsWhateverCommandCameFirst() throws Exception {
        run("--version");
        Path example = checkout.resolve("examples/hv01");
        Process inspect = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:SharedArchiveFile=" + archive,
                        "-Xlog:class+load",
                        "-jar",
                        jar.toString(),
                        "inspect",
                        "--connect",
                        "test://" + example.resolve("node.xml"),
                        "--host-facts",
                        example.toString(),
                        "--json")
                .redirectErrorStream(true)
                .start();
        String classes = new String(inspect.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, inspect.waitFor(), classes);

        for (String loaded : List.of(
                "org.libvirt.Connect",
                "io.virttune.xml.DomainXml",
                "io.virttune.inspect.HostInspector",
                "io.virttune.lvm.LvmReportParser")) {
            assertTrue(classes.contains(loaded + " source: shared objects file"), loaded + " is not in the archive");
        }
    }

    @Test
    void aJarNewerThanTheArchiveHasItWrittenAgain() throws Exception {
        run("--version");
        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

        Run run = run("--version");

        assertEquals(0, run.status());
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0);
    }

    @Test
    void aJvmInstalledAfterTheArchiveHasItWrittenAgain() throws Exception {
        run("--version");
        FileTime written = Files.getLastModifiedTime(archive);
        // The launcher compares whole seconds.
        Thread.sleep(1100);
        Path bin = Files.createDirectories(checkout.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(
                java, "#!/bin/sh\nexec " + Path.of(System.getProperty("java.home"), "bin", "java") + " \"$@\"\n");
        java.toFile().setExecutable(true);
        // As a package upgrade installs it: the modification time of the package's build, long past.
        Files.setLastModifiedTime(java, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

        Run run = run(Map.of("PATH", bin + ":" + System.getenv("PATH")), "--version");

        assertEquals(0, run.status());
        assertTrue(Files.getLastModifiedTime(archive).compareTo(written) > 0, "the archive was not written again");
    }

    @Test
    void anArchiveAnotherJvmWroteIsWrittenAgain() throws Exception {
        run("--version");
        Path jvm = checkout.resolve("target/virt-tune.jsa.jvm");
        String ours = Files.readString(jvm).strip();
        // update-alternatives to a JDK installed before the archive: its change time says nothing.
        Files.writeString(jvm, "/usr/lib/jvm/another-jdk/bin/java\n");
        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2099-01-01T00:00:00Z")));

        run("--version");

        assertEquals(ours, Files.readString(jvm).strip());
        assertTrue(
                Files.getLastModifiedTime(archive).toInstant().isBefore(Instant.parse("2099-01-01T00:00:00Z")),
                "the archive was not written again");
    }

    @Test
    void aTrainingThatFailsIsNotTriedAgainUntilTheJarOrTheJvmChanges() throws Exception {
        Files.writeString(checkout.resolve("examples/hv01/node.xml"), "not a node");
        Path jvm = checkout.resolve("target/virt-tune.jsa.jvm");

        run("--version");
        FileTime failed = Files.getLastModifiedTime(jvm);
        // The launcher compares whole seconds.
        Thread.sleep(1100);
        run("--version");

        assertTrue(Files.readString(jvm).strip().endsWith(" failed"), Files.readString(jvm));
        assertTrue(Files.notExists(archive), "no archive from a failed training");
        assertEquals(failed, Files.getLastModifiedTime(jvm), "the training was tried again");
    }

    @Test
    void anArchiveThatDoesNotMatchTheJarIsIgnoredSilently() throws Exception {
        run("--version");
        // Another build's jar under the same name, with the archive still looking newer.
        Files.write(jar, Files.readAllBytes(jar), java.nio.file.StandardOpenOption.APPEND);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

        Run run = run("--version");

        assertEquals(0, run.status());
        assertTrue(run.out().startsWith("virt-tune "), run.out());
    }

    @Test
    void aDamagedArchiveIsIgnoredSilently() throws Exception {
        Files.write(archive, "not an archive".repeat(1000).getBytes(StandardCharsets.US_ASCII));

        Run run = run("--version");

        assertTrue(run.out().startsWith("virt-tune "), run.out());
    }

    @Test
    void theExitStatusIsTheCommandsWhileTheArchiveIsWritten() throws Exception {
        Run run = run("inspect", "--no-such-option");

        assertEquals(2, run.status());
        assertTrue(Files.size(archive) > 0);
    }

    private record Run(int status, String out) {}

    /** Runs the copied launcher; anything on stderr fails the test, since the archive must be silent. */
    private Run run(String... args) throws Exception {
        return run(Map.of(), args);
    }

    private Run run(Map<String, String> environment, String... args) throws Exception {
        String[] argv = new String[args.length + 1];
        argv[0] = checkout.resolve("scripts/virt-tune").toString();
        System.arraycopy(args, 0, argv, 1, args.length);
        ProcessBuilder builder = new ProcessBuilder(argv);
        builder.environment().putAll(environment);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = process.waitFor();
        if (status != 2) {
            assertEquals("", err, "stderr of " + String.join(" ", args));
        } else {
            assertTrue(!err.contains("cds") && !err.contains("archive"), err);
        }
        return new Run(status, out);
    }
}
