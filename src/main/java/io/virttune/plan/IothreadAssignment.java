package io.virttune.plan;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import io.virttune.xml.IothreadPinning;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * IOThreads for the virtio disks that have none, existing threads and ids respected.
 */
final class IothreadAssignment {
    /**
     * More IOThreads than vCPUs cannot help (the guest submits from at most one queue a vCPU), nor
     * more than the host has CPUs (each IOThread is a host thread that may poll a core); 4 to 8
     * saturate devices of 100k to 500k IOPS (Ganeti's measurements): the lower end.
     */
    static final int POOL_LIMIT = 4;

    private IothreadAssignment() {}

    /** @param changes each disk's change lines, in the order of {@code views} */
    static void assign(
            DomainXml edited,
            List<DiskView> needIothread,
            List<DiskView> views,
            List<List<String>> changes,
            QueueIothreads stack) {
        if (needIothread.isEmpty()) {
            return;
        }
        int vcpus = edited.vcpus();
        int pool = Math.min(Math.min(vcpus, POOL_LIMIT), stack.hostCpus().orElse(POOL_LIMIT));
        List<String> first = changes.get(views.indexOf(needIothread.get(0)));
        if (stack.available() && pool >= 2) {
            List<Integer> ids = fresh(edited, pool);
            pin(edited, ids).ifPresent(first::add);
            String threads = ids.stream().map(String::valueOf).collect(Collectors.joining(","));
            for (DiskView view : needIothread) {
                int queues = view.queues().orElse(vcpus);
                view.setQueueIothreads(queues, ids);
                changes.get(views.indexOf(view))
                        .add("queues " + queues + " on IOThreads " + threads + " (" + stack.reason()
                                + ": a queue a vCPU over " + poolRule(vcpus, stack.hostCpus())
                                + ", shared by the domain's disks)");
            }
            return;
        }
        String why = !stack.available() ? stack.reason() : vcpus < 2 ? "1 vCPU: one queue" : "1 host CPU";
        List<Integer> ids = fresh(edited, needIothread.size());
        for (int i = 0; i < needIothread.size(); i++) {
            DiskView view = needIothread.get(i);
            view.setIothread(ids.get(i));
            changes.get(views.indexOf(view)).add("iothread -> " + ids.get(i) + " (one IOThread a disk: " + why + ")");
        }
        pin(edited, ids).ifPresent(first::add);
    }

    /** The pool's size rule in words, with this domain's and host's numbers. */
    private static String poolRule(int vcpus, OptionalInt hostCpus) {
        return hostCpus.isPresent()
                ? "min(" + vcpus + " vCPUs, " + hostCpus.getAsInt() + " host CPUs, " + POOL_LIMIT + ") IOThreads"
                : "min(" + vcpus + " vCPUs, " + POOL_LIMIT + ") IOThreads (the host's CPUs were not read)";
    }

    /**
     * New IOThreads follow the domain's pinning: the CPUs its other IOThreads share, else its
     * emulator's, else the CPUs its vCPUs are pinned to (their NUMA node's, without reaching into
     * CPUs the operator may have given other guests); a domain that pins nothing leaves them to
     * libvirt's placement, as its others. Returns the change line, empty when nothing is pinned.
     */
    private static Optional<String> pin(DomainXml edited, List<Integer> ids) {
        IothreadPinning pinning = edited.iothreadPinning();
        List<String> others = pinning.iothreadCpusets().stream().distinct().toList();
        String threads = "IOThread" + (ids.size() > 1 ? "s " : " ")
                + ids.stream().map(String::valueOf).collect(Collectors.joining(","));
        if (others.size() == 1) {
            return pinAll(
                    pinning,
                    ids,
                    others.get(0),
                    threads + " pinned to CPUs " + others.get(0) + ", as the domain's other IOThreads");
        }
        String apart = others.isEmpty()
                ? ""
                : " (the domain's IOThreads are pinned to different CPUs: " + String.join(" / ", others) + ")";
        Optional<String> emulator = pinning.emulatorCpuset();
        if (emulator.isPresent()) {
            return pinAll(
                    pinning,
                    ids,
                    emulator.get(),
                    threads + " pinned to CPUs " + emulator.get() + ", the emulator's" + apart);
        }
        Optional<String> vcpus = pinning.vcpuCpus(edited.vcpus()).map(Object::toString);
        if (vcpus.isPresent()) {
            return pinAll(
                    pinning,
                    ids,
                    vcpus.get(),
                    threads + " pinned to CPUs " + vcpus.get() + ", its vCPUs' (on their"
                            + " NUMA node; the emulator is not pinned)" + apart);
        }
        if (!others.isEmpty()) {
            return Optional.of(threads + " not pinned: the domain's IOThreads are pinned to different CPUs ("
                    + String.join(" / ", others)
                    + ") and its emulator and vCPUs to none; pin them with virsh iothreadpin");
        }
        return edited.numaTune()
                .memoryNodes()
                .map(
                        nodes -> threads + " not pinned: the domain's memory is bound to NUMA"
                                + " node "
                                + nodes.stream().sorted().map(String::valueOf).collect(Collectors.joining(","))
                                + " and it pins no"
                                + " thread: its IOThreads may run on another node's CPUs; pin them to that node's with virsh iothreadpin");
    }

    private static Optional<String> pinAll(IothreadPinning pinning, List<Integer> ids, String cpuset, String change) {
        ids.forEach(id -> pinning.pin(id, cpuset));
        return Optional.of(change);
    }

    /** {@code count} new IOThread ids, the domain's count grown to match. */
    private static List<Integer> fresh(DomainXml edited, int count) {
        List<Integer> before = edited.iothreads().usableIds();
        edited.iothreads().setCount(edited.iothreads().count() + count);
        List<Integer> fresh = new ArrayList<>(edited.iothreads().usableIds());
        fresh.removeAll(before);
        return fresh;
    }
}
