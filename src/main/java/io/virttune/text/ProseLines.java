package io.virttune.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Fits a line of prose to a width at its spaces, the lines after the first hanging under it;
 * a command, a diff or XML stays one line, to be copied whole, and so does a word longer than the
 * width (a path).
 */
public final class ProseLines {
  private ProseLines() {}

  /**
   * {@code prefix} and {@code text} as lines of at most {@code width} columns where the text can
   * break, continuation lines hanging two spaces under its first word; one line when {@code width}
   * is 0 (no limit) or the text is no prose.
   */
  public static List<String> fit(String prefix, String text, int width) {
    String line = prefix + text;
    if (width <= 0 || line.length() <= width || !isProse(text)) {
      return List.of(line);
    }
    int hang = prefix.length() + text.length() - text.stripLeading().length() + 2;
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int start = 0;
    while (start < line.length()) {
      int space = line.indexOf(' ', start + 1);
      String word = line.substring(start, space < 0 ? line.length() : space);
      // The first line keeps its own indentation: only breaks between words count.
      boolean breaks = current.toString().strip().length() > 0 && current.length() + word.length() > width;
      if (breaks) {
        lines.add(current.toString().stripTrailing());
        current.setLength(0);
        current.append(" ".repeat(hang)).append(word.stripLeading());
      } else {
        current.append(word);
      }
      start = space < 0 ? line.length() : space;
    }
    lines.add(current.toString().stripTrailing());
    return lines;
  }

  /** Prose starts with a word: a command ({@code $}), a diff ({@code + - @}) or XML ({@code <}) does not. */
  private static boolean isProse(String text) {
    String start = text.strip();
    return !start.isEmpty() && (Character.isLetterOrDigit(start.codePointAt(0)) || "'\"(".indexOf(start.charAt(0)) >= 0);
  }
}
