package io.virttune.report;

import io.virttune.text.Bytes;
import io.virttune.host.BlockDevice;
import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.host.IoScheduler;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.recipe.DiskRole;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The human-readable inspect report: the host, then each domain with its disks and findings.
 * Host findings show their evidence and fix; a domain's findings are one line each with their
 * fixes listed once below them, since every disk of a host tends to need the same ones; verbose
 * shows every finding's evidence and fix.
 */
public final class InspectTextReport {
  private static final String NOTHING_TO_DO = "nothing to do";

  private final PrintWriter out;
  private final boolean verbose;

  public InspectTextReport(PrintWriter out, boolean verbose) {
    this.out = out;
    this.verbose = verbose;
  }

  public void print(InspectResult result) {
    HostFacts facts = result.facts();
    out.println("Host " + facts.identity().hostname() + "  (" + facts.identity().uri() + ")");
    out.println("  libvirt " + facts.identity().libvirtVersion() + ", " + facts.identity().hypervisorVersion());
    facts.lvm().ifPresent(this::printLvm);
    facts.settings().ifPresent(this::printSettings);
    printFindings(result.hostFindings(), true);
    for (DomainFacts domain : facts.domains()) {
      out.println();
      printDomain(domain, result.findingsFor(domain.name()));
    }
    out.println();
    out.println(summary(result));
  }

  private void printLvm(LvmReport lvm) {
    TextTable groups = new TextTable("VOLUME GROUP", "EXTENT", "SIZE", "FREE");
    lvm.volumeGroups().forEach(vg -> groups.row(
        vg.name(), Bytes.format(vg.extentSizeBytes()), Bytes.format(vg.sizeBytes()),
        Bytes.format(vg.freeBytes()) + percent(vg.freeBytes(), vg.sizeBytes())));
    section(groups);
    TextTable pools = new TextTable("THIN POOL", "SIZE", "CHUNK", "ZEROING", "DATA", "METADATA");
    lvm.logicalVolumes().stream().filter(LogicalVolume::isThinPool).forEach(pool -> pools.row(
        pool.vgName() + "/" + pool.name(), Bytes.format(pool.sizeBytes()), Bytes.format(pool.chunkSizeBytes()),
        pool.zeroing().map(on -> on ? "on" : "off").orElse("?"),
        percent(pool.dataPercent()), percent(pool.metadataPercent())));
    section(pools);
  }

  private void printSettings(HostSettings settings) {
    TextTable devices = new TextTable("BLOCK DEVICE", "KIND", "SIZE", "SCHEDULER", "READ-AHEAD", "DISCARD", "MODEL");
    // Device-mapper and md devices carry the queue settings of the LVs on them, not of disks.
    for (BlockDevice device : settings.blockDevices().stream().filter(d -> !d.virtual()).toList()) {
      devices.row(device.name(), kind(device),
          device.sizeBytes().isPresent() ? Bytes.format(device.sizeBytes().getAsLong()) : "?",
          device.scheduler().map(IoScheduler::active).orElse("?"),
          device.readAheadKiB().isPresent() ? device.readAheadKiB().getAsLong() + " KiB" : "?",
          device.supportsDiscard() ? "yes" : "no", device.model().orElse("-"));
    }
    section(devices);
    // The kernel's "reserved" pages are promised to mappings but not yet touched: not available.
    TextTable pages = new TextTable("HUGEPAGES", "TOTAL", "FREE", "PROMISED", "AVAILABLE");
    settings.hugepagePools().stream().filter(HugepagePool::isSystemWide).forEach(pool -> pages.row(
        Bytes.format(pool.pageSizeKiB() * 1024), Long.toString(pool.total()), Long.toString(pool.free()),
        Long.toString(pool.reserved()), Long.toString(pool.available())));
    section(pages);
  }

  private static String kind(BlockDevice device) {
    if (device.isSsd()) {
      return "ssd";
    }
    return device.rotational().filter(rotational -> rotational).map(rotational -> "hdd").orElse("?");
  }

  private void section(TextTable table) {
    if (!table.isEmpty()) {
      out.println();
      table.render("  ").forEach(out::println);
    }
  }

  private void printDomain(DomainFacts domain, List<Finding> findings) {
    out.println(domain.name() + "  " + describe(domain));
    TextTable disks = new TextTable("DISK", "DEVICE", "BUS", "SOURCE", "FORMAT", "SIZE", "ALLOCATED",
        "CACHE", "IO", "DISCARD", "IOTHREAD", "ACTION");
    for (DiskFacts disk : domain.disks()) {
      DiskView view = disk.view();
      disks.row(view.targetDev(), view.device(), view.targetBus().orElse("-"), source(view),
          disk.image().map(i -> i.format()).or(view::format).orElse("-"),
          disk.image().map(i -> Bytes.format(i.virtualSizeBytes()))
              .or(() -> disk.logicalVolume().map(lv -> Bytes.format(lv.sizeBytes()))).orElse("-"),
          disk.image().map(i -> Bytes.format(i.allocatedBytes())).orElse("-"),
          view.cache().orElse("default"), view.io().orElse("default"), view.discard().orElse("-"),
          text(view.iothread()), action(disk));
    }
    if (!disks.isEmpty()) {
      disks.render("  ").forEach(out::println);
    }
    printFindings(findings, verbose);
  }

  private static String describe(DomainFacts domain) {
    StringBuilder text = new StringBuilder(domain.state().label());
    domain.xml().ifPresent(xml -> text.append(details(xml)));
    return text.toString();
  }

  private static String details(DomainXml xml) {
    return (xml.os().isWindows() ? ", Windows" : "")
        + ", " + xml.vcpus() + " vCPU"
        + (xml.memoryKiB().isPresent() ? ", " + Bytes.format(xml.memoryKiB().getAsLong() * 1024) : "")
        + ", " + xml.iothreads().count() + " IOThread(s)"
        + (xml.memoryBacking().hasHugepages() ? ", hugepages" : "");
  }

  private static String source(DiskView view) {
    return view.sourcePath()
        .or(() -> view.sourceProtocol().map(protocol -> protocol + ":" + view.sourceName().orElse("")))
        .orElse("(none)");
  }

  private static String action(DiskFacts disk) {
    if (disk.problem().isPresent()) {
      return "unreadable";
    }
    DiskRole role = disk.verdict().role();
    return switch (role) {
      case MOVE_DATA -> "move to LV";
      case RETUNE -> "retune";
      case LEAVE_ALONE -> "leave alone";
    };
  }

  private void printFindings(List<Finding> findings, boolean detailed) {
    for (Finding finding : findings) {
      String where = finding.disk().map(disk -> disk + ": ").orElse("");
      String line = String.format(Locale.ROOT, "  %-7s %-24s %s%s",
          finding.severity().label(), finding.ruleId(), where, finding.summary());
      if (!detailed && finding.ruleId().startsWith("skip.")) {
        line += " (" + finding.evidence() + ")";
      }
      out.println(line);
      if (detailed) {
        out.println("          seen: " + finding.evidence());
        if (!finding.fix().equals(NOTHING_TO_DO)) {
          out.println("          fix:  " + finding.fix());
        }
      }
    }
    if (!detailed) {
      findings.stream().map(Finding::fix).filter(fix -> !fix.equals(NOTHING_TO_DO)).distinct()
          .forEach(fix -> out.println("  fix: " + fix));
    }
  }

  private static String summary(InspectResult result) {
    HostFacts facts = result.facts();
    long running = facts.domains().stream().filter(d -> !d.state().isShutOff()).count();
    long disks = facts.domains().stream().mapToLong(d -> d.disks().size()).sum();
    return String.format(Locale.ROOT,
        "Summary: %d domain(s) (%d not shut off), %d disk(s): %d to move to LVM, %d to retune, %d left alone;"
            + " %d error(s), %d warning(s), %d note(s)%s",
        facts.domains().size(), running, disks,
        result.diskCount(DiskRole.MOVE_DATA), result.diskCount(DiskRole.RETUNE), result.diskCount(DiskRole.LEAVE_ALONE),
        result.findingCount(Severity.ERROR), result.findingCount(Severity.WARNING), result.findingCount(Severity.INFO),
        result.incomplete() ? " (incomplete: some parts could not be read)" : "");
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "" : String.format(Locale.ROOT, " (%.1f%%)", 100.0 * part / whole);
  }

  private static String percent(OptionalDouble value) {
    return value.isPresent() ? String.format(Locale.ROOT, "%.1f%%", value.getAsDouble()) : "-";
  }

  private static String text(OptionalInt value) {
    return value.isPresent() ? Integer.toString(value.getAsInt()) : "-";
  }
}
