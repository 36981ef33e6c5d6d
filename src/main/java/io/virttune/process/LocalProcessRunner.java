package io.virttune.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** Runs commands on this machine, with the C locale so tools print parseable, untranslated text. */
public final class LocalProcessRunner implements ProcessRunner {

  @Override
  public ProcessResult run(List<String> argv, Consumer<String> stdoutLines) {
    ProcessBuilder builder = new ProcessBuilder(argv);
    builder.environment().put("LC_ALL", "C");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      return new ProcessResult(argv, ProcessResult.NOT_FOUND, "", e.getMessage());
    }
    try {
      process.getOutputStream().close();
      CompletableFuture<String> stderr =
          CompletableFuture.supplyAsync(() -> drain(process.getErrorStream()));
      String stdout = readLines(process.getInputStream(), stdoutLines);
      int exitCode = process.waitFor();
      return new ProcessResult(argv, exitCode, stdout, stderr.join());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + argv.get(0), e);
    }
  }

  private static String readLines(InputStream stream, Consumer<String> lines) throws IOException {
    StringBuilder all = new StringBuilder();
    StringBuilder line = new StringBuilder();
    try (Reader reader = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
      int c;
      while ((c = reader.read()) != -1) {
        all.append((char) c);
        if (c == '\n' || c == '\r') {
          if (line.length() > 0) {
            lines.accept(line.toString());
            line.setLength(0);
          }
        } else {
          line.append((char) c);
        }
      }
    }
    if (line.length() > 0) {
      lines.accept(line.toString());
    }
    return all.toString();
  }

  private static String drain(InputStream stream) {
    try (stream) {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      stream.transferTo(buffer);
      return buffer.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
