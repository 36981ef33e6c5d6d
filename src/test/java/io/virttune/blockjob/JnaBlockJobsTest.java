package io.virttune.blockjob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.virttune.VirtTuneException;
import io.virttune.libvirt.LibvirtCalls;
import io.virttune.libvirt.LibvirtVersions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.DomainInfo;

/** The JNA path on a real libvirt-java Domain of libvirt's test driver, which has no block jobs. */
class JnaBlockJobsTest {
    private final Connect connect = connect();
    private final Domain test = lookup(connect);

    @AfterEach
    void close() throws Exception {
        // The test driver's default domain keeps its state while any connection to it lives (a
        // Domain not yet collected holds one): the next test starts from a running one.
        if (test.getInfo().state == DomainInfo.DomainState.VIR_DOMAIN_PAUSED) {
            test.resume();
        }
        connect.close();
    }

    @Test
    void theVersionsAreTheDomainsConnectionsAsLibvirtReportsThem() throws Exception {
        JnaBlockJobs jobs = new JnaBlockJobs(test, "test");

        assertEquals(LibvirtVersions.decode(connect.getLibVersion()), jobs.libvirtVersion());
        // The test driver's own hypervisor ("TEST") and version, as inspect shows a host's.
        assertEquals(connect.getType() + " " + LibvirtVersions.decode(connect.getVersion()), jobs.hypervisorVersion());
    }

    @Test
    void libvirtsRefusalCarriesItsMessageTheDomainAndTheDisk() {
        JnaBlockJobs jobs = new JnaBlockJobs(test, "test");

        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> jobs.copy("vda", BlockCopy.destinationXml("/dev/vg/lv"), BlockCopySettings.DEFAULTS));

        assertEquals(
                "cannot start the block copy of disk 'vda' of domain 'test': this function is not supported by"
                        + " the connection driver: virDomainBlockCopy",
                e.getMessage());
    }

    @Test
    void thePauseAndItsReasonAreLibvirtsThroughVirDomainGetState() throws Exception {
        JnaBlockJobs jobs = new JnaBlockJobs(test, "test");

        assertEquals(java.util.Optional.empty(), jobs.pausedFor());
        test.suspend();
        assertEquals(java.util.Optional.of(PauseReason.USER), jobs.pausedFor());
    }

    @Test
    void pauseAndResumeActOnTheSameDomain() {
        JnaBlockJobs jobs = new JnaBlockJobs(test, "test");

        jobs.pause();
        assertEquals(java.util.Optional.of(PauseReason.USER), jobs.pausedFor());
        jobs.resume();
        assertEquals(java.util.Optional.empty(), jobs.pausedFor());
    }

    @Test
    void theDefinitionsAreReadThroughTheSameDomain() {
        JnaBlockJobs jobs = new JnaBlockJobs(test, "test");

        assertTrue(jobs.liveXml().contains("<name>test</name>"), jobs.liveXml());
        assertTrue(jobs.inactiveXml().contains("<name>test</name>"), jobs.inactiveXml());
    }

    @Test
    void theSettingsBecomeTypedParametersAndFlagsAndTheParametersAreFreed() {
        LibvirtBlockJobLibrary libvirt = mock(LibvirtBlockJobLibrary.class);
        Pointer params = new Memory(8);
        when(libvirt.virTypedParamsAddULLong(any(), any(), any(), anyString(), anyLong()))
                .thenAnswer(call -> {
                    call.<PointerByReference>getArgument(0).setValue(params);
                    IntByReference count = call.getArgument(1);
                    count.setValue(count.getValue() + 1);
                    return 0;
                });
        when(libvirt.virTypedParamsAddUInt(any(), any(), any(), anyString(), anyInt()))
                .thenAnswer(call -> {
                    IntByReference count = call.getArgument(1);
                    count.setValue(count.getValue() + 1);
                    return 0;
                });

        new JnaBlockJobs(test, "test", libvirt)
                .copy("vda", "<disk/>", new BlockCopySettings(1 << 20, 65536, 0, true, false));

        verify(libvirt).virTypedParamsAddULLong(any(), any(), any(), eq("bandwidth"), eq(1L << 20));
        verify(libvirt).virTypedParamsAddUInt(any(), any(), any(), eq("granularity"), eq(65536));
        verify(libvirt).virDomainBlockCopy(any(), eq("vda"), eq("<disk/>"), eq(params), eq(2), eq(2 | 4 | 8));
        verify(libvirt).virTypedParamsFree(params, 2);
    }

    @Test
    void aDiskWithoutAJobHasNoProgressAndAPivotAsksForIt() {
        LibvirtBlockJobLibrary libvirt = mock(LibvirtBlockJobLibrary.class);
        JnaBlockJobs jobs = new JnaBlockJobs(test, "test", libvirt);

        assertTrue(jobs.progress("vda").isEmpty());
        jobs.abort("vda", true);
        jobs.abort("vda", false);

        verify(libvirt).virDomainBlockJobAbort(any(), eq("vda"), eq(2));
        verify(libvirt).virDomainBlockJobAbort(any(), eq("vda"), eq(0));
    }

    private static Connect connect() {
        try {
            LibvirtCalls.silenceDefaultErrorPrinting();
            return new Connect("test:///default");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Domain lookup(Connect connect) {
        try {
            return connect.domainLookupByName("test");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
