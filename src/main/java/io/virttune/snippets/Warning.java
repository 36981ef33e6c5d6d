package io.virttune.snippets;

/** A host setting that fights the recipe: what it is, what was seen, what to do. */
record Warning(String title, String seen, String fix) {

    String markdown() {
        return "## " + title + "\n\n- seen: " + seen + "\n- fix: " + fix;
    }
}
