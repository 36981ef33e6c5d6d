package io.virttune.bench;

/**
 * One bench run asked for: the domain, the label it is stored under, the settings, the disk
 * whose configuration and host device are recorded (null: the scratch device's, else the first
 * disk), and the host ceiling target (null: none).
 */
public record BenchRequest(
        String domain, String label, BenchSettings settings, String diskTarget, String hostCeiling) {}
