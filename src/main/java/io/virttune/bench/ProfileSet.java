package io.virttune.bench;

import java.util.List;

/** Which of the job file's profiles run, and the size, runtime and loops used unless told otherwise. */
public enum ProfileSet {
  /** Every profile of the job file: CrystalDiskMark's eight and the 75/25 mix; 1 GiB, 5 loops. */
  FULL(List.of(), 1L << 30, 30, 5),
  /** The two headline profiles, read and write: minutes become seconds. */
  QUICK(List.of("seq1m_q8t1_read", "seq1m_q8t1_write", "rnd4k_q32t1_read", "rnd4k_q32t1_write"), 64L << 20, 5, 1);

  private final List<String> sections;
  private final long sizeBytes;
  private final int runtimeSeconds;
  private final int loops;

  ProfileSet(List<String> sections, long sizeBytes, int runtimeSeconds, int loops) {
    this.sections = sections;
    this.sizeBytes = sizeBytes;
    this.runtimeSeconds = runtimeSeconds;
    this.loops = loops;
  }

  /** The sections to select with fio's {@code --section}; empty means all of them. */
  public List<String> sections() {
    return sections;
  }

  public long sizeBytes() {
    return sizeBytes;
  }

  public int runtimeSeconds() {
    return runtimeSeconds;
  }

  public int loops() {
    return loops;
  }
}
