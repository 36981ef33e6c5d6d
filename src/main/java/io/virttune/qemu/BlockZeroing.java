package io.virttune.qemu;

import io.virttune.process.ProcessRunner;
import java.util.List;

/**
 * Writes zeros over a byte range of a block device with {@code blkdiscard -z} (BLKZEROOUT): the
 * kernel uses the device's write-zeroes command or writes zero pages, never a discard that could
 * leave old data readable. On a thin LV it provisions the range.
 */
public final class BlockZeroing {
  private final ProcessRunner runner;

  public BlockZeroing(ProcessRunner runner) {
    this.runner = runner;
  }

  /** Zeroes {@code length} bytes from {@code offset}, both multiples of 512. */
  public void zero(String device, long offset, long length) {
    if (offset % 512 != 0 || length % 512 != 0) {
      throw new IllegalArgumentException("zeroing needs whole sectors: " + offset + "+" + length);
    }
    runner.run(List.of("blkdiscard", "--zeroout", "--offset", Long.toString(offset),
        "--length", Long.toString(length), QemuPaths.safe(device))).requireSuccess();
  }
}
