package io.virttune.inspect;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.libvirt.DomainState;
import io.virttune.recipe.DiskClassifier;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Facts from domain XML files (as {@code virsh dumpxml} exports them into configuration
 * management) instead of a live host: definitions only, with no image sizes, no LVM and no
 * state. Planning from them says what it had to assume.
 */
public final class DomainFiles {
    /** The scheme of the URI an offline plan names instead of a host's. */
    static final String URI_SCHEME = "file:";

    private DomainFiles() {}

    public static HostFacts read(List<Path> paths) {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            files.addAll(expand(path));
        }
        List<DomainFacts> domains = new ArrayList<>();
        for (Path file : files) {
            domains.add(read(file));
        }
        domains.sort(Comparator.comparing(DomainFacts::name));
        HostIdentity identity = new HostIdentity(
                URI_SCHEME + String.join(",", paths.stream().map(Path::toString).toList()),
                "(offline)",
                "unknown",
                "unknown");
        return new HostFacts(identity, Optional.empty(), Optional.empty(), domains, List.of());
    }

    private static List<Path> expand(Path path) {
        if (!Files.isDirectory(path)) {
            if (!Files.isRegularFile(path)) {
                throw VirtTuneException.usage("domain XML " + path + " does not exist");
            }
            return List.of(path);
        }
        try (Stream<Path> listing = Files.list(path)) {
            return listing.filter(p -> p.getFileName().toString().endsWith(".xml"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw IoErrors.failed("list", path, e);
        }
    }

    private static DomainFacts read(Path file) {
        String origin = file.toString();
        try {
            DomainXml xml = DomainXml.parse(Files.readString(file), origin);
            List<DiskFacts> disks = new ArrayList<>();
            for (DiskView disk : xml.disks()) {
                disks.add(new DiskFacts(
                        disk, DiskClassifier.classify(disk), Optional.empty(), Optional.empty(), Optional.empty()));
            }
            return new DomainFacts(xml.name(), DomainState.UNKNOWN, Optional.of(xml), disks, Optional.empty());
        } catch (IOException e) {
            return DomainFacts.unreadable(origin, DomainState.UNKNOWN, IoErrors.message("read", file, e));
        } catch (VirtTuneException e) {
            return DomainFacts.unreadable(origin, DomainState.UNKNOWN, e.getMessage());
        }
    }
}
