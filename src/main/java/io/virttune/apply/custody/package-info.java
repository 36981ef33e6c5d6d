/**
 * Custody of a disk's bytes: which stores hold them, which holds the newest, and the one rule
 * that decides whether a command may remove or overwrite a store now.
 *
 * <p>A migrated disk has two stores: its source image and the LV virt-tune copied it into (a
 * Windows guest's temporary volume is a store of its own, with no copy). Its custody record, in
 * the domain's journal, pairs them and says whether the LV was verified equal to the source (a
 * compare, or a pivot that made the guest run on it) and whether cleanup removed the source.
 * Which store holds the newest bytes is never journaled: it is read from the host when a command
 * decides, since the store a guest ran on last is the one its definitions (persistent and live)
 * name, and a guest may be started by hand or by an HA agent between any two commands.
 *
 * <p>Every command that removes a store (rollback, cleanup, the temporary volume's removal) first
 * describes what it is about to do as a {@link io.virttune.apply.custody.CustodyChange}: the stores
 * it would remove and the definition the domain would have afterwards. {@link
 * io.virttune.apply.custody.Custody#check} answers with the rules the change breaks, and the
 * command changes nothing when there is one. The rules, each named in its refusal:
 *
 * <ul>
 *   <li>{@code in-use}: no store that a definition names afterwards (any domain's, persistent or
 *       live, a pool volume resolved to its path) is removed;
 *   <li>{@code way-back}: every store of the domain's definition afterwards exists, so that a
 *       rollback never defines a guest on an image cleanup deleted;
 *   <li>{@code last-copy}: every disk keeps at least one store that holds its newest bytes or was
 *       verified equal to them;
 *   <li>{@code newest}: the store the guest runs on now is not removed, unless the operator said
 *       {@code --force} and another store of the disk stays; the writes that go are named.
 * </ul>
 *
 * <p>The rule is only as good as the host it reads, so each command takes the domain's lock
 * first and reads the journal and the definitions again under it (see {@code StateDirectory}).
 */
package io.virttune.apply.custody;
