package io.virttune.apply;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.DomainJournal.Status;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.DomainRecord;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LiveDomain;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Removes the source images a verified migration left behind, only when asked, and only those no
 * domain on the host still uses (directly, as a pool volume or as a backing file, persistently or
 * live) and no process holds open. Backing files are never removed: other images may share them.
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
    try (DomainDefinitions definitions = ports.definitions().apply(out)) {
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
      ImagesInUse inUse = imagesInUse();
      List<String> removed = new ArrayList<>();
      List<String> kept = new ArrayList<>();
      for (String image : journal.sourceImages()) {
        if (inUse.contains(image)) {
          out.println("keep " + image + ": a domain still uses it, directly or as a backing file");
          kept.add(image);
        } else if (Files.exists(Path.of(image))) {
          Optional<String> holder = ports.locks().holder(image);
          if (holder.isPresent()) {
            out.println("keep " + image + ": " + holder.get());
            kept.add(image);
          } else {
            out.println(ports.mode().says("remove ", "would remove ") + image);
            ports.files().delete(Path.of(image));
            removed.add(image);
          }
        }
      }
      // A kept image is still a way back: rollback stays possible and a later cleanup tries again.
      if (kept.isEmpty()) {
        ports.state().save(journal.withStatus(Status.CLEANED_UP));
      }
      return new DomainResult(name, ports.mode().finished(),
          removed.size() + " source image(s)" + ports.mode().says(" removed", " would be removed")
          + (kept.isEmpty() ? "" : ", " + kept.size() + " kept"));
    } catch (VirtTuneException e) {
      return new DomainResult(name, e.exitCode() == ExitCode.REFUSED
          ? DomainResult.Result.REFUSED : DomainResult.Result.FAILED, e.getMessage());
    }
  }

  /**
   * Every image any domain's definition names, persistent or live (a disk attached to a running
   * guest only), with pool volumes resolved to their paths, and the backing files qemu-img finds
   * under each (libvirt seldom writes a chain into the definition). A domain, a volume or a chain
   * that cannot be read stops the cleanup: an image it would hide might be deleted.
   */
  private ImagesInUse imagesInUse() {
    ImagesInUse images = new ImagesInUse();
    try (LibvirtConnection connection = inventory.get()) {
      if (!connection.domains().failures().isEmpty()) {
        throw VirtTuneException.refused("some domains could not be read, so it is unknown whether they use"
            + " the images: " + connection.domains().failures());
      }
      for (DomainRecord record : connection.domains().domains()) {
        List<String> definitions = new ArrayList<>(List.of(record.inactiveXml()));
        if (!record.state().isShutOff()) {
          definitions.add(connection.liveXml(record.name()));
        }
        for (String xml : definitions) {
          for (DiskView disk : DomainXml.parse(xml, "domain " + record.name()).disks()) {
            Optional<String> path = disk.type().equals("volume") ? Optional.of(volumePath(connection, record, disk))
                : disk.sourcePath();
            path.ifPresent(images::add);
            disk.backingStores().forEach(images::add);
            if (path.filter(p -> Files.exists(Path.of(p))).isPresent()) {
              ports.images().image(path.get(), disk.format().orElse("raw"))
                  .ifPresent(image -> image.backingChain().forEach(images::add));
            }
          }
        }
      }
    }
    return images;
  }

  private static String volumePath(LibvirtConnection connection, DomainRecord record, DiskView disk) {
    String pool = disk.sourcePool().orElse("");
    String volume = disk.sourceVolume().orElse("");
    return connection.volumePath(pool, volume).orElseThrow(() -> VirtTuneException.refused("disk "
        + disk.targetDev() + " of domain " + record.name() + " names volume " + volume + " of storage pool " + pool
        + ", which libvirt does not know, so it is unknown which file it uses; define the pool"
        + " (virsh pool-list --all) or fix the disk, then clean up again"));
  }

}
