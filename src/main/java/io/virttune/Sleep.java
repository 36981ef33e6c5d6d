package io.virttune;

import java.time.Duration;
import java.util.function.Function;

/**
 * A wait on the current thread that an interrupt ends: the interrupt is set again for the code
 * above, and the caller says what its wait being cut short means, in its own error.
 */
public final class Sleep {
    private Sleep() {}

    /**
     * Sleeps {@code duration}; interrupted, sets the thread's interrupt again (Thread.sleep cleared
     * it, and the code above may still check it) and throws what {@code interrupted} makes of it.
     */
    public static void of(Duration duration, Function<InterruptedException, ? extends RuntimeException> interrupted) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted.apply(e);
        }
    }
}
