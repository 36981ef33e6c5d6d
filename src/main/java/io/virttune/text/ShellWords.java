package io.virttune.text;

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

  /**
   * A word of a printed command line: quoted only where the shell would otherwise split or
   * expand it. Options keep their leading dash bare, as an operator would type them.
   */
  public static String argument(String word) {
    return !word.isEmpty() && SAFE.matcher(word).matches() ? word : quote(word);
  }

  /**
   * A word quoted as a command's last operand: after {@code --} when it starts with a dash, since
   * quoting alone does not stop the command from reading it as an option.
   */
  public static String operand(String word) {
    return (word.startsWith("-") ? "-- " : "") + quote(word);
  }
}
