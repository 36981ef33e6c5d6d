package io.virttune.qemu;

import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the progress {@code qemu-img -p} draws on stdout, which convert and compare draw alike. */
final class QemuImgProgress {
    /** qemu-img -p redraws one line: {@code "    (12.34/100%)\r"}, percent of what it reads. */
    private static final Pattern PROGRESS = Pattern.compile(" *\\((\\d+(?:\\.\\d+)?)/100%\\)\r?");

    private QemuImgProgress() {}

    /** A reader of stdout's lines that gives {@code percent} each percentage qemu-img draws. */
    static Consumer<String> percents(DoubleConsumer percent) {
        return line -> {
            Matcher matcher = PROGRESS.matcher(line);
            if (matcher.find()) {
                percent.accept(Double.parseDouble(matcher.group(1)));
            }
        };
    }

    /** What stdout says besides its progress: a compare's verdict and warnings. */
    static String withoutProgress(String stdout) {
        return PROGRESS.matcher(stdout).replaceAll("").strip();
    }
}
