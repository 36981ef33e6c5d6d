package io.virttune;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Says why a file operation failed, as the system would ("Permission denied"), where Java's
 * exceptions often carry only a path: the message of a NoSuchFileException is the missing file.
 */
public final class IoErrors {
    private IoErrors() {}

    /** {@code "cannot <what> <subject>: <reason>"}, naming the file that failed when it is another one. */
    public static VirtTuneException failed(String what, Path subject, IOException e) {
        return VirtTuneException.failed(message(what, subject, e), e);
    }

    /** As {@link #failed}, for a file the operator named wrongly on the command line (exit 2). */
    public static VirtTuneException usage(String what, Path subject, IOException e) {
        return new VirtTuneException(ExitCode.USAGE, message(what, subject, e), e);
    }

    public static String message(String what, Path subject, IOException e) {
        return "cannot " + what + " " + subject + ": " + reason(subject, e);
    }

    /**
     * The reason, prefixed with the file it concerns when that is not {@code subject} itself nor
     * a sibling named after it (the temporary file a write goes through).
     */
    public static String reason(Path subject, IOException e) {
        if (!(e instanceof FileSystemException failure)) {
            return reason(e);
        }
        String file = failure.getFile() == null || concerns(subject, Path.of(failure.getFile()))
                ? ""
                : failure.getFile() + ": ";
        String other = failure.getOtherFile() == null || concerns(subject, Path.of(failure.getOtherFile()))
                ? ""
                : " (" + failure.getOtherFile() + ")";
        return file + words(failure) + other;
    }

    /** The reason alone, in the words of strerror(3). */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException failure) {
            return words(failure);
        }
        return Objects.requireNonNullElse(e.getMessage(), e.getClass().getSimpleName());
    }

    private static String words(FileSystemException e) {
        return e.getReason() != null ? e.getReason() : byType(e);
    }

    private static String byType(FileSystemException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "Directory not empty";
        }
        if (e instanceof NotDirectoryException) {
            return "Not a directory";
        }
        return "I/O error";
    }

    private static boolean concerns(Path subject, Path file) {
        if (subject == null || file.equals(subject)) {
            return true;
        }
        Path name = file.getFileName();
        return name != null
                && subject.getFileName() != null
                && Objects.equals(file.getParent(), subject.getParent())
                && name.toString()
                        .replaceFirst("^\\.", "")
                        .startsWith(subject.getFileName().toString());
    }
}
