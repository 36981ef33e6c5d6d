package io.virttune.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressMeterTest {
    private final StringWriter text = new StringWriter();
    private long now = 0;

    private ProgressMeter meter(boolean redraw) {
        return new ProgressMeter(new PrintWriter(text), "  web01 /dev/vg/web01-vda", redraw, () -> now);
    }

    @Test
    void aLogGetsALinePerTenthWithTheTimeLeftAtThePaceSoFar() {
        ProgressMeter meter = meter(false);
        meter.accept(0);
        now = 30_000_000_000L;
        meter.accept(25);
        now = 60_000_000_000L;
        meter.accept(100);

        assertEquals(
                String.join(
                        "\n",
                        "  web01 /dev/vg/web01-vda   0% after 0:00",
                        "  web01 /dev/vg/web01-vda  20% after 0:30, about 1:30 left",
                        "  web01 /dev/vg/web01-vda 100% after 1:00",
                        ""),
                text.toString());
    }

    @Test
    void aTerminalGetsABarWithItsEta() {
        ProgressMeter meter = meter(true);
        now = 90_000_000_000L;
        meter.accept(60);

        assertEquals(
                "\r  web01 /dev/vg/web01-vda [##################............]  60.0% 1:30 ETA 1:00", text.toString());
    }
}
