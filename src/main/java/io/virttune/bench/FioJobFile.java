package io.virttune.bench;

import io.virttune.BundledTemplates;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fio job file bench runs, bundled as {@code templates/fio/crystaldiskmark.fio}, and its sections. */
public final class FioJobFile {
    private static final Pattern SECTION = Pattern.compile("(?m)^\\[([^\\]]+)]\\s*$");

    private final String text;

    FioJobFile(String text) {
        this.text = text;
    }

    public static FioJobFile bundled() {
        return new FioJobFile(BundledTemplates.text("fio/crystaldiskmark.fio"));
    }

    public String text() {
        return text;
    }

    /** The job sections in file order, without {@code [global]}. */
    public List<String> sections() {
        Matcher matcher = SECTION.matcher(text);
        return matcher.results()
                .map(m -> m.group(1))
                .filter(name -> !name.equals("global"))
                .toList();
    }
}
