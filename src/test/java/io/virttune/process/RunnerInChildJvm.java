package io.virttune.process;

import java.util.List;

/**
 * A JVM whose only job is to run one command through {@link LocalProcessRunner} and print the
 * command's pid, so a test can kill this JVM and see what happens to the command.
 */
public final class RunnerInChildJvm {
    private RunnerInChildJvm() {}

    public static void main(String[] args) throws InterruptedException {
        Thread runner = new Thread(() -> new LocalProcessRunner().run(List.of(args)), "runner");
        runner.start();
        for (int i = 0; RunningChildren.list().isEmpty(); i++) {
            if (i == 1000) {
                System.out.println("the runner started nothing in 10 s");
                System.exit(2);
            }
            Thread.sleep(10);
        }
        System.out.println("pid " + RunningChildren.list().get(0).pid());
        System.out.flush();
        runner.join();
    }

    /** Starts this class in a new JVM with the project's compiled classes. */
    static Process start(List<String> command) throws java.io.IOException {
        return start(RunnerInChildJvm.class, command);
    }

    /** Starts {@code main}'s main method in a new JVM with the project's compiled classes. */
    static Process start(Class<?> main, List<String> command) throws java.io.IOException {
        String classpath = java.nio.file.Path.of("target", "classes").toAbsolutePath()
                + java.io.File.pathSeparator
                + java.nio.file.Path.of("target", "test-classes").toAbsolutePath();
        List<String> argv = new java.util.ArrayList<>(List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(),
                "-cp",
                classpath,
                main.getName()));
        argv.addAll(command);
        return new ProcessBuilder(argv).redirectErrorStream(true).start();
    }
}
