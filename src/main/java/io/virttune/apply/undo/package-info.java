/**
 * Going back and cleaning up: rollback to the definition before virt-tune, cleanup of the source
 * images a verified migration left, the removal of a Windows guest's temporary LV, and the
 * release of a thin pool virt-tune created; each asks custody before it removes a store
 * (docs/apply.md, "Custody").
 */
package io.virttune.apply.undo;
