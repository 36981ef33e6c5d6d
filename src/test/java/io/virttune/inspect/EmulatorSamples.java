package io.virttune.inspect;

import io.virttune.Fixtures;
import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.EmulatorQuery;

/**
 * A host with two emulators as inspect finds them: one libvirt 9.0 described (recorded in the
 * lab), one whose KVM it refused; for the report tests and the JSON schema's check.
 */
public final class EmulatorSamples {
    public static final String QEMU = "/usr/bin/qemu-system-x86_64";
    public static final String CAPABILITIES =
            Fixtures.project("src/test/resources/libvirt/domcaps-libvirt-9.0-qemu-7.2-tcg.xml");

    private EmulatorSamples() {}

    /** Three domains: two on QEMU under TCG (one question), one on KVM, which the host lacks. */
    public static InspectResult twoEmulators() {
        TestHost host = TestHost.hv01()
                .domain("web", domain("web", "qemu", "pc-i440fx-7.2"))
                .domain("db", domain("db", "qemu", "pc-i440fx-7.2"))
                .domain("old", domain("old", "kvm", "pc-q35-7.2"));
        host.libvirt()
                .capabilities(new EmulatorQuery(QEMU, "qemu", "x86_64", "pc-i440fx-7.2"), CAPABILITIES)
                .capabilities(new EmulatorQuery(QEMU, "kvm", "x86_64", "pc-q35-7.2"), null);
        HostFacts facts = host.facts();
        return new InspectResult(facts, RuleBook.check(facts));
    }

    private static String domain(String name, String type, String machine) {
        return "<domain type='" + type + "'><name>" + name + "</name><memory unit='GiB'>4</memory><vcpu>2</vcpu>"
                + "<os><type arch='x86_64' machine='" + machine + "'>hvm</type></os><devices><emulator>" + QEMU
                + "</emulator></devices></domain>";
    }
}
