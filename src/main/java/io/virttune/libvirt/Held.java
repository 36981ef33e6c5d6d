package io.virttune.libvirt;

import java.lang.ref.Reference;
import org.libvirt.LibvirtException;

/**
 * Calls on a libvirt-java object (a Domain, a StoragePool, a StorageVol) that keep it reachable
 * until they return: libvirt-java frees the object's libvirt pointer when it is finalized, and once
 * a call has read that pointer the JIT may find the object unreachable, so the free can come during
 * the call (libvirt then says "invalid domain pointer", or uses what it freed).
 */
public final class Held {
    private Held() {}

    /** One libvirt-java call, or several, on {@code held}. */
    @FunctionalInterface
    public interface Call<H, T> {
        T call(H held) throws LibvirtException;
    }

    /** One libvirt-java call, or several, on {@code held} that return nothing. */
    @FunctionalInterface
    public interface Run<H> {
        void run(H held) throws LibvirtException;
    }

    /** {@code call} on {@code held}, which stays reachable until it returns. */
    public static <H, T> T call(H held, Call<H, T> call) throws LibvirtException {
        try {
            return call.call(held);
        } finally {
            Reference.reachabilityFence(held);
        }
    }

    /** {@code run} on {@code held}, which stays reachable until it returns. */
    public static <H> void run(H held, Run<H> run) throws LibvirtException {
        call(held, same -> {
            run.run(same);
            return null;
        });
    }
}
