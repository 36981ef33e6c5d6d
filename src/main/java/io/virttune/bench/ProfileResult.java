package io.virttune.bench;

/**
 * What one profile (one fio job) measured; {@code read} or {@code write} is null when the job did
 * no I/O in that direction (a pure read or write job).
 */
public record ProfileResult(String name, String rw, String blockSize, int iodepth, IoMetrics read, IoMetrics write) {

  public IoMetrics direction(Direction direction) {
    return direction == Direction.READ ? read : write;
  }
}
