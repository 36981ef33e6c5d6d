package io.virttune.inspect;

import java.util.Optional;

/**
 * One thing inspect found: a stable rule id (for scripts and suppression), a severity, where
 * (host, domain, disk), what was seen, and what to do about it.
 */
public record Finding(
        String ruleId,
        Severity severity,
        Optional<String> domain,
        Optional<String> disk,
        String summary,
        String evidence,
        String fix) {

    public static Finding host(String ruleId, Severity severity, String summary, String evidence, String fix) {
        return new Finding(ruleId, severity, Optional.empty(), Optional.empty(), summary, evidence, fix);
    }

    public static Finding domain(
            String ruleId, Severity severity, String domain, String summary, String evidence, String fix) {
        return new Finding(ruleId, severity, Optional.of(domain), Optional.empty(), summary, evidence, fix);
    }

    public static Finding disk(
            String ruleId, Severity severity, String domain, String disk, String summary, String evidence, String fix) {
        return new Finding(ruleId, severity, Optional.of(domain), Optional.of(disk), summary, evidence, fix);
    }
}
