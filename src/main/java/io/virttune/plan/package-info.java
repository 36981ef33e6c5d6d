/**
 * Planning: from a host's facts and a policy, the plan (plan.json) with each domain's outcome and
 * reasons, its rewritten definition and its steps; pure, it reads and changes nothing on the host
 * (docs/plan.md).
 *
 * <h2>The plan file ({@link Plan}, {@link Step})</h2>
 *
 * <p>A {@link Plan} is serialised as plan.json, schema {@code virt-tune/plan} (its fields:
 * docs/json.md). The host's libvirt, hypervisor and kernel versions and its CPUs, as they were at
 * planning time, are recorded in it (each null when not read): apply plans again with what they
 * allowed. Each {@link Step} is serialised in plan.json with its {@code kind}.
 *
 * <h2>What a thin pool needs ({@link ThinPoolNeed}, {@link DiskSpace}, {@link SpaceLedger})</h2>
 *
 * <p>A linear LV takes its whole size from the VG. A thin LV takes what its pool will provision:
 * the image's data in whole chunks of the pool's size (a thin pool allocates nothing smaller, so an
 * image's {@code actual-size} is no measure of it). A disk copied live provisions its whole thin LV
 * while it copies (QEMU 7.2's mirror writes every zero), until apply gives the zero chunks back at
 * the pivot (docs/live.md): the pool must hold it all.
 *
 * <p>The room a plan may use is, for linear LVs, the VG's free space less the over-provisioning
 * reserve; for thin LVs the pool's free data and metadata (thin volumes allocate whole chunks as
 * data is written, so an image's data in chunks of the pool's size is what it will take). It is
 * debited domain by domain, so that the whole plan is checked, not each disk alone.
 *
 * <p>What the plan counted a moved disk for is recorded with the disk ({@link ThinPoolNeed}):
 * chunks as {@code qemu-img map} showed them at planning time, or the image's allocated bytes where
 * its data could not be mapped. Apply counts the chunks again before each copy.
 *
 * <h2>What the emulator can run ({@link EmulatorGate})</h2>
 *
 * <p>A plan that adds IOThreads, a virtio disk or hugepages the emulator lacks is not made: libvirt
 * would refuse the definition, or the guest fail to start, after the data was copied. Where the
 * domain capabilities were not read (XML files, recorded host facts) the versions alone decide.
 * The check needs the domain's new definition, so it runs once the domain is planned; a domain it
 * stops gives back the room and the hugepages it was counted for.
 *
 * <h2>Sharing out hugepages ({@link HugepageBudget})</h2>
 *
 * <p>A domain gets hugepages only while the pool can hold every domain given them so far, and every
 * shut-off guest already on hugepages (it claims its pages when it starts).
 *
 * <p>On a host with several NUMA nodes, a guest whose memory is bound to some nodes draws only on
 * their pools. Where an unbound guest's pages come from is the kernel's choice at start, so each
 * node is assumed to supply all of them: a later bound guest is never promised pages an unbound one
 * may take.
 *
 * <h2>IOThreads for virtio disks ({@link IothreadAssignment})</h2>
 *
 * <p>Where libvirt and QEMU can ({@link QueueIothreads}) and the guest has several vCPUs, each
 * virtio disk without an IOThread gets a queue per vCPU spread over a pool of min(vCPUs, host CPUs,
 * {@value IothreadAssignment#POOL_LIMIT}) IOThreads the domain's disks share; else one IOThread a
 * disk. New IOThreads follow the domain's pinning (docs/plan.md, "IOThreads").
 */
package io.virttune.plan;
