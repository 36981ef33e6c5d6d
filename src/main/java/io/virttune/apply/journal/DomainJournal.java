package io.virttune.apply.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.apply.custody.DiskCustody;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything apply did to one domain, written durably before and after each step: enough to
 * resume after a crash or to roll back exactly what this tool created, and nothing else.
 *
 * @param planDigest the identity of the domain's plan (its steps and new definition): a resume
 *     with another plan is refused
 * @param createdVolumes every LV virt-tune created for the domain, as VG/LV, oldest first
 * @param volumeUuids the {@code lv_uuid} of each created LV, read right after {@code lvcreate}:
 *     an LV is removed only if it still has this uuid and virt-tune's tag
 * @param definedVolumes the created LVs an earlier, completed apply defined the domain on: a
 *     rollback that does not restore the definition from before virt-tune keeps them
 * @param earlierJournal the completed journal this one continues, archived; a rollback of this
 *     apply before its define makes it current again
 * @param disks the custody record of each disk this apply and the ones it continues copy: which
 *     source goes to which LV, whether the copy was verified, whether cleanup removed the source
 */
public record DomainJournal(
        String domain,
        String uuid,
        String planCreatedAt,
        String planFingerprint,
        String planDigest,
        Status status,
        String backupFile,
        List<String> sourceImages,
        List<String> createdVolumes,
        Map<String, String> volumeUuids,
        List<String> definedVolumes,
        String earlierJournal,
        List<JournalEntry> entries,
        List<DiskCustody> disks)
        implements JournalHistory {

    /** Where the migration of this domain stands. */
    public enum Status {
        IN_PROGRESS,
        COMPLETED,
        FAILED,
        ROLLED_BACK,
        /** Failed before it changed anything on the host: nothing to resume or to roll back. */
        NOTHING_CHANGED,
        /** Completed, and the source images were removed on request: there is no way back. */
        CLEANED_UP
    }

    public DomainJournal {
        // Journals written before a field existed read it as null.
        sourceImages = List.copyOf(orEmpty(sourceImages));
        createdVolumes = List.copyOf(orEmpty(createdVolumes));
        volumeUuids = Map.copyOf(volumeUuids == null ? Map.of() : volumeUuids);
        definedVolumes = List.copyOf(orEmpty(definedVolumes));
        entries = List.copyOf(orEmpty(entries));
        disks = List.copyOf(orEmpty(disks));
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    public static DomainJournal start(
            String domain,
            String uuid,
            String planCreatedAt,
            String fingerprint,
            String planDigest,
            String backupFile,
            List<String> sourceImages,
            List<DiskCustody> disks) {
        return new DomainJournal(
                domain,
                uuid,
                planCreatedAt,
                fingerprint,
                planDigest,
                Status.IN_PROGRESS,
                backupFile,
                sourceImages,
                List.of(),
                Map.of(),
                List.of(),
                null,
                List.of(),
                disks);
    }

    /**
     * A journal for a later apply of a domain an earlier one completed: it keeps that one's
     * original backup, sources and LVs, and knows which of those LVs the domain is defined on.
     */
    public DomainJournal continuing(String archived, List<String> moreSources, List<DiskCustody> moreDisks) {
        List<String> allSources = new ArrayList<>(sourceImages);
        moreSources.stream().filter(source -> !allSources.contains(source)).forEach(allSources::add);
        List<DiskCustody> allDisks = new ArrayList<>(disks);
        moreDisks.stream()
                .filter(disk ->
                        allDisks.stream().noneMatch(known -> known.volume().equals(disk.volume())))
                .forEach(allDisks::add);
        List<String> defined = new ArrayList<>(definedVolumes);
        createdVolumes.stream().filter(volume -> !defined.contains(volume)).forEach(defined::add);
        return new DomainJournal(
                domain,
                uuid,
                planCreatedAt,
                planFingerprint,
                planDigest,
                Status.IN_PROGRESS,
                backupFile,
                allSources,
                createdVolumes,
                volumeUuids,
                defined,
                archived,
                List.of(),
                allDisks);
    }

    public DomainJournal forPlan(String createdAt, String fingerprint, String digest) {
        return new DomainJournal(
                domain,
                uuid,
                createdAt,
                fingerprint,
                digest,
                status,
                backupFile,
                sourceImages,
                createdVolumes,
                volumeUuids,
                definedVolumes,
                earlierJournal,
                entries,
                disks);
    }

    public DomainJournal with(JournalEntry entry) {
        List<JournalEntry> more = new ArrayList<>(entries);
        more.add(entry);
        return changed(status, backupFile, createdVolumes, volumeUuids, more, disks);
    }

    public DomainJournal withCreatedVolume(String vgSlashLv) {
        List<String> more = new ArrayList<>(createdVolumes);
        if (!more.contains(vgSlashLv)) {
            more.add(vgSlashLv);
        }
        return changed(status, backupFile, more, volumeUuids, entries, disks);
    }

    /** Forgets a volume whose lvcreate failed: the name may be someone else's now. */
    public DomainJournal withoutCreatedVolume(String vgSlashLv) {
        Map<String, String> uuids = new LinkedHashMap<>(volumeUuids);
        uuids.remove(vgSlashLv);
        List<String> fewer = createdVolumes.stream()
                .filter(volume -> !volume.equals(vgSlashLv))
                .toList();
        return changed(status, backupFile, fewer, uuids, entries, disks);
    }

    public DomainJournal withVolumeUuid(String vgSlashLv, String lvUuid) {
        Map<String, String> uuids = new LinkedHashMap<>(volumeUuids);
        uuids.put(vgSlashLv, lvUuid);
        return changed(status, backupFile, createdVolumes, uuids, entries, disks);
    }

    public DomainJournal withBackupFile(String file) {
        return changed(status, file, createdVolumes, volumeUuids, entries, disks);
    }

    public DomainJournal withStatus(Status next) {
        return changed(next, backupFile, createdVolumes, volumeUuids, entries, disks);
    }

    /** This journal with {@code disk}'s record in place of the one for the same LV. */
    public DomainJournal withDisk(DiskCustody disk) {
        List<DiskCustody> next = disks.stream()
                .map(known -> known.volume().equals(disk.volume()) ? disk : known)
                .toList();
        return changed(status, backupFile, createdVolumes, volumeUuids, entries, next);
    }

    /** This journal with what changes over an apply's life replaced; what it records the apply of stays. */
    private DomainJournal changed(
            Status status,
            String backupFile,
            List<String> createdVolumes,
            Map<String, String> volumeUuids,
            List<JournalEntry> entries,
            List<DiskCustody> disks) {
        return new DomainJournal(
                domain,
                uuid,
                planCreatedAt,
                planFingerprint,
                planDigest,
                status,
                backupFile,
                sourceImages,
                createdVolumes,
                volumeUuids,
                definedVolumes,
                earlierJournal,
                entries,
                disks);
    }

    /** This journal with the custody record of the LV at {@code device} verified: a compare or a pivot proved it. */
    public DomainJournal verified(String device) {
        DomainJournal next = this;
        for (DiskCustody disk : disks) {
            if (disk.volumeDevice().equals(device)) {
                next = next.withDisk(disk.asVerified());
            }
        }
        return next;
    }

    /**
     * The custody records, with one for each source an older journal, written before custody was
     * journaled, names without one: its LV unknown, so nothing counts as its copy.
     */
    @JsonIgnore
    public List<DiskCustody> custody() {
        List<DiskCustody> all = new ArrayList<>(disks);
        sourceImages.stream()
                .filter(source -> disks.stream().noneMatch(disk -> disk.source().equals(source)))
                .forEach(source -> all.add(new DiskCustody(source, null, false, null)));
        return all;
    }

    /** The LVs this apply itself created, without those an earlier apply left defined. */
    @JsonIgnore
    public List<String> ownVolumes() {
        return createdVolumes.stream()
                .filter(volume -> !definedVolumes.contains(volume))
                .toList();
    }
}
