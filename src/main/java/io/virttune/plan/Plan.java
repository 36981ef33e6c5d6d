package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.OptionalInt;

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
        return new Plan(
                schema,
                version,
                createdAt,
                newUri,
                newHostname,
                newHostUuid,
                newOffline,
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

    /** This plan with other domain plans, the rest as it is. */
    public Plan withDomains(List<DomainPlan> newDomains) {
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
                newDomains,
                assumptions,
                warnings,
                schedule);
    }

    /** This plan with its guests' predicted downtimes and windows. */
    public Plan withSchedule(Schedule newSchedule) {
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
                newSchedule);
    }

    /** This plan with another cache mode and the warnings that go with it. */
    public Plan withCacheMode(String newCacheMode, List<String> newWarnings) {
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
                newCacheMode,
                reserveFraction,
                hostSteps,
                domains,
                assumptions,
                newWarnings,
                schedule);
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
