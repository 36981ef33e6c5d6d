package io.virttune.apply;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** What the hermetic apply and rollback tests share: a fresh {@link ApplyHarness} with site1 on it. */
abstract class Site1Test {
    static final String UUID = ApplyHarness.SITE1_UUID;
    static final String IMAGE = ApplyHarness.SITE1_IMAGE;

    @TempDir
    Path temp;

    ApplyHarness host;

    @BeforeEach
    void site1() {
        host = ApplyHarness.withSite1(temp);
    }
}
