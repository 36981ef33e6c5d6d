package io.virttune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The reasons of file errors as the system words them, and the file named only when it is another one. */
class IoErrorsTest {
    private static final Path PLAN = Path.of("/srv/plan.json");

    @Test
    void typedExceptionsWithoutAReasonGetStrerrorsWords() {
        assertEquals(
                "cannot write /srv/plan.json: Permission denied",
                IoErrors.message("write", PLAN, new AccessDeniedException("/srv/plan.json")));
        assertEquals(
                "cannot write /srv/plan.json: No such file or directory",
                IoErrors.message("write", PLAN, new NoSuchFileException("/srv/plan.json")));
    }

    @Test
    void theTemporarySiblingOfAWriteIsNotNamedButAnotherFileIs() {
        assertEquals(
                "cannot write /srv/plan.json: Permission denied",
                IoErrors.message("write", PLAN, new AccessDeniedException("/srv/plan.json.tmp")));
        assertEquals(
                "cannot write /srv/plan.json: Permission denied",
                IoErrors.message("write", PLAN, new AccessDeniedException("/srv/.plan.json.tmp")));
        assertEquals(
                "cannot read /srv/domains: /srv/domains/x/journal.json: No such file or directory",
                IoErrors.message(
                        "read", Path.of("/srv/domains"), new NoSuchFileException("/srv/domains/x/journal.json")));
    }

    @Test
    void theSystemsOwnReasonIsKept() {
        assertEquals(
                "cannot write /srv/plan.json: No space left on device",
                IoErrors.message(
                        "write", PLAN, new FileSystemException("/srv/plan.json.tmp", null, "No space left on device")));
        assertEquals(
                "cannot read the plan /srv: Is a directory",
                IoErrors.message("read the plan", Path.of("/srv"), new IOException("Is a directory")));
    }

    @Test
    void aFailureIsExitOneAndAWronglyNamedFileExitTwo() {
        IOException e = new NoSuchFileException("/srv/plan.json");
        assertEquals(ExitCode.FAILED, IoErrors.failed("write", PLAN, e).exitCode());
        assertEquals(ExitCode.USAGE, IoErrors.usage("read the plan", PLAN, e).exitCode());
    }
}
