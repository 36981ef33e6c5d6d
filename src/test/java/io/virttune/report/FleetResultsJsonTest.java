package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.apply.DomainResult;
import io.virttune.fleet.HostResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The JSON of a fleet apply and of a fleet rollback has exactly the fields docs/fleet.md documents
 * for them (its table after "written by `io.virttune.report.FleetResultsReport`"), and its schema.
 */
class FleetResultsJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<HostResults> HOSTS = List.of(
      new HostResults("hv01", List.of(new DomainResult("web01", DomainResult.Result.DONE, "moved")), Optional.empty()),
      HostResults.failed("hv02", "cannot reach hv02 over ssh"));

  @Test
  void everyFieldWrittenIsDocumentedAndEveryDocumentedFieldIsWritten() throws Exception {
    Set<String> documented = documented();
    for (FleetResultsReport report : List.of(FleetResultsReport.APPLY, FleetResultsReport.ROLLBACK)) {
      JsonNode json = JSON.readTree(report.json(HOSTS, true));
      Set<String> written = new TreeSet<>();
      collect(json, "", written);

      assertEquals(documented, written, report.schema());
      assertEquals(report.schema(), json.get("schema").asText());
    }
    assertEquals("virt-tune/fleet-rollback", FleetResultsReport.ROLLBACK.schema());
    assertEquals("virt-tune/fleet-apply", FleetResultsReport.APPLY.schema());
  }

  private static void collect(JsonNode node, String path, Set<String> paths) {
    if (node.isArray()) {
      node.forEach(element -> collect(element, path + "[]", paths));
      return;
    }
    node.fields().forEachRemaining(field -> {
      String name = (path.isEmpty() ? "" : path + ".") + field.getKey();
      paths.add(name);
      collect(field.getValue(), name, paths);
    });
  }

  private static Set<String> documented() throws Exception {
    List<String> lines = Files.readAllLines(Path.of("docs/fleet.md"));
    int start = 0;
    while (!lines.get(start).contains("written by `io.virttune.report.FleetResultsReport`")) {
      start++;
    }
    Set<String> fields = new TreeSet<>();
    Pattern code = Pattern.compile("`([^`]+)`");
    for (int i = start + 4; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      Matcher names = code.matcher(lines.get(i).split("\\|")[1]);
      while (names.find()) {
        fields.add(names.group(1));
      }
    }
    return fields;
  }
}
