package io.virttune.xml;

import java.math.BigInteger;
import java.util.Locale;

/** Converts libvirt's scaled sizes (value plus unit attribute) to KiB, the unit we plan in. */
final class MemorySize {
    private static final BigInteger KIB = BigInteger.valueOf(1024);
    private static final String POWERS = "kmgtpe";

    private MemorySize() {}

    /**
     * Returns the size in KiB, rounded up as libvirt does. Units follow libvirt: none or "k" or
     * "KiB" is 1024 bytes, "KB" 1000, "b"/"bytes" 1, and likewise for M, G, T, P, E.
     */
    static long toKiB(String value, String unit, String what, String origin) {
        BigInteger bytes;
        try {
            bytes = new BigInteger(value.trim()).multiply(bytesPer(unit, what, origin));
        } catch (NumberFormatException e) {
            throw new XmlRejectedException(origin + ": " + what + " is '" + value + "', not a whole number", e);
        }
        BigInteger[] kib = bytes.divideAndRemainder(KIB);
        BigInteger rounded = kib[1].signum() == 0 ? kib[0] : kib[0].add(BigInteger.ONE);
        if (rounded.signum() < 0 || rounded.bitLength() > 62) {
            throw new XmlRejectedException(origin + ": " + what + " of " + value + " " + unit + " is out of range");
        }
        return rounded.longValueExact();
    }

    private static BigInteger bytesPer(String unit, String what, String origin) {
        if (unit == null || unit.isEmpty()) {
            return KIB;
        }
        String lower = unit.toLowerCase(Locale.ROOT);
        if (lower.equals("b") || lower.equals("byte") || lower.equals("bytes")) {
            return BigInteger.ONE;
        }
        int power = POWERS.indexOf(lower.charAt(0)) + 1;
        String rest = lower.substring(1);
        if (power > 0 && (rest.isEmpty() || rest.equals("ib"))) {
            return KIB.pow(power);
        }
        if (power > 0 && rest.equals("b")) {
            return BigInteger.valueOf(1000).pow(power);
        }
        throw new XmlRejectedException(origin + ": " + what + " has an unknown unit '" + unit + "'");
    }
}
