package io.virttune.plan;

/**
 * Back up the domain's current definition, read with its secrets, into the state directory: what
 * a rollback defines again. It comes right before the define.
 */
public record BackupDefinition(String domain) implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.backupDefinition(this);
    }

    @Override
    public String describe() {
        return "back up the current definition of '" + domain + "', with its secrets";
    }
}
