package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One action of a plan, as data: apply executes it, a dry run prints it, the journal records it,
 * and tests assert on it. Serialised in plan.json with its {@code kind}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = CreateThinPool.class, name = "create-thin-pool"),
  @JsonSubTypes.Type(value = CreateVolume.class, name = "create-volume"),
  @JsonSubTypes.Type(value = SetReadAhead.class, name = "set-read-ahead"),
  @JsonSubTypes.Type(value = ConvertImage.class, name = "convert-image"),
  @JsonSubTypes.Type(value = VerifyCopy.class, name = "verify-copy"),
  @JsonSubTypes.Type(value = DefineDomain.class, name = "define-domain")
})
public sealed interface Step
    permits CreateThinPool, CreateVolume, SetReadAhead, ConvertImage, VerifyCopy, DefineDomain {

  /** One line for people: what the step does, with the names and sizes involved. */
  String describe();
}
