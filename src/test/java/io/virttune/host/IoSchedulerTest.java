package io.virttune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IoSchedulerTest {

    @Test
    void theBracketedOneIsActive() {
        assertEquals(
                Optional.of(new IoScheduler("bfq", List.of("mq-deadline", "kyber", "bfq", "none"))),
                IoScheduler.parse("mq-deadline kyber [bfq] none \n"));
    }

    @Test
    void aLoneNameIsActiveWithOrWithoutBrackets() {
        assertEquals(Optional.of(new IoScheduler("none", List.of("none"))), IoScheduler.parse("none"));
        assertEquals(Optional.of(new IoScheduler("none", List.of("none"))), IoScheduler.parse("[none]"));
    }

    @Test
    void severalNamesWithoutBracketsHaveNoActiveOne() {
        assertEquals(Optional.empty(), IoScheduler.parse("none mq-deadline"));
        assertEquals(Optional.empty(), IoScheduler.parse("  "));
    }
}
