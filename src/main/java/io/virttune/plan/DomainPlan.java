package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The plan for one domain: its outcome and why, each disk's fate, the steps to run in order, and
 * the definition before and after.
 *
 * @param fingerprint the SHA-256 of the definition read at planning time: apply refuses to act if
 *     the domain has changed since
 * @param virtioDriver for a Windows guest that waits or waited for its VirtIO storage driver, the
 *     evidence that it is bound and its source, or why there is none
 */
public record DomainPlan(
        String name,
        String uuid,
        String state,
        DomainOutcome outcome,
        List<String> reasons,
        String fingerprint,
        List<DiskPlan> disks,
        List<Step> steps,
        List<String> warnings,
        String originalXml,
        String newXml,
        String diff,
        @JsonInclude(JsonInclude.Include.NON_NULL) String virtioDriver) {

    public DomainPlan {
        reasons = List.copyOf(reasons);
        disks = List.copyOf(disks);
        steps = List.copyOf(steps);
        warnings = List.copyOf(warnings);
    }

    /** A plan with nothing to say of a VirtIO storage driver. */
    public DomainPlan(
            String name,
            String uuid,
            String state,
            DomainOutcome outcome,
            List<String> reasons,
            String fingerprint,
            List<DiskPlan> disks,
            List<Step> steps,
            List<String> warnings,
            String originalXml,
            String newXml,
            String diff) {
        this(name, uuid, state, outcome, reasons, fingerprint, disks, steps, warnings, originalXml, newXml, diff, null);
    }

    public DomainPlan withDisks(List<DiskPlan> newDisks) {
        return new DomainPlan(
                name,
                uuid,
                state,
                outcome,
                reasons,
                fingerprint,
                newDisks,
                steps,
                warnings,
                originalXml,
                newXml,
                diff,
                virtioDriver);
    }

    public DomainPlan withSteps(List<Step> newSteps) {
        return new DomainPlan(
                name,
                uuid,
                state,
                outcome,
                reasons,
                fingerprint,
                disks,
                newSteps,
                warnings,
                originalXml,
                newXml,
                diff,
                virtioDriver);
    }

    public DomainPlan withNewXml(String edited) {
        return new DomainPlan(
                name,
                uuid,
                state,
                outcome,
                reasons,
                fingerprint,
                disks,
                steps,
                warnings,
                originalXml,
                edited,
                diff,
                virtioDriver);
    }

    /** True when applying this domain's plan would change nothing. */
    @JsonIgnore
    public boolean isEmpty() {
        return steps.isEmpty();
    }
}
