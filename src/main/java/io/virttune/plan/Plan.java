package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * A whole migration plan: the host it was made for, the policy, host-level steps (a new thin pool),
 * each domain's plan, and what planning had to assume.
 *
 * @param hostUuid libvirt's {@code <host><uuid>}, null when libvirt reports none
 * @param offline the plan was made from XML files, so the host it binds to is the one it is applied
 *     on
 * @param libvirtVersion the host's libvirt version at planning time, null when not read
 * @param hypervisorVersion the host's hypervisor version at planning time, null when not read
 * @param kernelRelease the host's kernel release at planning time, null when not read
 * @param hostCpus the host's CPUs at planning time, null when not read
 * @param schedule the predicted downtimes and their windows ({@code plan --copy-rate}, {@code
 *     --window}); null when not asked for
 */
public record Plan(
        String schema,
        int version,
        String createdAt,
        String uri,
        String hostname,
        String hostUuid,
        boolean offline,
        String libvirtVersion,
        String hypervisorVersion,
        String kernelRelease,
        Integer hostCpus,
        PlanTarget target,
        String cacheMode,
        double reserveFraction,
        List<Step> hostSteps,
        List<DomainPlan> domains,
        List<String> assumptions,
        List<String> warnings,
        @JsonInclude(JsonInclude.Include.NON_NULL) Schedule schedule) {

    public static final String SCHEMA = "virt-tune/plan";
    public static final int VERSION = 1;

    public Plan {
        hostSteps = List.copyOf(hostSteps);
        domains = List.copyOf(domains);
        assumptions = List.copyOf(assumptions);
        warnings = List.copyOf(warnings);
    }

    /** {@code hostCpus} as the planner takes it: empty when not read. */
    @JsonIgnore
    public OptionalInt hostCpuCount() {
        return hostCpus == null ? OptionalInt.empty() : OptionalInt.of(hostCpus);
    }

    /** This plan as made for another host: for a plan moved, or edited, between hosts. */
    public Plan withHost(String newUri, String newHostname, String newHostUuid, boolean newOffline) {
        return copyWith(draft -> {
            draft.uri = newUri;
            draft.hostname = newHostname;
            draft.hostUuid = newHostUuid;
            draft.offline = newOffline;
        });
    }

    /** This plan with other domain plans, the rest as it is. */
    public Plan withDomains(List<DomainPlan> newDomains) {
        return copyWith(draft -> draft.domains = newDomains);
    }

    /** This plan with its guests' predicted downtimes and windows. */
    public Plan withSchedule(Schedule newSchedule) {
        return copyWith(draft -> draft.schedule = newSchedule);
    }

    /** This plan with another cache mode and the warnings that go with it. */
    public Plan withCacheMode(String newCacheMode, List<String> newWarnings) {
        return copyWith(draft -> {
            draft.cacheMode = newCacheMode;
            draft.warnings = newWarnings;
        });
    }

    private Plan copyWith(Consumer<Draft> edit) {
        Draft draft = new Draft();
        edit.accept(draft);
        return draft.plan();
    }

    /** The one copy of every field, so that a field added to the plan is copied by each {@code with} method. */
    private final class Draft {
        private String schema = Plan.this.schema;
        private int version = Plan.this.version;
        private String createdAt = Plan.this.createdAt;
        private String uri = Plan.this.uri;
        private String hostname = Plan.this.hostname;
        private String hostUuid = Plan.this.hostUuid;
        private boolean offline = Plan.this.offline;
        private String libvirtVersion = Plan.this.libvirtVersion;
        private String hypervisorVersion = Plan.this.hypervisorVersion;
        private String kernelRelease = Plan.this.kernelRelease;
        private Integer hostCpus = Plan.this.hostCpus;
        private PlanTarget target = Plan.this.target;
        private String cacheMode = Plan.this.cacheMode;
        private double reserveFraction = Plan.this.reserveFraction;
        private List<Step> hostSteps = Plan.this.hostSteps;
        private List<DomainPlan> domains = Plan.this.domains;
        private List<String> assumptions = Plan.this.assumptions;
        private List<String> warnings = Plan.this.warnings;
        private Schedule schedule = Plan.this.schedule;

        private Plan plan() {
            return new Plan(
                    schema,
                    version,
                    createdAt,
                    uri,
                    hostname,
                    hostUuid,
                    offline,
                    libvirtVersion,
                    hypervisorVersion,
                    kernelRelease,
                    hostCpus,
                    target,
                    cacheMode,
                    reserveFraction,
                    hostSteps,
                    domains,
                    assumptions,
                    warnings,
                    schedule);
        }
    }

    /**
     * True when a domain was not planned because libvirt itself refuses its definition (a safety
     * rule's refusal: {@code plan} exits 3).
     */
    @JsonIgnore
    public boolean refusesDefinitions() {
        return domains.stream()
                .filter(domain -> domain.outcome() == DomainOutcome.STOPPED)
                .flatMap(domain -> domain.reasons().stream())
                .anyMatch(LibvirtDefinitionRules::isViolation);
    }

    /** True when applying the plan would change nothing anywhere. */
    @JsonIgnore
    public boolean isEmpty() {
        return hostSteps.isEmpty() && domains.stream().allMatch(DomainPlan::isEmpty);
    }
}
