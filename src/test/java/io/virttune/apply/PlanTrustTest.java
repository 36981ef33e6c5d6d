package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.guards.PlanTrust;
import io.virttune.apply.ports.DomainResult;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.Step;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plan file is a trust boundary: apply refuses a plan edited after planning, or made elsewhere. */
class PlanTrustTest {
    private static final String URI = "qemu:///system";
    private static final String HOST_UUID = "4c4c4544-0042-3510-8052-b4c04f4e3232";
    private static final String SITE2_UUID = "8f3b2c1e-0000-4000-8000-000000000002";
    private static final String SITE2_IMAGE = "/images/site2.qcow2";

    @TempDir
    Path temp;

    private ApplyHarness host;
    private Plan plan;
    private final StringWriter output = new StringWriter();

    @BeforeEach
    void planSite1() {
        host = ApplyHarness.withSite1(temp);
        plan = host.plan("site1");
        plan = withHost(plan, URI, "hv-test", HOST_UUID, false);
    }

    @Test
    void theOriginalPlanIsAccepted() {
        check(plan, hostHere());
        assertEquals("", output.toString());
    }

    @Test
    void anEditedCacheModeInTheNewDefinitionIsRefused() {
        String message = refused(withNewXml(plan, xml -> xml.replace("cache=\"none\"", "cache=\"unsafe\"")));
        assertTrue(message.contains("domain 'site1': newXml differs"), message);
        assertTrue(message.contains("/domain/devices/disk/driver/@cache: 'none' vs 'unsafe'"), message);
    }

    @Test
    void anEditedHostnameIsRefused() {
        String message = refused(withHost(plan, URI, "hv-other", HOST_UUID, false));
        assertTrue(message.contains("the plan was made for hostname 'hv-other', this host has 'hv-test'"), message);
    }

    @Test
    void aUriNamingAnotherDaemonIsRefused() {
        String message = refused(withHost(plan, "qemu:///session", "hv-test", HOST_UUID, false));
        assertTrue(
                message.contains("libvirt daemon (driver and path of the URI) 'qemu:///session', this host has"
                        + " 'qemu:///system'"),
                message);
    }

    @Test
    void aPlanMadeOverSshIsAppliedOnItsHostThroughTheLocalUriOfTheSameDaemon() {
        check(withHost(plan, "qemu+ssh://root@hv-test:22/system?no_tty=1", "hv-test", HOST_UUID, false), hostHere());

        assertTrue(
                output.toString()
                        .contains("Planned through qemu+ssh://root@hv-test:22/system?no_tty=1, applied through"
                                + " qemu:///system: the same libvirt daemon (qemu:///system) on hv-test"),
                output.toString());
    }

    @Test
    void aPlanMadeForAnotherLibvirtOrOneKeepingIoUringWhereThisHostCannotIsRefused() {
        String libvirt = refused(PlanJson.read(
                PlanJson.write(plan)
                        .replace("\"libvirtVersion\" : \"" + plan.libvirtVersion(), "\"libvirtVersion\" : \"11.3.0"),
                "edited plan"));
        // A kernel booted back to one before 5.13 under a plan that kept io_uring.
        PlanTrust onLinux510 = new PlanTrust(
                hostHere(),
                new PrintWriter(output, true),
                false,
                question -> Optional.empty(),
                () -> true,
                path -> Optional.empty(),
                uuid -> Optional.empty(),
                () -> Optional.of("5.10.0-30-amd64"));
        Plan keeping = withNewXml(plan, xml -> xml.replace("io=\"native\"", "io=\"io_uring\""));
        String ioUring = assertThrows(VirtTuneException.class, () -> onLinux510.check(keeping, List.of("site1")))
                .getMessage();

        assertTrue(
                libvirt.contains("the plan was made for libvirt version '11.3.0', this host has '"
                        + plan.libvirtVersion() + "'"),
                libvirt);
        assertTrue(
                ioUring.contains("the plan keeps io='io_uring' on disks of site1, which this host does not run safely:"
                        + " Linux 5.10 < 5.13"),
                ioUring);
    }

    @Test
    void anEditedHostUuidIsRefused() {
        String message = refused(withHost(plan, URI, "hv-test", "00000000-0000-0000-0000-000000000000", false));
        assertTrue(
                message.contains("host UUID (libvirt capabilities <host><uuid>) '00000000-0000-0000-0000-000000000000',"
                        + " this host has '" + HOST_UUID + "'"),
                message);
    }

    @Test
    void aHostUuidLibvirtMakesUpAtEachStartIsNotHeldAgainstThePlan() {
        Plan elsewhere = withHost(plan, URI, "hv-test", "00000000-0000-0000-0000-000000000000", false);

        new PlanTrust(hostHere(), new PrintWriter(output, true), false, question -> Optional.empty(), () -> false)
                .check(elsewhere, List.of("site1"));

        assertTrue(
                output.toString().contains("host UUID not compared: this host has no SMBIOS system UUID"),
                output.toString());
    }

    @Test
    void theHostsLvsAreReadOnceForEveryDiskLookedUp() {
        Lvm lvm = mock(Lvm.class);
        when(lvm.report()).thenReturn(new LvmReport(List.of(), List.of(), List.of()));
        var volumes = PlanTrust.volumesOf(lvm);

        volumes.apply("/dev/vg/a");
        volumes.apply("/dev/vg/b");

        verify(lvm, times(1)).report();
    }

    @Test
    void anElementAddedToTheNewDefinitionIsRefused() {
        String message = refused(withNewXml(
                plan,
                xml -> xml.replace(
                        "</devices>",
                        "<filesystem type='mount'><source dir='/'/><target dir='host'/></filesystem></devices>")));
        assertTrue(message.contains("/domain/devices: children [disk] vs [disk, filesystem]"), message);
    }

    @Test
    void aChangedMemorySizeIsRefused() {
        String message = refused(withNewXml(
                plan, xml -> xml.replaceFirst("<memory unit=\"GiB\">1</memory>", "<memory unit=\"GiB\">64</memory>")));
        assertTrue(message.contains("/domain/memory/text(): '1' vs '64'"), message);
    }

    @Test
    void aStepRetargetedAtAnotherLvIsRefused() {
        Plan edited = withNewXml(plan, xml -> xml.replace("/dev/vg/site1-vda", "/dev/vg/customer2-data"));
        String message = refused(edited);
        assertTrue(
                message.contains("newXml differs")
                        && message.contains("'/dev/vg/site1-vda' vs '/dev/vg/customer2-data'"),
                message);
    }

    @Test
    void twoEditedStepsAreEachNamedWithTheFieldAndBothValues() {
        Plan edited = PlanJson.read(
                PlanJson.write(plan).replaceAll("(\"sourceFormat\"\\s*:\\s*)\"qcow2\"", "$1\"raw\""), "edited plan");
        String message = refused(edited);

        assertTrue(
                message.contains(
                        "domain 'site1': step 3 (convert-image) is not what its policy plans: sourceFormat 'raw' vs"
                                + " 'qcow2' (plan's vs policy's)"),
                message);
        assertTrue(
                message.contains(
                        "domain 'site1': step 4 (verify-copy) is not what its policy plans: sourceFormat 'raw' vs"
                                + " 'qcow2' (plan's vs policy's)"),
                message);
    }

    @Test
    void anLvEditedSmallerThanItsImageOrNegativeIsRefusedBeforeAnythingIsMade() {
        for (String size : List.of("1073741824", "-1")) {
            Plan edited = PlanJson.read(
                    PlanJson.write(plan)
                            .replaceFirst("(\"kind\" : \"create-volume\",[^}]*\"sizeBytes\" : )\\d+", "$1" + size),
                    "edited plan");
            check(edited, hostHere());

            DomainResult site1 = host.apply(edited, true, false).get(0);

            assertEquals(DomainResult.Result.REFUSED, site1.result(), site1.detail());
            assertTrue(
                    site1.detail()
                            .contains(
                                    size.equals("-1")
                                            ? "LV vg/site1-vda is planned at -1 bytes, which is no size: the plan file was edited; plan again"
                                            : "LV vg/site1-vda is planned at 1 GiB, smaller than the 8 GiB image /images/site1.qcow2 it takes"
                                                    + " (8 GiB in whole extents): the plan file was edited; plan again"),
                    site1.detail());
            assertTrue(
                    host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")),
                    host.commandLines().toString());
        }
    }

    @Test
    void aDomainChangedSincePlanningIsLeftToPreflightWhichRefusesItAloneNamingWhatChanged() {
        host.libvirt.add(
                ApplyHarness.domainXml("site2", SITE2_UUID, ApplyHarness.qcow2Disk(SITE2_IMAGE, "vda")),
                ApplyHarness.shutOff());
        host.image(SITE2_IMAGE, 8 * ApplyHarness.GIB, 2 * ApplyHarness.GIB);
        Plan both = withHost(host.plan("site1", "site2"), URI, "hv-test", HOST_UUID, false);
        host.libvirt.define(host.libvirt.inactiveXml("site1").replace("<vcpu>1</vcpu>", "<vcpu>2</vcpu>"));
        host.libvirt.defines().clear();

        new PlanTrust(
                        new IdentifiedHost(
                                URI, "hv-test", Optional.of(HOST_UUID), host.libvirt, List.of("site1", "site2")),
                        new PrintWriter(output, true),
                        false,
                        question -> Optional.empty())
                .check(both, List.of("site1", "site2"));
        host.replyCreated(ApplyHarness.ours("site2-vda", 8 * ApplyHarness.GIB, SITE2_UUID, "Lv-B"))
                .replyOk()
                .replyLinearCopy(SITE2_IMAGE, 8 * ApplyHarness.GIB);
        List<DomainResult> results = host.apply(both, true, false);

        DomainResult site1 = results.get(0);
        assertEquals(DomainResult.Result.REFUSED, site1.result(), site1.detail());
        assertTrue(
                site1.detail().startsWith("the definition of 'site1' changed since it was planned:"), site1.detail());
        assertTrue(
                site1.detail().contains("/domain/vcpu/text(): '2' vs '1' (now vs the plan's originalXml); plan again"),
                site1.detail());
        assertEquals(
                DomainResult.Result.DONE,
                results.get(1).result(),
                results.get(1).detail() + host.output);
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("site1-vda")),
                host.commandLines().toString());
        assertEquals(1, host.libvirt.defines().size(), host.libvirt.defines().toString());
        assertTrue(
                host.libvirt.defines().get(0).contains("site2"),
                host.libvirt.defines().toString());
    }

    @Test
    void anOriginalXmlItsFingerprintIsNotOfRefusesTheWholePlanWhateverTheDomainHasNow() {
        host.libvirt.define(host.libvirt.inactiveXml("site1").replace("<vcpu>1</vcpu>", "<vcpu>2</vcpu>"));
        DomainPlan site1 = plan.domains().get(0);
        String original = site1.originalXml().replace("<vcpu>1</vcpu>", "<vcpu>4</vcpu>");
        assertTrue(!original.equals(site1.originalXml()), original);

        String message = refused(LivePlanTrustTest.withDomain(
                plan,
                new DomainPlan(
                        site1.name(),
                        site1.uuid(),
                        site1.state(),
                        site1.outcome(),
                        site1.reasons(),
                        site1.fingerprint(),
                        site1.disks(),
                        site1.steps(),
                        site1.warnings(),
                        original,
                        site1.newXml(),
                        site1.diff(),
                        null)));

        assertTrue(
                message.contains("domain 'site1': its originalXml is not the definition its fingerprint was taken of"),
                message);
    }

    @Test
    void aDefineExpectingAnotherDefinitionRefusesTheWholePlanWhateverTheDomainHasNow() {
        host.libvirt.define(host.libvirt.inactiveXml("site1").replace("<vcpu>1</vcpu>", "<vcpu>2</vcpu>"));
        DomainPlan site1 = plan.domains().get(0);
        List<Step> steps = site1.steps().stream()
                .map(step -> step instanceof DefineDomain ? (Step) new DefineDomain("site1", "sha256:other") : step)
                .toList();

        String message = refused(LivePlanTrustTest.withDomain(plan, site1.withSteps(steps)));

        assertTrue(message.contains("domain 'site1': step define-domain expects the definition sha256:other"), message);
    }

    @Test
    void aCacheModeNoPolicyPlansIsRefusedOnWhatTheNewDefinitionWouldSet() {
        String message = refused(withNewXml(plan, xml -> xml.replace("cache=\"none\"", "cache=\"unsafe\"")));

        assertTrue(
                message.contains("domain 'site1': disk vda would be defined with cache 'unsafe'; virt-tune plans"
                        + " none, or writeback with --accept-writeback-risk"),
                message);
    }

    @Test
    void aMemoryBackingOtherThanTheOneThePlannerAddsIsRefused() {
        String pages = refused(withNewXml(
                plan,
                xml -> xml.replaceFirst(
                        "<vcpu>",
                        "<memoryBacking><hugepages>"
                                + "<page size=\"1\" unit=\"G\"/></hugepages></memoryBacking><vcpu>")));
        String locked = refused(
                withNewXml(plan, xml -> xml.replaceFirst("<vcpu>", "<memoryBacking><locked/></memoryBacking><vcpu>")));

        assertTrue(pages.contains("/domain/memoryBacking/hugepages: children [] vs [page]"), pages);
        assertTrue(locked.contains("/domain: children"), locked);
    }

    @Test
    void aPlanAppliedEarlierIsTrustedAgainAndFoundDone() {
        Plan applied = host.plan("site1");
        host.replySite1Migration();
        assertEquals(
                DomainResult.Result.DONE,
                host.apply(applied, true, false).get(0).result(),
                host.output.toString());

        host.trust(applied, "site1");

        assertEquals(
                DomainResult.Result.ALREADY_DONE,
                host.apply(applied, true, false).get(0).result());
    }

    @Test
    void anUnknownCacheModeInThePolicyIsRefused() {
        String message = refused(plan.withCacheMode("unsafe", List.of()));
        assertTrue(message.contains("cacheMode 'unsafe'"), message);
    }

    @Test
    void writebackWithoutTheRecordedAcknowledgementIsRefused() {
        String message = refused(plan.withCacheMode("writeback", List.of()));
        assertTrue(message.contains("cacheMode 'writeback' without the risk acknowledgement"), message);
    }

    @Test
    void writebackIsAskedAgainAtApply() {
        // No domain selected: site1 was planned with cache=none, which the writeback policy would not give.
        Plan writeback = plan.withCacheMode("writeback", List.of(MigrationPlanner.WRITEBACK_ACCEPTED));
        List<String> asked = new ArrayList<>();
        PlanTrust declined = new PlanTrust(hostHere(), new PrintWriter(output, true), true, question -> {
            asked.add(question);
            return Optional.of("n");
        });
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> declined.check(writeback, List.of()));
        assertEquals("writeback's risk not accepted: nothing was changed", e.getMessage());
        assertTrue(asked.get(0).contains("cache=writeback"), asked.toString());
        new PlanTrust(hostHere(), new PrintWriter(output, true), true, question -> Optional.of("yes"))
                .check(writeback, List.of());
    }

    @Test
    void anOfflinePlansHostIsBoundAtApplyAndSaidSo() {
        Plan offline = withHost(plan, "file:/etc/libvirt/qemu", "(offline)", null, true);
        check(offline, hostHere());
        assertTrue(
                output.toString()
                        .contains("Host: unknown (the plan was made offline from XML files), bound at"
                                + " apply to hv-test (qemu:///system, host UUID " + HOST_UUID + ")"),
                output.toString());
    }

    @Test
    void aPlanClaimingOfflineWhileNamingAHostIsRefused() {
        String message = refused(withHost(plan, URI, "hv-other", HOST_UUID, true));
        assertTrue(message.contains("the plan says it was made offline, but names a host"), message);
    }

    private IdentifiedHost hostHere() {
        return new IdentifiedHost(URI, "hv-test", Optional.of(HOST_UUID), host.libvirt, List.of("site1"));
    }

    private void check(Plan checked, IdentifiedHost where) {
        new PlanTrust(where, new PrintWriter(output, true), false, question -> Optional.empty())
                .check(checked, List.of("site1"));
    }

    private String refused(Plan checked) {
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> check(checked, hostHere()));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        return e.getMessage();
    }

    static Plan withHost(Plan p, String uri, String hostname, String uuid, boolean offline) {
        return p.withHost(uri, hostname, uuid, offline);
    }

    private static Plan withNewXml(Plan p, UnaryOperator<String> edit) {
        List<DomainPlan> domains = p.domains().stream()
                .map(d -> d.withNewXml(edit.apply(d.newXml())))
                .toList();
        String edited = domains.get(0).newXml();
        assertTrue(!edited.equals(p.domains().get(0).newXml()), "the edit must change the plan: " + edited);
        return p.withDomains(domains);
    }
}
