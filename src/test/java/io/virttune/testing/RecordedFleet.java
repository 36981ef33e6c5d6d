package io.virttune.testing;

import io.virttune.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fleet served over a stand-in {@code ssh}: a virt-tune process whose PATH starts with a fake
 * ssh that serves the bundled example's recorded host to every destination, except those named
 * unreachable, which fail as ssh does for a host that is down. On those hosts, {@code virt-tune}
 * is a stand-in that logs what it was given into {@link #remoteLog()} and answers as apply does.
 */
public final class RecordedFleet {
    private static final Path FAKE_SSH =
            Path.of("src/test/resources/fleet/recorded-host-ssh").toAbsolutePath();
    private static final Path REMOTE_VIRT_TUNE =
            Path.of("src/test/resources/fleet/remote-virt-tune").toAbsolutePath();
    private final Path directory;
    private final String unreachable;
    private String withoutVirtTune = "";

    /** {@code directory}: an empty scratch directory; {@code unreachable}: ssh destinations that are down. */
    public RecordedFleet(Path directory, String... unreachable) throws IOException {
        this.directory = directory;
        this.unreachable = String.join(" ", unreachable);
        Files.createSymbolicLink(
                Files.createDirectories(directory.resolve("bin")).resolve("ssh"), FAKE_SSH);
        Files.createSymbolicLink(directory.resolve("bin").resolve("virt-tune"), REMOTE_VIRT_TUNE);
    }

    /**
     * The fleet several tests name, as an inventory in {@code directory}: hv-a, hv-b (as user ops),
     * hv-c (at 10.77.0.7, which has no virt-tune) and hv-down (at 10.77.0.9, unreachable); the
     * stand-in ssh serving it works in {@code directory}/ssh.
     */
    public static RecordedFleet fourHosts(Path directory) throws IOException {
        Files.writeString(
                directory.resolve("inventory.ini"),
                String.join(
                        "\n",
                        "[kvm]",
                        "hv-a",
                        "hv-b ansible_user=ops",
                        "hv-c ansible_host=10.77.0.7",
                        "hv-down ansible_host=10.77.0.9",
                        ""));
        return new RecordedFleet(directory.resolve("ssh"), "10.77.0.9").withoutVirtTune("10.77.0.7");
    }

    /** The inventory {@link #fourHosts} wrote. */
    public static Path fourHostInventory(Path directory) {
        return directory.resolve("inventory.ini");
    }

    /**
     * This machine has no ansible-inventory: the one on PATH answers as env does for a program it
     * cannot find (exit 127).
     */
    public RecordedFleet withoutAnsible() throws IOException {
        Path missing = directory.resolve("bin").resolve("ansible-inventory");
        Files.writeString(
                missing, "#!/bin/sh\necho \"env: 'ansible-inventory': No such file or directory\" >&2\nexit 127\n");
        missing.toFile().setExecutable(true);
        return this;
    }

    /** These ssh destinations have no virt-tune installed. */
    public RecordedFleet withoutVirtTune(String... destinations) {
        withoutVirtTune = String.join(" ", destinations);
        return this;
    }

    /** This ssh destination serves {@code recording} (its {@code host/} as /) instead of the bundled example. */
    public RecordedFleet serving(String destination, Path recording) throws IOException {
        Files.createSymbolicLink(
                Files.createDirectories(directory.resolve("hosts")).resolve(destination), recording.toAbsolutePath());
        return this;
    }

    /** Where the stand-in virt-tune of each host kept its arguments and its stdin: DESTINATION.args, DESTINATION.plan. */
    public Path remoteLog() {
        return directory.resolve("remote");
    }

    /** The words of the last ssh command line that reached {@code destination}, one a line. */
    public Path sshArgv(String destination) {
        return directory.resolve("ssh-argv").resolve(destination);
    }

    /** Runs virt-tune in its own JVM, as an operator's shell would, and keeps its exit code and output. */
    public Cli run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder virtTune = new ProcessBuilder(command);
        virtTune.environment().put("PATH", directory.resolve("bin") + ":" + System.getenv("PATH"));
        virtTune.environment()
                .put(
                        "FLEET_RECORDED_HOST",
                        Path.of("examples/hv01").toAbsolutePath().toString());
        virtTune.environment()
                .put("FLEET_RECORDED_HOSTS", directory.resolve("hosts").toString());
        virtTune.environment().put("FLEET_UNREACHABLE", unreachable);
        virtTune.environment().put("FLEET_WITHOUT_VIRT_TUNE", withoutVirtTune);
        virtTune.environment().put("FLEET_REMOTE_LOG", remoteLog().toString());
        virtTune.environment()
                .put("FLEET_SSH_LOG", directory.resolve("ssh-argv").toString());
        virtTune.environment().put("XDG_RUNTIME_DIR", directory.toString());
        Path stderr = directory.resolve("stderr");
        virtTune.redirectError(stderr.toFile());
        Process process = virtTune.start();
        String out = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("virt-tune " + String.join(" ", args) + " did not finish in 60 s");
        }
        return new Cli(process.exitValue(), out, Files.readString(stderr));
    }
}
