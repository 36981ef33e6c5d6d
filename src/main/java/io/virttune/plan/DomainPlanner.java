package io.virttune.plan;

import io.virttune.report.ShellWords;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Sizes;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.KeptBus;
import io.virttune.recipe.Recipe;
import io.virttune.report.Bytes;
import io.virttune.xml.DiskDevices;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.TargetNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Plans one domain: which disks move to which new LVs, how each disk's definition changes, and
 * the steps in order. Pure: it edits a private copy of the definition and reads only facts.
 */
final class DomainPlanner {
  /** LV name suffix of the temporary virtio disk a Windows guest boots with once. */
  static final String STAGING_PURPOSE = "virtio-stage";

  private static final long STAGING_SIZE_BYTES = 64L << 20;

  private final PlanEnvironment env;

  DomainPlanner(PlanEnvironment env) {
    this.env = env;
  }

  DomainPlan plan(DomainFacts facts) {
    if (facts.xml().isEmpty()) {
      return stopped(facts, null, List.of(facts.problem().orElse("definition unreadable")));
    }
    DomainXml current = facts.xml().get();
    String original = current.toXml();
    String fingerprint = Fingerprints.of(original);
    List<String> violations = LibvirtDefinitionRules.violations(facts.name(), current);
    if (!violations.isEmpty()) {
      return stopped(facts, fingerprint, violations);
    }
    List<String> refusals = refusals(facts);
    if (!refusals.isEmpty()) {
      return stopped(facts, fingerprint, refusals);
    }
    Optional<String> noSpace = env.space().debit(spaceNeeded(facts));
    if (noSpace.isPresent()) {
      return stopped(facts, fingerprint, List.of(noSpace.get()));
    }
    return new Edit(facts, DomainXml.parse(original, "domain " + ShellWords.quote(facts.name())))
        .run(original, fingerprint);
  }

  /** Reasons this domain cannot be planned at all; checked before anything is allocated. */
  private List<String> refusals(DomainFacts facts) {
    List<String> reasons = new ArrayList<>();
    for (DiskFacts disk : facts.disks()) {
      if (disk.verdict().role() == DiskRole.LEAVE_ALONE) {
        continue;
      }
      disk.problem().ifPresent(problem -> reasons.add("disk " + disk.target() + ": " + problem));
      Optional<ImageFacts> image = disk.image();
      int snapshots = image.map(i -> i.internalSnapshots().orElse(0)).orElse(0);
      if (snapshots > 0 && !env.policy().dropSnapshots()) {
        reasons.add("disk " + disk.target() + ": " + image.get().path() + " holds " + snapshots
            + " internal snapshot(s) that a raw LV cannot keep; delete them, or plan with"
            + " --drop-snapshots to accept losing them");
      }
    }
    return reasons;
  }

  /** Bytes the domain's moved disks take from the target: LV sizes, or written data if thin. */
  private long spaceNeeded(DomainFacts facts) {
    long total = 0;
    for (DiskFacts disk : moved(facts)) {
      total += disk.image().map(image -> env.policy().target().thin()
          ? image.allocatedBytes()
          : Sizes.roundUp(image.virtualSizeBytes(), env.extentBytes())).orElse(0L);
    }
    return total;
  }

  private static List<DiskFacts> moved(DomainFacts facts) {
    return facts.disks().stream().filter(d -> d.verdict().role() == DiskRole.MOVE_DATA).toList();
  }

  private DomainPlan stopped(DomainFacts facts, String fingerprint, List<String> reasons) {
    List<DiskPlan> disks = facts.disks().stream()
        // A stopped domain may be one libvirt refuses, with a disk that has no target at all.
        .map(d -> DiskPlan.leave(d.view().declaredTargetDev().orElse("(no target)"),
            d.view().sourcePath().orElse(null), "domain not planned"))
        .toList();
    return new DomainPlan(facts.name(), facts.xml().flatMap(DomainXml::uuid).orElse(null),
        facts.state().label(), DomainOutcome.STOPPED, reasons, fingerprint, disks, List.of(), List.of(),
        null, null, "");
  }

  /** The edits to one domain's private copy of its definition. */
  private final class Edit {
    private final DomainFacts facts;
    private final DomainXml edited;
    private final List<DiskView> views;
    private final Set<String> usedTargets = new HashSet<>();
    private final List<Step> volumeSteps = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<DiskPlan> disks = new ArrayList<>();
    private final List<DiskView> needIothread = new ArrayList<>();
    private final List<List<String>> changes = new ArrayList<>();
    private final boolean windowsGate;
    private boolean warnedAboutGuestDriver;
    private final Optional<DiskView> stagingDisk;

    Edit(DomainFacts facts, DomainXml edited) {
      this.facts = facts;
      this.edited = edited;
      this.views = edited.disks();
      views.forEach(view -> usedTargets.add(view.targetDev()));
      this.stagingDisk = views.stream().filter(Edit::isStagingDisk).findFirst();
      this.windowsGate = edited.os().isWindows()
          && !env.policy().virtioReadyDomains().contains(facts.name())
          && !hasVirtioDataDisk(facts)
          && facts.disks().stream().anyMatch(d -> d.verdict().role() != DiskRole.LEAVE_ALONE
              && d.view().device().equals("disk")
              && !d.view().targetBus().orElse("").equals(Recipe.BUS));
      if (edited.os().isWindows() && !windowsGate && hasVirtioDataDisk(facts)
          && !env.policy().virtioReadyDomains().contains(facts.name())) {
        warnings.add("Windows guest with a virtio-blk disk already: its VirtIO storage driver is installed"
            + " and bound (viostor starts at boot once bound), so its other disks move to virtio too");
      }
    }

    /** A virtio-blk disk of the guest's own (not our temporary one): proof its driver is bound. */
    private static boolean hasVirtioDataDisk(DomainFacts facts) {
      return facts.disks().stream().anyMatch(d -> d.view().device().equals("disk")
          && d.view().targetBus().filter(Recipe.BUS::equals).isPresent() && !isStagingDisk(d.view()));
    }

    private static boolean isStagingDisk(DiskView view) {
      return view.sourcePath().filter(path -> path.matches(".*-" + STAGING_PURPOSE + "(-\\d+)?")).isPresent();
    }

    DomainPlan run(String original, String fingerprint) {
      // The temporary disk is the plan's own: never retuned, and its name freed once it goes.
      stagingDisk.filter(disk -> !windowsGate).ifPresent(disk -> usedTargets.remove(disk.targetDev()));
      for (int i = 0; i < facts.disks().size(); i++) {
        DiskFacts disk = facts.disks().get(i);
        List<String> diskChanges = new ArrayList<>();
        changes.add(diskChanges);
        if (disk.verdict().role() == DiskRole.LEAVE_ALONE || stagingDisk.equals(Optional.of(views.get(i)))) {
          continue;
        }
        editDisk(disk, views.get(i), diskChanges);
      }
      assignIothreads();
      boolean staged = stageWindows();
      addHugepages();
      for (int i = 0; i < facts.disks().size(); i++) {
        disks.add(diskPlan(facts.disks().get(i), views.get(i), changes.get(i)));
      }
      String revised = edited.toXml();
      List<Step> steps = new ArrayList<>(volumeSteps);
      if (!revised.equals(original)) {
        steps.add(new DefineDomain(facts.name(), fingerprint));
      }
      DomainOutcome outcome = outcome(staged, steps);
      boolean live = !facts.state().isShutOff() && facts.state() != DomainState.UNKNOWN;
      if (live && !moved(facts).isEmpty()) {
        warnings.add("the domain is " + facts.state().label() + ": apply copies only the images of shut-off"
            + " domains; shut it down first");
      } else if (live && !steps.isEmpty()) {
        warnings.add("the domain is " + facts.state().label() + ": the new definition takes effect at its next"
            + " cold boot (a full power-off and start, not a reboot from inside the guest)");
      }
      return new DomainPlan(facts.name(), edited.uuid().orElse(null), facts.state().label(), outcome,
          List.of(), fingerprint, disks, steps, warnings, original,
          steps.isEmpty() ? null : revised, XmlDiff.unified(facts.name(), original, revised));
    }

    private DomainOutcome outcome(boolean staged, List<Step> steps) {
      if (staged) {
        return DomainOutcome.STAGE;
      }
      if (!moved(facts).isEmpty()) {
        return DomainOutcome.MIGRATE;
      }
      return steps.isEmpty() ? DomainOutcome.UNCHANGED : DomainOutcome.RETUNE;
    }

    private void editDisk(DiskFacts disk, DiskView view, List<String> diskChanges) {
      if (disk.verdict().role() == DiskRole.MOVE_DATA) {
        moveData(disk, view, diskChanges);
      } else {
        disk.logicalVolume().ifPresent(lv -> readAheadOff(lv, diskChanges));
      }
      Optional<String> keptBus = KeptBus.reason(view);
      boolean busChange = view.device().equals("disk") && !view.targetBus().orElse("").equals(Recipe.BUS) && !windowsGate;
      if (busChange && keptBus.isPresent()) {
        diskChanges.add("bus " + view.targetBus().orElse("default") + " kept: " + keptBus.get());
      } else if (busChange) {
        String newTarget = TargetNames.nextFree(usedTargets, "vd");
        usedTargets.add(newTarget);
        diskChanges.add("bus " + view.targetBus().orElse("default") + " -> virtio, target "
            + view.targetDev() + " -> " + newTarget + ", old address dropped");
        if (!edited.os().isWindows() && !warnedAboutGuestDriver) {
          warnedAboutGuestDriver = true;
          warnings.add("a disk moves to virtio-blk: the guest's initramfs must hold virtio_blk (RHEL-like"
              + " guests built host-only do not: dracut -f --add-drivers 'virtio_blk virtio_pci' first;"
              + " Debian and Ubuntu include it), and it must mount by UUID or label, as the disk becomes "
              + newTarget);
        }
        view.setTarget(newTarget, Recipe.BUS);
        view.removeAddress();
      }
      set(view.cache(), env.policy().cacheMode(), view::setCache, "cache", diskChanges);
      set(view.io(), env.policy().ioMode(), view::setIo, "io", diskChanges);
      // detect_zeroes is left as it is: QEMU would scan every write for zeros, and with large thin
      // chunks zeroed writes rarely free a whole chunk anyway.
      if (env.discardSupported()) {
        set(view.discard(), "unmap", view::setDiscard, "discard", diskChanges);
      }
      if (view.targetBus().orElse("").equals(Recipe.BUS) && view.iothread().isEmpty()) {
        needIothread.add(view);
      }
    }

    private void moveData(DiskFacts disk, DiskView view, List<String> diskChanges) {
      PlanTarget target = env.policy().target();
      String lvName = env.names().allocate(facts.name(), disk.target());
      String device = "/dev/" + target.vg() + "/" + lvName;
      Optional<ImageFacts> image = disk.image();
      long size = image.map(i -> Sizes.roundUp(i.virtualSizeBytes(), env.extentBytes())).orElse(0L);
      String source = view.sourcePath().orElseThrow();
      // The declared format, never a guessed one: see QemuImg#info.
      String format = view.format().orElse("raw");
      volumeSteps.add(new CreateVolume(target.vg(), lvName, size, target.thinPool()));
      volumeSteps.add(new SetReadAhead(target.vg(), lvName, 0));
      long allocated = image.map(ImageFacts::allocatedBytes).orElse(0L);
      volumeSteps.add(new ConvertImage(source, format, device, target.thin(), size, allocated));
      volumeSteps.add(new VerifyCopy(source, format, device));
      diskChanges.add("source " + source + " -> " + device
          + (size > 0 ? " (" + Bytes.format(size) + ")" : " (size read at apply)"));
      if (!format.equals("raw")) {
        diskChanges.add("format " + format + " -> raw");
      }
      image.filter(ImageFacts::hasBackingChain).ifPresent(i -> diskChanges.add(
          "backing chain of " + i.backingChain().size() + " flattened into the LV"));
      view.setBlockSource(device);
      view.setDriverFormat("raw").forEach(dropped -> diskChanges.add(dropped + " dropped (qcow2 only)"));
    }

    private void readAheadOff(LogicalVolume lv, List<String> diskChanges) {
      if (lv.readAheadBytes().isPresent() && lv.readAheadBytes().getAsLong() == 0) {
        return;
      }
      volumeSteps.add(new SetReadAhead(lv.vgName(), lv.name(), 0));
      diskChanges.add("LV read-ahead "
          + (lv.readAheadBytes().isPresent() ? lv.readAheadBytes().getAsLong() + " bytes" : "auto")
          + " -> 0");
    }

    private void set(Optional<String> current, String wanted, Consumer<String> setter,
        String what, List<String> diskChanges) {
      if (!current.equals(Optional.of(wanted))) {
        diskChanges.add(what + " " + current.orElse("default") + " -> " + wanted);
        setter.accept(wanted);
      }
    }

    /** One new IOThread per virtio disk that has none; existing threads and ids are respected. */
    private void assignIothreads() {
      if (needIothread.isEmpty()) {
        return;
      }
      List<Integer> before = edited.iothreads().usableIds();
      edited.iothreads().setCount(edited.iothreads().count() + needIothread.size());
      List<Integer> fresh = new ArrayList<>(edited.iothreads().usableIds());
      fresh.removeAll(before);
      for (int i = 0; i < needIothread.size(); i++) {
        DiskView view = needIothread.get(i);
        view.setIothread(fresh.get(i));
        changes.get(views.indexOf(view)).add("iothread -> " + fresh.get(i));
      }
    }

    /**
     * A Windows guest whose VirtIO storage driver is not known to be bound keeps its buses; it
     * gets a small virtio disk so that one boot binds the driver. Once the operator confirms
     * (--virtio-ready), the bus switch happens and the temporary disk goes.
     */
    private boolean stageWindows() {
      if (!windowsGate) {
        stagingDisk.ifPresent(disk -> {
          DiskDevices.remove(disk);
          warnings.add("the temporary virtio disk " + disk.sourcePath().orElse("") + " is removed from"
              + " the definition; remove its LV afterwards (lvremove)");
        });
        return false;
      }
      if (stagingDisk.isPresent()) {
        warnings.add("Windows guest: waiting for its VirtIO storage driver. Boot it once with the"
            + " temporary virtio disk " + stagingDisk.get().sourcePath().orElse("") + ", check that"
            + " Windows sees it, then plan again with --virtio-ready=" + ShellWords.quote(facts.name()));
        return true;
      }
      PlanTarget target = env.policy().target();
      String lvName = env.names().allocate(facts.name(), STAGING_PURPOSE);
      long size = Sizes.roundUp(STAGING_SIZE_BYTES, env.extentBytes());
      volumeSteps.add(new CreateVolume(target.vg(), lvName, size, target.thinPool()));
      String targetDev = TargetNames.nextFree(usedTargets, "vd");
      DiskView staging = DiskDevices.addBlockDisk(edited, "/dev/" + target.vg() + "/" + lvName, targetDev);
      staging.setCache(env.policy().cacheMode());
      staging.setIo(env.policy().ioMode());
      warnings.add("Windows guest: its VirtIO storage driver is not known to be bound, so its disks keep"
          + " their buses for now. Apply adds a temporary virtio disk (" + targetDev + "); install the"
          + " VirtIO drivers in the guest (virtio-win) if they are not, boot it once so Windows binds"
          + " viostor to that disk, then plan again with --virtio-ready="
          + ShellWords.quote(facts.name()) + " to switch the buses");
      return true;
    }

    private void addHugepages() {
      if (!env.policy().hugepages() || edited.memoryBacking().hasHugepages() || edited.memoryKiB().isEmpty()
          || !env.hugepages().known()) {
        return;
      }
      long memoryKiB = edited.memoryKiB().getAsLong();
      Optional<Set<Integer>> nodes = edited.numaTune().memoryNodes();
      if (env.hugepages().take(memoryKiB, nodes)) {
        edited.memoryBacking().enableHugepages();
      } else {
        warnings.add("no hugepages: the guest needs " + Bytes.format(memoryKiB * 1024) + ", the host's"
            + " free hugepage pool" + nodes.map(n -> " on NUMA node " + n.stream().sorted().map(String::valueOf)
                .collect(Collectors.joining(", "))).orElse("") + " has "
            + Bytes.format(env.hugepages().availableKiB(nodes) * 1024) + " left for this plan (shut-off guests"
            + " already on hugepages keep theirs); reserve more at boot (virt-tune snippets, GRUB)");
      }
    }

    private DiskPlan diskPlan(DiskFacts disk, DiskView view, List<String> diskChanges) {
      String source = disk.view().sourcePath().orElse(null);
      if (stagingDisk.equals(Optional.of(view))) {
        return windowsGate
            ? DiskPlan.leave(disk.target(), source, "temporary virtio disk: lets Windows bind its VirtIO storage driver")
            : new DiskPlan(disk.target(), null, "remove", source, null, 0, List.of(),
                "temporary virtio disk: no longer needed", null);
      }
      if (disk.verdict().role() == DiskRole.LEAVE_ALONE) {
        return DiskPlan.leave(disk.target(), source, disk.verdict().reason().orElseThrow());
      }
      boolean move = disk.verdict().role() == DiskRole.MOVE_DATA;
      String destination = move ? view.sourcePath().orElse(null) : null;
      long size = move ? disk.image().map(i -> Sizes.roundUp(i.virtualSizeBytes(), env.extentBytes())).orElse(0L) : 0;
      return new DiskPlan(disk.target(), view.targetDev(), move ? "move" : "retune", source, destination,
          size, diskChanges, null, disk.image().map(Fingerprints::of).orElse(null));
    }
  }
}
