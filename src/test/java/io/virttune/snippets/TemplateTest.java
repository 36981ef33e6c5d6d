package io.virttune.snippets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateTest {
    @Test
    void replacesEveryPlaceholderAndLeavesJinjaExpressionsAlone() {
        Template template = new Template("t", "{{a}} and {{a}}, {{ jinja }} {{b_2}}$");
        assertEquals("x$1 and x$1, {{ jinja }} y$", template.render(Map.of("a", "x$1", "b_2", "y")));
    }

    @Test
    void failsOnAPlaceholderWithoutValue() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> new Template("t", "{{a}} {{b}}").render(Map.of("a", "1")));
        assertTrue(e.getMessage().contains("no value for [b]"), e.getMessage());
    }

    @Test
    void failsOnAValueWithoutPlaceholder() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> new Template("t", "{{a}}").render(Map.of("a", "1", "typo", "2")));
        assertTrue(e.getMessage().contains("no placeholder for [typo]"), e.getMessage());
    }

    @Test
    void loadsFromTheClasspathAndNamesAMissingTemplate() {
        assertTrue(Template.load("files/lvm-allocation.conf")
                .render(Map.of("zero", "1"))
                .contains("thin_pool_zero = 1"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Template.load("files/nope"));
        assertTrue(e.getMessage().contains("templates/files/nope"), e.getMessage());
    }
}
