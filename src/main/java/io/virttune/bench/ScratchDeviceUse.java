package io.virttune.bench;

import io.virttune.VirtTuneException;
import io.virttune.agent.ExecStatus;
import io.virttune.agent.GuestAgent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Refuses a scratch device in the guest unless nothing in the guest claims it.
 */
final class ScratchDeviceUse {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]+");
    private static final int HEAD = 8192;
    /** What must read as zeros: no signature blkid knows lies deeper than this. */
    private static final int ZEROS = 1 << 20;
    /**
     * $1 is the device's name. Every line says one use; "head" and od's hex of the first bytes
     * follow. The device and its partitions are matched by major:minor in mountinfo, by path in
     * /proc/swaps (which has no numbers).
     */
    private static final String SCRIPT = String.join(
            "\n",
            "d=/sys/class/block/$1",
            "[ -e \"$d/dev\" ] || { echo \"no $1\"; exit 0; }",
            "numbers=$(cat \"$d/dev\")",
            "for p in \"$d\"/\"$1\"*; do if [ -e \"$p/dev\" ]; then numbers=\"$numbers $(cat \"$p/dev\")\"; fi; done",
            "for h in \"$d\"/holders/* \"$d\"/\"$1\"*/holders/*; do if [ -e \"$h\" ]; then echo \"held by ${h##*/}\"; fi; done",
            "while read -r _ _ number _ point _; do for n in $numbers; do",
            "  if [ \"$number\" = \"$n\" ]; then echo \"mounted on $point\"; fi; done; done < /proc/self/mountinfo",
            // btrfs shows an anonymous device number in mountinfo: its mount source names the disk.
            "while read -r line; do source=${line#* - }; source=${source#* }; source=${source%% *}; case $source in",
            "  \"/dev/$1\"|\"/dev/$1\"[0-9]*|\"/dev/$1\"p[0-9]*) echo \"mounted from $source\";; esac; done < /proc/self/mountinfo",
            "while read -r path _; do case $path in \"/dev/$1\"|\"/dev/$1\"[0-9]*|\"/dev/$1\"p[0-9]*)",
            "  echo \"swap $path\";; esac; done < /proc/swaps",
            "if command -v blkid >/dev/null 2>&1; then blkid -p -o value -s TYPE \"/dev/$1\" 2>/dev/null"
                    + " | sed 's/^/blkid finds /'; fi",
            "echo head",
            "head -c " + HEAD + " \"/dev/$1\" | od -An -v -tx1 || echo unread",
            // Signatures lie deeper than the head (btrfs at 64 KiB, bluestore, a database's raw disk): the
            // whole first MiB must be zeros. Bytes read, then lines of od holding a byte that is not zero.
            "echo \"rest $(head -c " + ZEROS + " \"/dev/$1\" | wc -c) $(head -c " + ZEROS
                    + " \"/dev/$1\" | od -An -v -tx1" + " | grep -c '[1-9a-f]')\"",
            "exit 0");

    /** A signature at its offset, as blkid knows it. */
    private record Signature(String what, int offset, byte[] magic) {
        static Signature text(String what, int offset, String magic) {
            return new Signature(what, offset, magic.getBytes(StandardCharsets.ISO_8859_1));
        }

        boolean foundIn(byte[] head) {
            if (offset + magic.length > head.length) {
                return false;
            }
            for (int i = 0; i < magic.length; i++) {
                if (head[offset + i] != magic[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final List<Signature> SIGNATURES = List.of(
            new Signature("a DOS partition table (or a boot sector)", 510, new byte[] {0x55, (byte) 0xAA}),
            Signature.text("a GPT partition table", 512, "EFI PART"),
            Signature.text("an LVM physical volume", 512, "LABELONE"),
            Signature.text("an LVM physical volume", 0, "LABELONE"),
            Signature.text("a LUKS volume", 0, "LUKS\u00ba\u00be"),
            Signature.text("an XFS filesystem", 0, "XFSB"),
            new Signature("an ext2/3/4 filesystem", 1080, new byte[] {0x53, (byte) 0xEF}),
            Signature.text("an NTFS filesystem", 3, "NTFS    "),
            Signature.text("swap", 4086, "SWAPSPACE2"),
            Signature.text("swap", 4086, "SWAP-SPACE"),
            new Signature("an md RAID member", 4096, new byte[] {(byte) 0xFC, 0x4E, 0x2B, (byte) 0xA9}),
            new Signature("an md RAID member", 0, new byte[] {(byte) 0xFC, 0x4E, 0x2B, (byte) 0xA9}));

    private final GuestAgent agent;
    private final String domain;

    ScratchDeviceUse(GuestAgent agent, String domain) {
        this.agent = agent;
        this.domain = domain;
    }

    /** {@code device}: the guest's path, {@code /dev/NAME}. */
    void requireUnused(String device) {
        String name = device.startsWith("/dev/") ? device.substring("/dev/".length()) : "";
        if (!NAME.matcher(name).matches()) {
            throw refused(
                    domain, device + " is not a whole disk's name the guest could give (/dev/ and letters or digits)");
        }
        ExecStatus status = agent.run("sh", List.of("-c", SCRIPT, "sh", name), List.of(), null, TIMEOUT);
        List<String> lines = status.out().lines().toList();
        int head = lines.indexOf("head");
        if (status.exitCode() != 0 || head < 0) {
            throw refused(
                    domain,
                    "the guest does not say whether " + device + " is in use (sh exited " + status.exitCode() + ": "
                            + (status.err().isBlank()
                                    ? "no message"
                                    : status.err().strip()) + ")");
        }
        List<String> uses = new ArrayList<>(lines.subList(0, head));
        int rest = lines.size() - 1;
        while (rest > head && !lines.get(rest).startsWith("rest ")) {
            rest--;
        }
        String hex = String.join("", lines.subList(head + 1, rest > head ? rest : lines.size()))
                .replaceAll("\\s+", "");
        if (!uses.isEmpty()) {
            throw refused(domain, device + " is in use in the guest: " + String.join(", ", uses));
        }
        if (hex.isEmpty() || hex.contains("unread") || hex.length() % 2 != 0 || !hex.matches("[0-9a-f]+")) {
            throw refused(
                    domain,
                    "the guest does not show the start of " + device + " (head and od; "
                            + (status.err().isBlank()
                                    ? "nothing said"
                                    : status.err().strip()) + "), so whether it holds data is"
                            + " unknown");
        }
        byte[] bytes = HexFormat.of().parseHex(hex);
        SIGNATURES.stream()
                .filter(signature -> signature.foundIn(bytes))
                .findFirst()
                .ifPresent(signature -> {
                    throw refused(
                            domain,
                            device + " holds data: it begins with " + signature.what() + " (wipe it first if it"
                                    + " is truly a scratch disk)");
                });
        requireZeros(device, rest > head ? lines.get(rest) : "");
    }

    /**
     * An allow-list, not a block-list: a disk nothing claims reads as zeros in its first MiB, whatever
     * signature a claim would carry. {@code rest}: "rest BYTES LINES", the bytes read and od's lines
     * that hold a byte other than zero.
     */
    private void requireZeros(String device, String rest) {
        String[] words = rest.split(" ");
        if (words.length != 3
                || !words[1].matches("[0-9]+")
                || !words[2].matches("[0-9]+")
                || Long.parseLong(words[1]) < HEAD) {
            throw refused(
                    domain,
                    "the guest does not show whether the first MiB of " + device + " is zeros (" + rest
                            + "), so whether it holds data is unknown");
        }
        if (Long.parseLong(words[2]) > 0) {
            throw refused(
                    domain,
                    device + " holds data: its first MiB is not all zeros (a filesystem, a volume or a"
                            + " database's raw disk may claim it without a signature in its first 8 KiB); wipe it first"
                            + " (blkdiscard " + device + " in the guest) if it is truly a scratch disk");
        }
    }

    /** A refusal to overwrite a disk of {@code domain}, saying why and what to do instead. */
    static VirtTuneException refused(String domain, String why) {
        return VirtTuneException.refused("bench does not overwrite this disk of domain '" + domain + "': " + why
                + " (rule: bench writes only a scratch device proven to be the disk named and to hold nothing); nothing was"
                + " written; bench with --file on a filesystem of the guest instead");
    }
}
