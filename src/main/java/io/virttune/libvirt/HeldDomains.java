package io.virttune.libvirt;

import java.lang.ref.Reference;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;

/**
 * Calls on a libvirt-java {@link Domain} that keep it reachable until they return: libvirt-java
 * frees a Domain's virDomainPtr when the Domain is finalized, and once a call has read that pointer
 * the JIT may find the Domain unreachable, so the free can come during the call (libvirt then says
 * "invalid domain pointer", or uses what it freed).
 */
public final class HeldDomains {
    private HeldDomains() {}

    /** One libvirt-java call, or several, on a domain. */
    @FunctionalInterface
    public interface DomainCall<T> {
        T call(Domain domain) throws LibvirtException;
    }

    /** {@code call} on {@code domain}, the Domain reachable until it returns. */
    public static <T> T call(Domain domain, DomainCall<T> call) throws LibvirtException {
        try {
            return call.call(domain);
        } finally {
            Reference.reachabilityFence(domain);
        }
    }
}
