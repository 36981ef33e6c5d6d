package io.virttune.report;

/** Escapes text for HTML and SVG content and attribute values. */
public final class Html {
    private Html() {}

    public static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
