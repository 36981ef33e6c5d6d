package io.virttune.libvirt;

import com.sun.jna.Pointer;
import com.sun.jna.PointerType;
import io.virttune.VirtTuneException;
import java.lang.reflect.Field;

/**
 * The C pointer inside a libvirt-java object, for the libvirt functions libvirt-java has no
 * binding for (block copy, domain capabilities): libvirt-java keeps it in a non-public field
 * ({@code Domain.vdp}, {@code Connect.vcp}) and exposes no getter.
 */
public final class NativeHandles {
    private NativeHandles() {}

    /**
     * The pointer in {@code field} of {@code handle}; valid while the caller keeps {@code handle}
     * referenced (libvirt-java frees it when the object is collected).
     *
     * @param what the object, for the message when libvirt-java's fields are not as expected
     */
    public static Pointer of(Object handle, Class<?> owner, String field, String what) {
        try {
            Field declared = owner.getDeclaredField(field);
            declared.setAccessible(true);
            return ((PointerType) declared.get(handle)).getPointer();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw VirtTuneException.failed(
                    "cannot reach the libvirt handle of " + what + " through libvirt-java (its " + owner.getSimpleName()
                            + "." + field + " field): " + e,
                    e);
        }
    }
}
