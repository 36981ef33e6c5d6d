package io.virttune.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Runs commands on this machine, with the C locale so tools print parseable, untranslated text. */
public final class LocalProcessRunner implements ProcessRunner {

  @Override
  public ProcessResult run(List<String> argv) {
    ProcessBuilder builder = new ProcessBuilder(argv);
    builder.environment().put("LC_ALL", "C");
    Process process;
    try {
      process = builder.redirectInput(ProcessBuilder.Redirect.PIPE).start();
    } catch (IOException e) {
      return new ProcessResult(argv, ProcessResult.NOT_FOUND, "", e.getMessage());
    }
    try {
      process.getOutputStream().close();
      CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> drain(process.getErrorStream()));
      String stdout = drain(process.getInputStream());
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
