package io.virttune.apply.custody;

/** One rule a change would break: which rule, which store, and what to do, in words for a person. */
public record CustodyRefusal(String rule, String store, String reason) {

    /** The refusal as one line: the rule first, as the docs name it. */
    public String message() {
        return "[custody: " + rule + "] " + reason;
    }
}
