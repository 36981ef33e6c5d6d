package io.virttune.cli;

import java.util.List;

/**
 * Guest names in picocli's bash completion, as virsh completes them.
 */
final class DomainCompletion {
    /** The commands whose positional words are domain names (SelectionOptions). */
    static final List<String> COMMANDS = List.of("inspect", "plan", "bench", "rollback", "cleanup");

    private static final String FUNCTION = """

      # The domains on the URI the line names (else $LIBVIRT_DEFAULT_URI, else qemu:///system), one
      # a line, read-only; nothing after two seconds (an unreachable host, a password prompt).
      function _virt_tune_domains() {
        local uri=${LIBVIRT_DEFAULT_URI:-qemu:///system} i
        for ((i = 1; i < COMP_CWORD; i++)); do
          case ${COMP_WORDS[i]} in
            -c|--connect) uri=${COMP_WORDS[i+1]} ;;
            --connect=*) uri=${COMP_WORDS[i]#--connect=} ;;
          esac
        done
        timeout 2 virsh -r -q -c "$uri" list --all --name </dev/null 2>/dev/null
      }
      """;

    private DomainCompletion() {}

    /** {@code script} with each of {@link #COMMANDS}' positional words completed from virsh. */
    static String into(String script) {
        StringBuilder result = new StringBuilder(script);
        for (String command : COMMANDS) {
            String header = "function _picocli_virt-tune_" + command + "() {";
            int start = result.indexOf(header);
            int end = result.indexOf("\nfunction ", start + header.length());
            String empty = "local positionals=\"\"";
            int at = start < 0 ? -1 : result.indexOf(empty, start);
            if (at < 0 || (end >= 0 && at > end)) {
                throw new IllegalStateException("picocli's completion of '" + command + "' has no '" + empty
                        + "' to fill: " + "its template changed; see DomainCompletion");
            }
            result.replace(at, at + empty.length(), "local positionals=$(_virt_tune_domains)");
        }
        return result.append(FUNCTION).toString();
    }
}
