package io.virttune.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fio job file bench runs, bundled as {@code templates/fio/crystaldiskmark.fio}, and its sections. */
public final class FioJobFile {
  static final String RESOURCE = "/templates/fio/crystaldiskmark.fio";
  private static final Pattern SECTION = Pattern.compile("(?m)^\\[([^\\]]+)]\\s*$");

  private final String text;

  FioJobFile(String text) {
    this.text = text;
  }

  public static FioJobFile bundled() {
    try (InputStream in = FioJobFile.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the virt-tune jar");
      }
      return new FioJobFile(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String text() {
    return text;
  }

  /** The job sections in file order, without {@code [global]}. */
  public List<String> sections() {
    Matcher matcher = SECTION.matcher(text);
    return matcher.results().map(m -> m.group(1)).filter(name -> !name.equals("global")).toList();
  }
}
