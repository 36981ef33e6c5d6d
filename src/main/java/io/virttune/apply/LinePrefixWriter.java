package io.virttune.apply;

import io.virttune.text.ProseLines;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * A writer that prefixes each complete line with the domain it belongs to and hands it to a
 * shared output in one piece, so that domains applied in parallel do not garble each other; prose
 * is fitted to the output's width (0: no limit).
 */
final class LinePrefixWriter extends Writer {
    private final PrintWriter shared;
    private final String prefix;
    private final int width;
    private final StringBuilder line = new StringBuilder();

    LinePrefixWriter(PrintWriter shared, String prefix, int width) {
        this.shared = shared;
        this.prefix = prefix;
        this.width = width;
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            char c = buffer[i];
            if (c == '\n' || c == '\r') {
                emit();
            } else {
                line.append(c);
            }
        }
    }

    private void emit() {
        if (line.length() > 0) {
            synchronized (shared) {
                ProseLines.fit(prefix, line.toString(), width).forEach(shared::println);
                shared.flush();
            }
            line.setLength(0);
        }
    }

    @Override
    public void flush() {
        shared.flush();
    }

    @Override
    public void close() {
        emit();
    }
}
