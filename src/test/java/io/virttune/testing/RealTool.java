package io.virttune.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a real tool for a test, failing with the package to install when the tool is missing. The
 * command may start with {@code env NAME=VALUE} (exit code 127 still means "not found").
 */
public record RealTool(List<String> command, String debianPackage) {

    public RealTool(String program, String debianPackage) {
        this(List.of(program), debianPackage);
    }

    public ProcessResult run(String... args) {
        List<String> argv = new ArrayList<>(command);
        argv.addAll(List.of(args));
        ProcessResult result = new LocalProcessRunner().run(argv);
        if (result.exitCode() == ProcessResult.NOT_FOUND) {
            fail(command.get(command.size() - 1) + " is not installed: apt-get install " + debianPackage
                    + " (scripts/test.sh installs it)");
        }
        return result;
    }
}
