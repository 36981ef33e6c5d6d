package io.virttune.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.apply.DomainResult;
import java.util.List;
import java.util.Locale;

/**
 * What apply, rollback or cleanup did to each domain, as JSON: schema {@code virt-tune/COMMAND}
 * version 1, versioned as every --json output is (docs/json.md).
 */
public final class ResultsJsonReport {
  public static final int VERSION = 1;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ResultsJsonReport() {}

  /** {@code command} is apply, rollback or cleanup; {@code execute} false for a dry run. */
  public static String render(String command, boolean execute, List<DomainResult> results) {
    ObjectNode root = NODES.objectNode().put("schema", "virt-tune/" + command).put("version", VERSION)
        .put("execute", execute);
    ArrayNode domains = root.putArray("domains");
    for (DomainResult result : results) {
      domains.addObject().put("name", result.domain())
          .put("result", result.result().name().toLowerCase(Locale.ROOT))
          .put("detail", result.detail());
    }
    return JsonDocument.text(root);
  }
}
