package io.virttune.apply;

import io.virttune.ExitCode;
import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.apply.DomainJournal.Status;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LiveDomain;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Removes the source images a verified migration left behind, only when asked, and only those no
 * domain on the host still uses (directly or as a backing file). Backing files are never removed:
 * other images may share them.
 */
public final class Cleanup {
  private final ApplyPorts ports;
  private final Supplier<LibvirtConnection> inventory;
  private final PrintWriter out;

  public Cleanup(ApplyPorts ports, Supplier<LibvirtConnection> inventory, PrintWriter out) {
    this.ports = ports;
    this.inventory = inventory;
    this.out = out;
  }

  public DomainResult run(String name) {
    try (DomainDefinitions definitions = ports.definitions().get()) {
      LiveDomain live = definitions.find(name)
          .orElseThrow(() -> VirtTuneException.refused("no domain named '" + name + "'"));
      DomainJournal journal = ports.state().journal(live.uuid())
          .orElseThrow(() -> VirtTuneException.refused("virt-tune never migrated '" + name + "'"));
      if (journal.status() == Status.CLEANED_UP) {
        return new DomainResult(name, DomainResult.Result.NOTHING_TO_DO, "cleaned up already");
      }
      if (journal.status() != Status.COMPLETED) {
        throw VirtTuneException.refused("the migration of '" + name + "' is " + journal.status().name()
            .toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ", not completed and verified: its source"
            + " images are still the only good copy");
      }
      Set<String> inUse = pathsInUse();
      List<String> removed = new ArrayList<>();
      for (String image : journal.sourceImages()) {
        if (inUse.contains(image)) {
          out.println("keep " + image + ": a domain still uses it, directly or as a backing file");
        } else if (Files.exists(Path.of(image)) && ports.locks().holder(image).isPresent()) {
          out.println("keep " + image + ": " + ports.locks().holder(image).get());
        } else if (Files.exists(Path.of(image))) {
          out.println((ports.execute() ? "remove " : "would remove ") + image);
          if (ports.execute()) {
            delete(Path.of(image));
          }
          removed.add(image);
        }
      }
      if (ports.execute()) {
        ports.state().save(journal.withStatus(Status.CLEANED_UP));
      }
      return new DomainResult(name, ports.execute() ? DomainResult.Result.DONE : DomainResult.Result.WOULD_RUN,
          removed.size() + " source image(s)" + (ports.execute() ? " removed" : " would be removed"));
    } catch (VirtTuneException e) {
      return new DomainResult(name, e.exitCode() == ExitCode.REFUSED
          ? DomainResult.Result.REFUSED : DomainResult.Result.FAILED, e.getMessage());
    }
  }

  /**
   * Every image path any domain's definition names, with the backing files qemu-img finds under
   * it (libvirt seldom writes a chain into the definition). A chain that cannot be read stops the
   * cleanup: an image it would hide might be deleted.
   */
  private Set<String> pathsInUse() {
    Set<String> paths = new HashSet<>();
    try (LibvirtConnection connection = inventory.get()) {
      if (!connection.domains().failures().isEmpty()) {
        throw VirtTuneException.refused("some domains could not be read, so it is unknown whether they use"
            + " the images: " + connection.domains().failures());
      }
      for (DomainRecord record : connection.domains().domains()) {
        for (DiskView disk : DomainXml.parse(record.inactiveXml(), "domain " + record.name()).disks()) {
          disk.sourcePath().ifPresent(paths::add);
          paths.addAll(disk.backingStores());
          if (disk.type().equals("file") && disk.sourcePath().filter(path -> Files.exists(Path.of(path))).isPresent()) {
            ports.images().image(disk.sourcePath().get(), disk.format().orElse("raw"))
                .ifPresent(image -> paths.addAll(image.backingChain()));
          }
        }
      }
    }
    return paths;
  }

  private static void delete(Path image) {
    try {
      Files.delete(image);
    } catch (IOException e) {
      throw IoErrors.failed("remove", image, e);
    }
  }
}
