package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.function.Consumer;

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

    public DomainPlan withDisks(List<DiskPlan> newDisks) {
        return copyWith(draft -> draft.disks = newDisks);
    }

    public DomainPlan withSteps(List<Step> newSteps) {
        return copyWith(draft -> draft.steps = newSteps);
    }

    public DomainPlan withNewXml(String edited) {
        return copyWith(draft -> draft.newXml = edited);
    }

    private DomainPlan copyWith(Consumer<Draft> edit) {
        Draft draft = new Draft();
        edit.accept(draft);
        return draft.plan();
    }

    /** The one copy of every field, so that a field added to a domain's plan is copied by each {@code with} method. */
    private final class Draft {
        private String name = DomainPlan.this.name;
        private String uuid = DomainPlan.this.uuid;
        private String state = DomainPlan.this.state;
        private DomainOutcome outcome = DomainPlan.this.outcome;
        private List<String> reasons = DomainPlan.this.reasons;
        private String fingerprint = DomainPlan.this.fingerprint;
        private List<DiskPlan> disks = DomainPlan.this.disks;
        private List<Step> steps = DomainPlan.this.steps;
        private List<String> warnings = DomainPlan.this.warnings;
        private String originalXml = DomainPlan.this.originalXml;
        private String newXml = DomainPlan.this.newXml;
        private String diff = DomainPlan.this.diff;
        private String virtioDriver = DomainPlan.this.virtioDriver;

        private DomainPlan plan() {
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
                    newXml,
                    diff,
                    virtioDriver);
        }
    }

    /** True when applying this domain's plan would change nothing. */
    @JsonIgnore
    public boolean isEmpty() {
        return steps.isEmpty();
    }
}
