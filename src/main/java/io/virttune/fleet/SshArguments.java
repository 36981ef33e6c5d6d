package io.virttune.fleet;

import io.virttune.text.ShellWords;
import java.util.List;
import java.util.Optional;

/**
 * A host's {@code ansible_ssh_common_args} or {@code ansible_ssh_extra_args} as the words Ansible
 * gives ssh (split as {@code shlex.split} splits, each word stripped, empty ones dropped), checked
 * to be ssh options and their values only: a stray word would become ssh's destination, and the
 * host's name the command it runs there.
 */
final class SshArguments {
    /** OpenSSH's own option letters (ssh.c, 8.x to 9.x); a letter before ':' takes a value. */
    private static final String OPTIONS = "1246ab:c:e:fgi:kl:m:no:p:qstvxAB:CD:E:F:GI:J:KL:MNO:P:Q:R:S:TVw:W:XYy";

    private SshArguments() {}

    /** The words of {@code value}; call {@link #problem} first. */
    static List<String> words(String value) {
        return ShellWords.splitWithoutComments(value).stream()
                .map(String::strip)
                .filter(word -> !word.isEmpty())
                .toList();
    }

    /** Why {@code value} of variable {@code name} cannot be given to ssh, if it cannot. */
    static Optional<String> problem(String name, String value) {
        List<String> words;
        try {
            words = words(value);
        } catch (IllegalArgumentException e) {
            return Optional.of(name + " cannot be split into words as Ansible splits it: " + e.getMessage());
        }
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!word.startsWith("-") || word.equals("-") || word.equals("--")) {
                return Optional.of(name + ": '" + word + "' is not an ssh option, and ssh would read it as the host"
                        + " to connect to; give options only (-o Name=value, -J jump host, -i key)");
            }
            for (int letter = 1; letter < word.length(); letter++) {
                int at = OPTIONS.indexOf(word.charAt(letter));
                if (at < 0 || word.charAt(letter) == ':') {
                    return Optional.of(name + ": '" + word + "' is not an option ssh knows");
                }
                if (at + 1 < OPTIONS.length() && OPTIONS.charAt(at + 1) == ':') {
                    // Its value is the rest of the word, else the next word.
                    if (letter + 1 == word.length() && ++i == words.size()) {
                        return Optional.of(name + ": '" + word + "' needs a value after it");
                    }
                    break;
                }
            }
        }
        return Optional.empty();
    }
}
