package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One action of a plan, as data: apply executes it, a dry run prints it, the journal records it,
 * and tests assert on it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = CreateThinPool.class, name = "create-thin-pool"),
    @JsonSubTypes.Type(value = BackupDefinition.class, name = "backup-definition"),
    @JsonSubTypes.Type(value = CreateVolume.class, name = "create-volume"),
    @JsonSubTypes.Type(value = ZeroVolume.class, name = "zero-volume"),
    @JsonSubTypes.Type(value = SetReadAhead.class, name = "set-read-ahead"),
    @JsonSubTypes.Type(value = ConvertImage.class, name = "convert-image"),
    @JsonSubTypes.Type(value = VerifyCopy.class, name = "verify-copy"),
    @JsonSubTypes.Type(value = CopyLive.class, name = "copy-live"),
    @JsonSubTypes.Type(value = DefineDomain.class, name = "define-domain"),
    @JsonSubTypes.Type(value = RemoveVolume.class, name = "remove-volume")
})
public sealed interface Step
        permits CreateThinPool,
                BackupDefinition,
                CreateVolume,
                ZeroVolume,
                SetReadAhead,
                ConvertImage,
                VerifyCopy,
                CopyLive,
                DefineDomain,
                RemoveVolume {

    /** One line for people: what the step does, with the names and sizes involved. */
    String describe();

    /** The step's one name, in plan.json (its {@code kind}) and in the journal's entries. */
    default String kind() {
        return kindOf(getClass());
    }

    /** The name plan.json gives {@code type}: the one place a kind is spelled. */
    static String kindOf(Class<? extends Step> type) {
        for (JsonSubTypes.Type subtype :
                Step.class.getAnnotation(JsonSubTypes.class).value()) {
            if (subtype.value() == type) {
                return subtype.name();
            }
        }
        throw new IllegalStateException(type + " is not a kind of step plan.json knows");
    }

    /** Dispatches to the visitor's method for this kind: a new kind does not compile until each visitor handles it. */
    <R> R accept(Visitor<R> visitor);

    /** What is done with each kind of step: the executor, and whatever else must handle every kind. */
    interface Visitor<R> {
        R createThinPool(CreateThinPool step);

        R backupDefinition(BackupDefinition step);

        R createVolume(CreateVolume step);

        R zeroVolume(ZeroVolume step);

        R setReadAhead(SetReadAhead step);

        R convertImage(ConvertImage step);

        R verifyCopy(VerifyCopy step);

        R copyLive(CopyLive step);

        R defineDomain(DefineDomain step);

        R removeVolume(RemoveVolume step);
    }
}
