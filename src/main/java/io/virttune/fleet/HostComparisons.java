package io.virttune.fleet;

import io.virttune.bench.Comparisons;
import java.util.Optional;

/** Two bench labels compared on one fleet host, or why they could not be (unreachable, nothing stored). */
public record HostComparisons(String host, Optional<Comparisons> comparisons, Optional<String> error) {}
