package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Tables fitted to a width: the elastic column shortened in the middle, then optional columns left out. */
class TextTableTest {

    private static TextTable disks() {
        return new TextTable("DISK", "SOURCE", "CACHE", "ACTION")
                .elastic("SOURCE", 12)
                .optional("CACHE")
                .row("vda", "/var/lib/libvirt/images/web01.qcow2", "default", "move to LV")
                .row("vdb", "/dev/vg/data", "none", "retune");
    }

    @Test
    void aTableThatFitsIsAsItWas() {
        assertEquals(disks().render("  "), disks().render("  ", 200));
        assertEquals(disks().render("  "), disks().render("  ", 0));
        assertEquals(
                List.of(
                        "  DISK  SOURCE                               CACHE    ACTION",
                        "  vda   /var/lib/libvirt/images/web01.qcow2  default  move to LV",
                        "  vdb   /dev/vg/data                         none     retune"),
                disks().render("  "));
    }

    @Test
    void aWrappingLastColumnContinuesUnderItselfWithinTheWidth() {
        TextTable table = new TextTable("DOMAIN", "RESULT", "DETAIL")
                .wrapLast()
                .row("db01", "failed", "lvcreate refused: volume group vg has 2 GiB free, 8 GiB needed")
                .row("web01", "done", "");

        assertEquals(
                List.of(
                        "DOMAIN  RESULT  DETAIL",
                        "db01    failed  lvcreate refused: volume group",
                        "                vg has 2 GiB free, 8 GiB needed",
                        "web01   done"),
                table.render("", 48));
        assertEquals(
                "db01    failed  lvcreate refused: volume group vg has 2 GiB free, 8 GiB needed",
                table.render("", 0).get(1),
                "no width: one line");
    }

    @Test
    void theElasticColumnGivesWayFirstKeepingTwoThirdsForItsEnd() {
        assertEquals(
                List.of(
                        "  DISK  SOURCE                   CACHE    ACTION",
                        "  vda   /var/li…ges/web01.qcow2  default  move to LV",
                        "  vdb   /dev/vg/data             none     retune"),
                disks().render("  ", 52));
    }

    @Test
    void optionalColumnsGoWhenTheElasticOneIsAtItsLeast() {
        assertEquals(
                List.of(
                        "  DISK  SOURCE            ACTION",
                        "  vda   /var/…eb01.qcow2  move to LV",
                        "  vdb   /dev/vg/data      retune"),
                disks().render("  ", 36));
    }

    @Test
    void tooNarrowForAnythingStillShowsTheLeastItCan() {
        assertEquals(
                "  vda   /va…01.qcow2  move to LV", disks().render("  ", 10).get(1));
    }
}
