package io.virttune.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.virttune.VirtTuneException;

/** Writes and reads plan.json; reading refuses another schema or a newer version than this one. */
public final class PlanJson {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private PlanJson() {}

  public static String write(Plan plan) {
    try {
      return MAPPER.writeValueAsString(plan) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the plan", e);
    }
  }

  public static Plan read(String json, String origin) {
    Plan plan;
    try {
      plan = MAPPER.readValue(json, Plan.class);
    } catch (JsonProcessingException e) {
      throw VirtTuneException.failed(origin + " is not a virt-tune plan: " + e.getOriginalMessage());
    }
    if (!Plan.SCHEMA.equals(plan.schema()) || plan.version() > Plan.VERSION) {
      throw VirtTuneException.failed(origin + " has schema " + plan.schema() + " version " + plan.version()
          + "; this virt-tune reads " + Plan.SCHEMA + " up to version " + Plan.VERSION);
    }
    return plan;
  }
}
