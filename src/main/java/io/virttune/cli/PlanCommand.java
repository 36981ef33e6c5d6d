package io.virttune.cli;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.inspect.DomainFiles;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.PlanPolicy;
import io.virttune.plan.PlanTarget;
import io.virttune.recipe.Recipe;
import io.virttune.report.PlanTextReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code virt-tune plan}: a migration plan with lossless XML rewrites; changes nothing. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    footerHeading = "%nExamples:%n",
    footer = {
      "  virt-tune plan 'win*' web01 --thin-pool vg_vms/pool --diff --out plan.json",
      "  virt-tune plan --all --vg vg_vms --reserve 5",
      "  virt-tune plan --from-xml /etc/libvirt/qemu --vg vg_vms --xml-out reviewed/"
    },
    description = {
      "Plan moving domains' image files to raw LVs and retuning their disks (virtio-blk, one"
          + " IOThread per disk, cache=none io=native, discard, hugepages). Changes nothing on the host.",
      "Exit status 0 planned, 1 some part could not be read, 3 refused by a safety rule or every domain"
          + " asked for blocked (then no --out file is written)."
    })
public final class PlanCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ConnectionOptions connection;

  @Mixin SelectionOptions selection;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  /** Where moved disks go: exactly one of the two. */
  static final class Target {
    @Option(names = "--vg", paramLabel = "VG", description = "linear LVs in this VG (the faster layer)")
    String vg;

    @Option(names = "--thin-pool", paramLabel = "VG/POOL", description = "thin LVs in this pool")
    String thinPool;
  }

  @Option(names = "--create-thin-pool", paramLabel = "SIZE", converter = SizeConverter.class,
      description = "create the --thin-pool first, of this size")
  Long createThinPool;

  @Option(names = "--chunk-size", paramLabel = "SIZE", converter = SizeConverter.class,
      description = "chunk size of a created thin pool (default: 4M, the recipe's; 64K with --thin-zeroing on)")
  Long chunkSize;

  @Option(names = "--thin-zeroing", paramLabel = "on|off",
      description = "whether a created thin pool zeroes new chunks (default: off, the recipe's fast profile;"
          + " use on for multi-tenant hosts)")
  String thinZeroing;

  @Option(names = "--cache", paramLabel = "none|writeback", description = "cache mode (default: none)")
  String cache = "none";

  @Option(names = "--accept-writeback-risk",
      description = "required with --cache writeback: writes acknowledged to the guest are lost on power loss")
  boolean acceptWritebackRisk;

  @Option(names = "--reserve", paramLabel = "PERCENT", description = "share of the VG left free (default: 10)")
  double reservePercent = Recipe.OVERPROVISION_RESERVE * 100;

  @Option(names = "--virtio-ready", paramLabel = "DOMAIN",
      description = "this Windows guest's VirtIO storage driver is bound: switch its buses now")
  List<String> virtioReady = new ArrayList<>();

  @Option(names = "--drop-snapshots", description = "allow internal qcow2 snapshots to be lost")
  boolean dropSnapshots;

  @Option(names = "--no-hugepages", description = "do not add hugepage memory backing")
  boolean noHugepages;

  @Option(names = "--from-xml", paramLabel = "FILE|DIR",
      description = "plan from this domain XML file, or the *.xml files in this directory, instead of a libvirt"
          + " connection; repeatable")
  List<Path> fromXml = new ArrayList<>();

  @Option(names = "--xml-out", paramLabel = "DIR", description = "write each rewritten domain XML here")
  Path xmlOut;

  @Option(names = "--diff", description = "show a unified diff of each domain's XML")
  boolean diff;

  @Option(names = "--out", paramLabel = "FILE", description = "write the plan as JSON (for apply)")
  Path out;

  @Option(names = "--json",
      description = "print the plan as JSON instead of the summary (schema virt-tune/plan, version 1)")
  boolean json;

  @Override
  public Integer call() {
    requireApplicableOptions();
    PlanPolicy policy = policy();
    HostFacts facts = facts(selection.selection(!fromXml.isEmpty()));
    Plan plan = new MigrationPlanner(policy).plan(facts, Instant.now());
    boolean unreadable = !facts.problems().isEmpty()
        || plan.domains().stream().anyMatch(d -> d.outcome() == DomainOutcome.STOPPED && d.fingerprint() == null);
    boolean allBlocked = !plan.domains().isEmpty()
        && plan.domains().stream().allMatch(d -> d.outcome() == DomainOutcome.STOPPED);
    if (out != null && !allBlocked) {
      OutputFiles.write(out, PlanJson.write(plan));
    }
    if (xmlOut != null && !allBlocked) {
      writeXml(plan);
    }
    PrintWriter printer = spec.commandLine().getOut();
    if (json) {
      printer.print(PlanJson.write(plan));
    } else {
      new PlanTextReport(printer, diff).print(plan);
      if (out != null && !allBlocked) {
        printer.println("Plan written to " + out + "; review it, then: virt-tune apply " + out);
      }
    }
    printer.flush();
    if (unreadable) {
      return ExitCode.FAILED.code();
    }
    if (allBlocked) {
      throw VirtTuneException.refused(nothingPlanned(plan));
    }
    // The others are planned, but a script must see that a definition was refused by a rule.
    return plan.refusesDefinitions() ? ExitCode.REFUSED.code() : ExitCode.OK.code();
  }

  /** Why plan refuses: a script must never take a plan in which every domain is blocked for one to apply. */
  private String nothingPlanned(Plan plan) {
    List<String> names = plan.domains().stream().map(DomainPlan::name).toList();
    String blocked = names.size() == 1 ? names.get(0) + " is blocked" : "all " + names.size() + " are blocked";
    return "no domain can be planned (" + blocked + ", for the reasons above)"
        + (out != null ? "; " + out + " was not written" : "");
  }

  /** Options that would be silently ignored in this combination are refused instead. */
  private void requireApplicableOptions() {
    if (createThinPool == null) {
      if (thinZeroing != null) {
        throw new ParameterException(spec.commandLine(),
            "--thin-zeroing applies only to a pool created with --create-thin-pool");
      }
      if (chunkSize != null) {
        throw new ParameterException(spec.commandLine(),
            "--chunk-size applies only to a pool created with --create-thin-pool");
      }
    }
    if (diff && json) {
      throw new ParameterException(spec.commandLine(),
          "--diff shows the text summary's XML changes; --json has them in each domain's \"diff\"");
    }
    if (!fromXml.isEmpty() && connection.namesAHost()) {
      throw new ParameterException(spec.commandLine(),
          "--from-xml plans from files: --connect and --host-facts do not apply");
    }
  }

  private PlanPolicy policy() {
    if (cache.equals("writeback") && !acceptWritebackRisk) {
      throw VirtTuneException.refused("--cache writeback loses writes the guest was told are safe on a host"
          + " crash or power cut; add --accept-writeback-risk if the host has reliable power and backups");
    }
    if (!cache.equals("none") && !cache.equals("writeback")) {
      throw new ParameterException(spec.commandLine(), "--cache must be none or writeback");
    }
    if (thinZeroing != null && !thinZeroing.equals("on") && !thinZeroing.equals("off")) {
      throw new ParameterException(spec.commandLine(), "--thin-zeroing must be on or off");
    }
    if (reservePercent < 0 || reservePercent >= 100) {
      throw new ParameterException(spec.commandLine(), "--reserve must be a percentage from 0 to 99");
    }
    return new PlanPolicy(planTarget(), cache, reservePercent / 100, new HashSet<>(virtioReady), dropSnapshots,
        !noHugepages);
  }

  private PlanTarget planTarget() {
    if (target.vg != null) {
      if (createThinPool != null || chunkSize != null) {
        throw new ParameterException(spec.commandLine(), "--create-thin-pool and --chunk-size need --thin-pool");
      }
      return PlanTarget.linear(target.vg);
    }
    String[] parts = target.thinPool.split("/", -1);
    if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
      throw new ParameterException(spec.commandLine(), "--thin-pool takes VG/POOL, got '" + target.thinPool + "'");
    }
    boolean zeroing = "on".equals(thinZeroing);
    PlanTarget.NewThinPool newPool = createThinPool == null ? null
        : new PlanTarget.NewThinPool(createThinPool, chunkSize != null ? chunkSize : defaultChunk(zeroing), zeroing);
    return PlanTarget.thin(parts[0], parts[1], newPool);
  }

  /**
   * The recipe's 4 MiB chunks pay off with zeroing off; with zeroing on, every first write to a
   * chunk zero-fills all of it, so the tenant-safe pool keeps LVM's smallest default, 64 KiB.
   */
  private static long defaultChunk(boolean zeroing) {
    return zeroing ? Recipe.THIN_CHUNK_ZEROED_BYTES : Recipe.THIN_CHUNK_BYTES;
  }

  private HostFacts facts(DomainSelection selection) {
    if (!fromXml.isEmpty()) {
      HostFacts all = DomainFiles.read(fromXml);
      List<String> chosen = selection.select(all.domains().stream().map(d -> d.name()).toList());
      return new HostFacts(all.identity(), all.settings(), all.lvm(),
          all.domains().stream().filter(d -> chosen.contains(d.name())).toList(), all.problems());
    }
    try (LibvirtConnection libvirt = connection.open()) {
      return new HostInspector(libvirt, connection.hostFactsSource()).inspect(selection);
    }
  }

  private void writeXml(Plan plan) {
    OutputFiles.createDirectories(xmlOut);
    for (DomainPlan domain : plan.domains()) {
      if (domain.newXml() != null) {
        OutputFiles.write(xmlOut.resolve(safeFileName(domain.name()) + ".xml"), domain.newXml());
      }
    }
  }

  /** Domain names may hold '/'-free oddities (spaces, quotes, unicode); only '/' and a leading dot are unsafe. */
  private static String safeFileName(String name) {
    String safe = name.replace('/', '_');
    return safe.startsWith(".") ? "_" + safe : safe;
  }
}
