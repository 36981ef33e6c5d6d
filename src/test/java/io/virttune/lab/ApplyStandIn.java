package io.virttune.lab;

import io.virttune.lvm.LvmCli;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJson;
import io.virttune.plan.SetReadAhead;
import io.virttune.plan.Step;
import io.virttune.plan.VerifyCopy;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessRunner;
import io.virttune.qemu.Comparison;
import io.virttune.qemu.ConversionMethod;
import io.virttune.qemu.QemuImgCompare;
import io.virttune.qemu.QemuImgConvert;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Executes a plan's steps for scripts/bench/guest-io.sh until {@code virt-tune apply} lands:
 * LVs with LvmCli, the copy with QemuImgConvert, the check with QemuImgCompare, the new
 * definition with virsh. No journal, no rollback, no preflight: lab use on scratch guests only.
 * Usage: ApplyStandIn PLAN.json
 */
public final class ApplyStandIn {
  private ApplyStandIn() {}

  private static void run(Step step, DomainPlan domain, String uri, ProcessRunner runner, LvmCli lvm)
      throws Exception {
    if (step instanceof CreateVolume create) {
      if (create.thinPool() == null) {
        lvm.createLinear(create.vg(), create.name(), create.sizeBytes());
      } else {
        lvm.createThin(create.vg(), create.thinPool(), create.name(), create.sizeBytes());
      }
    } else if (step instanceof SetReadAhead readAhead) {
      lvm.setReadAhead(readAhead.vg(), readAhead.name(), readAhead.sectors());
    } else if (step instanceof ConvertImage convert) {
      new QemuImgConvert(runner).convert(
          convert.targetIsZero() ? ConversionMethod.FRESH_THIN_VOLUME : ConversionMethod.OVERWRITE_ALL,
          convert.source(), convert.sourceFormat(), convert.target(), progress -> {});
    } else if (step instanceof VerifyCopy verify) {
      Comparison comparison = new QemuImgCompare(runner).compare(verify.source(), verify.sourceFormat(),
          verify.target());
      if (!comparison.identical()) {
        throw new IllegalStateException("copy differs: " + comparison.detail());
      }
    } else if (step instanceof DefineDomain) {
      Path xml = Files.createTempFile("apply-stand-in-", ".xml");
      Files.writeString(xml, domain.newXml());
      runner.run(List.of("virsh", "-c", uri, "define", xml.toString())).requireSuccess();
      Files.delete(xml);
    } else {
      throw new IllegalStateException("the stand-in does not run " + step.describe());
    }
  }

  public static void main(String[] args) throws Exception {
    Plan plan = PlanJson.read(Files.readString(Path.of(args[0])), args[0]);
    ProcessRunner runner = new LocalProcessRunner();
    LvmCli lvm = new LvmCli(runner);
    for (DomainPlan domain : plan.domains()) {
      for (Step step : domain.steps()) {
        System.err.println("apply-stand-in: " + step.describe());
        run(step, domain, plan.uri(), runner, lvm);
      }
    }
  }
}
