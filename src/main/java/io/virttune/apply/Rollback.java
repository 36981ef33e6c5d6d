package io.virttune.apply;

import io.virttune.ExitCode;
import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.apply.DomainJournal.Status;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.Fingerprints;
import io.virttune.report.ShellWords;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Undoes an apply of one domain from its journal: restores the backed-up definition and removes
 * the LVs this tool created for it, and nothing else. Safe to repeat.
 */
public final class Rollback {
  private final ApplyPorts ports;
  private final PrintWriter out;

  public Rollback(ApplyPorts ports, PrintWriter out) {
    this.ports = ports;
    this.out = out;
  }

  public DomainResult run(String name, boolean force) {
    try (DomainDefinitions definitions = ports.definitions().get()) {
      Optional<LiveDomain> live = definitions.find(name);
      Optional<DomainJournal> found = live.flatMap(domain -> ports.state().journal(domain.uuid()))
          .or(() -> ports.state().journalByName(name));
      if (found.isEmpty() || found.get().status() == Status.ROLLED_BACK) {
        return new DomainResult(name, DomainResult.Result.NOTHING_TO_DO,
            found.isEmpty() ? "virt-tune never applied anything to it" : "already rolled back");
      }
      DomainJournal journal = found.get();
      if (journal.status() == Status.CLEANED_UP) {
        throw VirtTuneException.refused("the source images of '" + name + "' were removed by virt-tune cleanup:"
            + " there is nothing to roll back to");
      }
      if (live.isPresent() && !live.get().state().isShutOff()) {
        throw VirtTuneException.refused("'" + name + "' is " + live.get().state().label()
            + ": shut it down first; its disks cannot be swapped under a running guest");
      }
      boolean defined = journal.entries().stream().anyMatch(entry -> entry.kind().equals("DefineDomain"));
      if (defined && !force) {
        throw VirtTuneException.refused("the new definition of '" + name + "' was defined: the guest may have"
            + " run on its new disks since, and rolling back discards what it wrote there; add --force to"
            + " roll back anyway");
      }
      if (defined) {
        restoreDefinition(definitions, live, journal);
      }
      removeVolumes(journal);
      save(journal.withStatus(Status.ROLLED_BACK));
      return new DomainResult(name, ports.execute() ? DomainResult.Result.DONE : DomainResult.Result.WOULD_RUN,
          "original definition and " + journal.createdVolumes().size() + " LV(s) "
              + (ports.execute() ? "restored/removed" : "would be restored/removed"));
    } catch (VirtTuneException e) {
      return new DomainResult(name, e.exitCode() == ExitCode.REFUSED
          ? DomainResult.Result.REFUSED : DomainResult.Result.FAILED, e.getMessage());
    }
  }

  private void restoreDefinition(DomainDefinitions definitions, Optional<LiveDomain> live, DomainJournal journal) {
    String backup = read(Path.of(journal.backupFile()));
    String wanted = Fingerprints.of(DomainXml.parse(backup, "backup").toXml());
    boolean same = live.isPresent()
        && Fingerprints.of(DomainXml.parse(live.get().secureInactiveXml(), "current").toXml()).equals(wanted);
    if (same) {
      out.println("the definition is the original already");
      return;
    }
    out.println("restore the definition from " + journal.backupFile());
    if (ports.execute()) {
      definitions.define(backup);
    }
  }

  private void removeVolumes(DomainJournal journal) {
    LvmReport lvm = ports.lvmReads().report();
    List<String> volumes = new ArrayList<>(journal.createdVolumes());
    java.util.Collections.reverse(volumes);
    for (String volume : volumes) {
      String[] parts = volume.split("/", 2);
      if (lvm.logicalVolume(parts[0], parts[1]).isEmpty()) {
        out.println(volume + " is gone already");
        continue;
      }
      out.println("remove " + volume + " (created by virt-tune for " + ShellWords.quote(journal.domain()) + ")");
      ports.lvmActions().remove(parts[0], parts[1]);
    }
  }

  private void save(DomainJournal journal) {
    if (ports.execute()) {
      ports.state().save(journal);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw IoErrors.failed("read the backup", file, e);
    }
  }
}
