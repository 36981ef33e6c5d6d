package io.virttune.report;

import java.util.regex.Pattern;

/** Quotes words for a POSIX shell, so commands shown to operators can be pasted as they are. */
public final class ShellWords {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

  private ShellWords() {}

  public static String quote(String word) {
    if (!word.isEmpty() && SAFE.matcher(word).matches() && !word.startsWith("-")) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
