package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.apply.ResultsJsonSamples;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.inspect.EmulatorSamples;
import io.virttune.inspect.GuestWriteRate;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanJsonSamples;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/json.md and the JSON virt-tune writes agree, schema by schema. Each schema's documents are
 * made through the commands' own code, hermetically: the bundled example host (in-process through
 * Main), the apply harness, the recorded bench results, Windows plans the example cannot give,
 * and a fleet of recorded hosts (its apply and rollback through the stand-in ssh and virt-tune).
 * Every field of every object written must be in its schema's table, of the type the table
 * says, and present unless the table marks it optional; every field of a table must be written
 * by some document. docs/json.md says how its tables read.
 */
class JsonSchemaDocsTest {
    private static final Path DOC = Path.of("docs/json.md");
    /** Reads a whole stdout: one document, nothing after it. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static final String EXAMPLE = "examples/hv01";
    private static final String UNREACHABLE = "test:///nonexistent/node.xml";

    /** Every schema the product writes, by the names its writers use. */
    private static final List<String> SCHEMAS = List.of(
            InspectJsonReport.SCHEMA,
            Plan.SCHEMA,
            "virt-tune/apply",
            "virt-tune/rollback",
            "virt-tune/cleanup",
            "virt-tune/calibration",
            BenchJsonReport.SCHEMA,
            FleetJsonReport.SCHEMA,
            FleetPlanJson.SCHEMA,
            FleetResultsReport.APPLY.schema(),
            FleetResultsReport.ROLLBACK.schema(),
            "virt-tune/bench-run",
            FleetResultsReport.BENCH.schema(),
            FleetBenchReport.SCHEMA,
            SnippetsJsonReport.SCHEMA);

    @TempDir
    static Path temp;

    private static Map<String, Schema> documented;
    /** Each schema's documents, each with what made it. */
    private static final Map<String, List<Sample>> SAMPLES = new LinkedHashMap<>();

    record Sample(String origin, JsonNode json) {}

    @BeforeAll
    static void readTheDocAndMakeTheDocuments() throws Exception {
        documented = Schema.read(DOC);

        String inventory = fleetInventory();
        run(InspectJsonReport.SCHEMA, "inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", EXAMPLE, "--json");
        run(
                InspectJsonReport.SCHEMA,
                "inspect",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                temp.resolve("without-lvm").toString(),
                "--json");
        add(
                InspectJsonReport.SCHEMA,
                "the inspect report of a host whose libvirt described one emulator and refused"
                        + " another's KVM (EmulatorSamples)",
                InspectJsonReport.document(EmulatorSamples.twoEmulators()) + "\n");

        for (List<String> target : List.of(
                List.of("--thin-pool", "vg_fast/tpool"),
                List.of("--thin-pool", "vg_fast/tpool", "--copy-rate", "100M", "--window", "30m"),
                List.of("--thin-pool", "vg_fast/new", "--create-thin-pool", "100G"),
                List.of("--vg", "vg_fast", "--live"),
                List.of("--vg", "vg_fast", "--live", "--bandwidth", "50M", "--copy-rate", "100M"))) {
            List<String> args =
                    new ArrayList<>(List.of("plan", "--all", "--connect", Cli.EXAMPLE_URI, "--host-facts", EXAMPLE));
            args.addAll(target);
            args.add("--json");
            run(Plan.SCHEMA, args.toArray(String[]::new));
        }
        Path calibrated = temp.resolve("state-calibrated");
        Calibration calibration = new Calibration(
                "vg_fast",
                "tpool",
                "/dev/vg_fast/virt-tune-calibration-7",
                1L << 30,
                200L << 20,
                1L << 30,
                300L << 20,
                128L << 20,
                25L << 20,
                "2026-12-01T22:00:00Z",
                null);
        new StateDirectory(calibrated).save(calibration);
        run(
                Plan.SCHEMA,
                "plan",
                "--all",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                EXAMPLE,
                "--thin-pool",
                "vg_fast/tpool",
                "--window",
                "30m",
                "--state-dir",
                calibrated.toString(),
                "--json");
        add(
                "virt-tune/calibration",
                "calibrate --execute's result",
                CalibrationReport.json(true, Optional.of(calibration)));
        add(
                "virt-tune/calibration",
                "calibrate --mirror --execute's result",
                CalibrationReport.json(
                        true,
                        Optional.of(calibration.withMirror(
                                new Calibration.Mirror(
                                        "web01",
                                        "vda",
                                        912L << 20,
                                        45L << 20,
                                        new GuestWriteRate(412, 1648L << 10, 20_000)),
                                "2026-12-01T22:01:00Z"))));
        add("virt-tune/calibration", "calibrate's dry run", CalibrationReport.json(false, Optional.empty()));
        run(
                Plan.SCHEMA,
                "plan",
                "--all",
                "--from-xml",
                "src/test/resources/xml/windows-sata.xml",
                "--from-xml",
                "src/test/resources/xml/linux-virtio.xml",
                "--vg",
                "vg_fast",
                "--json");
        for (String plan : PlanJsonSamples.windowsGuestStagedThenSwitched()) {
            add(
                    Plan.SCHEMA,
                    "the planner on a Windows guest staged, then switched on its guest agent's evidence",
                    plan);
        }

        for (String command : List.of("apply", "rollback", "cleanup")) {
            for (String results : ResultsJsonSamples.of(command, temp.resolve("state-" + command))) {
                add("virt-tune/" + command, command + " of site1 through the apply harness", results);
            }
        }

        run(
                BenchJsonReport.SCHEMA,
                "bench",
                "compare",
                "guest-io",
                "before",
                "after",
                "--state-dir",
                "src/test/resources/io/virttune/bench",
                "--json");
        // The example's guests have no agent: each domain fails, one of them not running.
        run(
                "virt-tune/bench-run",
                "bench",
                "db*",
                "ci-runner",
                "--label",
                "before",
                "--connect",
                Cli.EXAMPLE_URI,
                "--state-dir",
                temp.resolve("bench").toString(),
                "--json");

        run(
                SnippetsJsonReport.SCHEMA,
                "snippets",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                EXAMPLE,
                "--out",
                temp.resolve("snippets").toString(),
                "--json");
        run(
                SnippetsJsonReport.SCHEMA,
                "snippets",
                "--hosts",
                inventory,
                "--out",
                temp.resolve("fleet-snippets").toString(),
                "--json");
        run(FleetJsonReport.SCHEMA, "inspect", "--hosts", inventory, "--json");
        Path fleetPlan = temp.resolve("fleet-plan.json");
        run(
                FleetPlanJson.SCHEMA,
                "plan",
                "--all",
                "--hosts",
                inventory,
                "--vg",
                "vg_fast",
                "--json",
                "--out",
                fleetPlan.toString());
        RecordedFleet fleet = new RecordedFleet(temp.resolve("ssh"), "hv02");
        add(
                FleetResultsReport.APPLY.schema(),
                "virt-tune apply FLEET-PLAN --json over the stand-in ssh",
                fleet.run("apply", fleetPlan.toString(), "--json"));
        add(
                FleetResultsReport.ROLLBACK.schema(),
                "virt-tune rollback --hosts FLEET-PLAN web01 --json over the stand-in ssh",
                fleet.run("rollback", "--hosts", fleetPlan.toString(), "web01", "--json"));
        add(
                FleetResultsReport.BENCH.schema(),
                "virt-tune bench --hosts FLEET-PLAN web01 --json over the stand-in ssh",
                fleet.run("bench", "--hosts", fleetPlan.toString(), "web01", "--label", "before", "--json"));
        run(FleetBenchReport.SCHEMA, "bench", "compare", "--hosts", benchedInventory(), "before", "after", "--json");
    }

    /**
     * Four recorded hosts: hv01 with every variable a fleet plan keeps, hv02 (unreachable over ssh
     * when its plan is applied), hv03 whose libvirt cannot be reached, hv04 whose LVM cannot be read.
     */
    private static String fleetInventory() throws IOException {
        Path withoutLvm = temp.resolve("without-lvm");
        copy(Path.of(EXAMPLE), withoutLvm);
        try (Stream<Path> reports = Files.list(withoutLvm.resolve("lvm"))) {
            for (Path report : reports.toList()) {
                Files.delete(report);
            }
        }
        String recorded = " virt_tune_uri=" + Cli.EXAMPLE_URI + " virt_tune_host_facts=";
        return Files.writeString(
                        temp.resolve("inventory.ini"),
                        String.join(
                                "\n",
                                "[kvm]",
                                "hv01 ansible_host=hv01.example ansible_user=ops ansible_port=2222"
                                        + " ansible_private_key_file=~/.ssh/kvm_ed25519"
                                        + " ansible_ssh_common_args='-o ProxyJump=jump' ansible_ssh_extra_args=-4"
                                        + recorded + EXAMPLE,
                                "hv02" + recorded + EXAMPLE,
                                "hv03 virt_tune_uri=" + UNREACHABLE + " virt_tune_host_facts=" + EXAMPLE,
                                "hv04" + recorded + withoutLvm,
                                ""))
                .toString();
    }

    /**
     * Two recorded hosts whose bench stored runs: hv-a the lab's recorded before and after of one
     * guest, and a second guest with a before only; hv-b nothing, so it fails.
     */
    private static String benchedInventory() throws IOException {
        Path hvA = temp.resolve("benched-hv-a");
        Path recorded = Path.of("src/test/resources/io/virttune/bench/guest-io");
        for (String label : List.of("before", "after")) {
            copy(
                    recorded.resolve(label + ".json"),
                    Files.createDirectories(hvA.resolve("host/var/lib/virt-tune/bench/vt-bench"))
                            .resolve(label + ".json"));
        }
        Files.writeString(
                Files.createDirectories(hvA.resolve("host/var/lib/virt-tune/bench/web02"))
                        .resolve("before.json"),
                Files.readString(recorded.resolve("before.json")).replace("\"vt-bench\"", "\"web02\""));
        String uri = " virt_tune_uri=" + Cli.EXAMPLE_URI + " virt_tune_host_facts=";
        return Files.writeString(
                        temp.resolve("benched.ini"),
                        String.join(
                                "\n",
                                "[kvm]",
                                "hv-a" + uri + hvA,
                                "hv-b" + uri
                                        + Files.createDirectories(temp.resolve("benched-hv-b/host"))
                                                .getParent(),
                                ""))
                .toString();
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.sorted(Comparator.naturalOrder()).toList()) {
                Files.copy(file, to.resolve(from.relativize(file).toString()));
            }
        }
    }

    /** The document virt-tune ARGS prints, run in-process through Main. */
    private static void run(String schema, String... args) {
        add(schema, "virt-tune " + String.join(" ", args), Cli.run(args));
    }

    /** What a run printed on stdout: one document, ending with a newline, and nothing else. */
    private static void add(String schema, String origin, Cli run) {
        try {
            add(schema, origin, run.out());
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n" + run.transcript(), e);
        }
    }

    private static void add(String schema, String origin, String document) {
        JsonNode json;
        try {
            json = JSON.readTree(document);
        } catch (IOException e) {
            throw new AssertionError(origin + " printed something else than one JSON document: " + e.getMessage(), e);
        }
        assertTrue(
                json != null && json.isObject() && document.endsWith("}\n"),
                origin + " printed something else than one JSON object and a newline");
        SAMPLES.computeIfAbsent(schema, name -> new ArrayList<>()).add(new Sample(origin, json));
    }

    @Test
    void everySchemaTheProductWritesHasItsSectionAndItsDocuments() {
        assertEquals(
                new TreeSet<>(SCHEMAS), new TreeSet<>(documented.keySet()), "the schemas " + DOC + " has sections for");
        assertEquals(new TreeSet<>(SCHEMAS), new TreeSet<>(SAMPLES.keySet()), "the schemas this test has documents of");
    }

    @TestFactory
    Stream<DynamicTest> eachSchemasTableAndDocumentsAgree() {
        return SCHEMAS.stream()
                .map(schema -> DynamicTest.dynamicTest(schema, () -> {
                    Schema doc = documented.get(schema);
                    assertTrue(doc != null, DOC + " has no section for " + schema);
                    Problems problems = new Problems();
                    Set<String> seen = new TreeSet<>();
                    for (Sample sample : SAMPLES.getOrDefault(schema, List.of())) {
                        JsonNode json = sample.json();
                        List<String> first = new ArrayList<>();
                        json.fieldNames().forEachRemaining(first::add);
                        if (first.size() < 2
                                || !first.subList(0, 2).equals(List.of("schema", "version"))
                                || !schema.equals(json.path("schema").asText())
                                || json.path("version").asInt() != doc.version()) {
                            problems.add(
                                    "starts otherwise than \"schema\": \"" + schema + "\", \"version\": "
                                            + doc.version(),
                                    sample.origin() + ": " + first.subList(0, Math.min(2, first.size())));
                        }
                        new Checker(documented, problems, sample.origin(), seen).object(doc, json, "");
                    }
                    for (String path : doc.fields().keySet()) {
                        if (!seen.contains(schema + " " + path)) {
                            problems.add("documented but written by no document", schema + ": " + path);
                        }
                    }
                    if (!problems.isEmpty()) {
                        fail(DOC + " and the " + schema + " documents disagree ("
                                + SAMPLES.getOrDefault(schema, List.of()).size() + " documents):\n" + problems);
                    }
                }));
    }

    /** What disagrees, by kind, each path once with the first document it was found in. */
    private static final class Problems {
        private final Map<String, Map<String, String>> byKind = new TreeMap<>();

        void add(String kind, String what) {
            add(kind, what, "");
        }

        void add(String kind, String what, String where) {
            byKind.computeIfAbsent(kind, k -> new TreeMap<>()).putIfAbsent(what, where);
        }

        boolean isEmpty() {
            return byKind.isEmpty();
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            byKind.forEach((kind, paths) -> {
                text.append("  ").append(kind).append(":\n");
                paths.forEach((path, where) -> text.append("    ")
                        .append(path)
                        .append(where.isEmpty() ? "" : "   (" + where + ")")
                        .append('\n'));
            });
            return text.toString();
        }
    }

    /** Walks one document against its schema's table, and those of the documents it holds. */
    private record Checker(Map<String, Schema> schemas, Problems problems, String origin, Set<String> seen) {
        /** An object of an array whose objects have a {@code kind}: {@code steps[create-volume]}. */
        private static final Pattern KIND = Pattern.compile("\\[([a-z-]+)]$");

        void object(Schema schema, JsonNode node, String path) {
            List<String> owners = owners(path);
            node.fields().forEachRemaining(field -> {
                String child = join(path, field.getKey());
                Optional<Field> row = owners.stream()
                        .map(owner -> schema.fields().get(join(owner, field.getKey())))
                        .filter(Objects::nonNull)
                        .findFirst();
                if (row.isEmpty()) {
                    problems.add("written but not documented", schema.name() + ": " + child, origin);
                    return;
                }
                Field f = row.get();
                seen.add(schema.name() + " " + f.path());
                if (!f.type().accepts(field.getValue())) {
                    problems.add(
                            "written as another type than documented",
                            schema.name() + ": " + f.path() + " is " + f.type().text() + ", written "
                                    + field.getValue().getNodeType().name().toLowerCase(Locale.ROOT),
                            origin);
                    return;
                }
                if (f.type().embedded().isPresent()) {
                    Schema inner = schemas.get(f.type().embedded().get());
                    if (inner == null) {
                        problems.add(
                                "documented as a document of no schema of " + DOC, schema.name() + ": " + f.path());
                    } else {
                        Checker checker =
                                new Checker(schemas, problems, origin + ", in " + schema.name() + " " + child, seen);
                        if (field.getValue().isArray()) {
                            field.getValue().forEach(element -> checker.object(inner, element, ""));
                        } else {
                            checker.object(inner, field.getValue(), "");
                        }
                    }
                    return;
                }
                value(schema, field.getValue(), child);
            });
            for (String owner : owners) {
                for (Field f : schema.childrenOf(owner)) {
                    if (!f.optional() && !node.has(f.name())) {
                        problems.add(
                                "documented as always present but missing from some object",
                                schema.name() + ": " + f.path(),
                                origin);
                    }
                }
            }
        }

        void value(Schema schema, JsonNode node, String path) {
            if (node.isObject()) {
                object(schema, node, path);
            } else if (node.isArray()) {
                for (JsonNode element : node) {
                    JsonNode kind = element.path("kind");
                    value(
                            schema,
                            element,
                            path + (element.isObject() && kind.isTextual() ? "[" + kind.asText() + "]" : "[]"));
                }
            }
        }

        /** The table paths an object at {@code path} takes its fields from: its kind's, and every kind's. */
        private static List<String> owners(String path) {
            Matcher kind = KIND.matcher(path);
            return kind.find() ? List.of(path, path.substring(0, kind.start()) + "[]") : List.of(path);
        }

        private static String join(String path, String name) {
            return path.isEmpty() ? name : path + "." + name;
        }
    }

    /** One schema's section of the doc: its version and its table's fields by path. */
    record Schema(String name, int version, Map<String, Field> fields) {
        private static final Pattern HEADING = Pattern.compile("^## `(virt-tune/[a-z-]+)` version (\\d+)$");
        private static final Pattern CODE = Pattern.compile("`([^`]+)`");

        List<Field> childrenOf(String owner) {
            return fields.values().stream()
                    .filter(f -> f.parent().equals(owner))
                    .toList();
        }

        static Map<String, Schema> read(Path doc) {
            List<String> lines;
            try {
                lines = Files.readAllLines(doc);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Map<String, Schema> schemas = new LinkedHashMap<>();
            Schema current = null;
            boolean inTable = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("## ")) {
                    Matcher heading = HEADING.matcher(line);
                    current = heading.matches()
                            ? new Schema(heading.group(1), Integer.parseInt(heading.group(2)), new LinkedHashMap<>())
                            : null;
                    if (current != null && schemas.put(current.name(), current) != null) {
                        throw new AssertionError(doc + ":" + (i + 1) + ": a second section for " + current.name());
                    }
                    continue;
                }
                if (current == null) {
                    continue;
                }
                List<String> cells = cells(line);
                if (cells.size() == 3 && cells.equals(List.of("field", "type", "meaning"))) {
                    inTable = true;
                    i++; // the | --- | line
                    continue;
                }
                if (!line.startsWith("|")) {
                    inTable = false;
                    continue;
                }
                if (!inTable) {
                    continue;
                }
                if (cells.size() != 3) {
                    throw new AssertionError(doc + ":" + (i + 1) + ": a field row has three cells: " + line);
                }
                Type type = Type.parse(cells.get(1), doc + ":" + (i + 1));
                Matcher paths = CODE.matcher(cells.get(0));
                boolean any = false;
                while (paths.find()) {
                    any = true;
                    Field field = new Field(paths.group(1), type, cells.get(1).contains("*optional*"));
                    if (current.fields().put(field.path(), field) != null) {
                        throw new AssertionError(doc + ":" + (i + 1) + ": " + field.path() + " is documented twice");
                    }
                }
                if (!any) {
                    throw new AssertionError(
                            doc + ":" + (i + 1) + ": a field row names its fields in backticks: " + line);
                }
            }
            return schemas;
        }

        /** A table row's cells, split at the pipes that are not escaped (`integer\|null`). */
        private static List<String> cells(String line) {
            if (!line.startsWith("|")) {
                return List.of();
            }
            String[] parts = line.substring(1).split("(?<!\\\\)\\|", -1);
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < parts.length - 1; i++) {
                cells.add(parts[i].strip().replace("\\|", "|"));
            }
            return cells;
        }
    }

    record Field(String path, Type type, boolean optional) {
        String parent() {
            int dot = path.lastIndexOf('.');
            return dot < 0 ? "" : path.substring(0, dot);
        }

        String name() {
            return path.substring(path.lastIndexOf('.') + 1);
        }
    }

    /**
     * A type cell: {@code string}, {@code integer|null}, {@code array of strings, *optional*}, a
     * document, an array of documents.
     */
    record Type(String text, String base, boolean nullable, Optional<String> embedded) {
        private static final Pattern DOCUMENT = Pattern.compile("`(virt-tune/[a-z-]+)` document");
        private static final Pattern DOCUMENTS = Pattern.compile("array of `(virt-tune/[a-z-]+)` documents");
        private static final Set<String> BASES =
                Set.of("string", "integer", "number", "boolean", "object", "array", "array of strings");

        static Type parse(String cell, String where) {
            String text = cell.replace(", *optional*", "").strip();
            Matcher document = DOCUMENT.matcher(text);
            if (document.matches()) {
                return new Type(text, "object", false, Optional.of(document.group(1)));
            }
            Matcher documents = DOCUMENTS.matcher(text);
            if (documents.matches()) {
                return new Type(text, "array", false, Optional.of(documents.group(1)));
            }
            boolean nullable = text.endsWith("|null");
            String base = nullable ? text.substring(0, text.length() - "|null".length()) : text;
            if (!BASES.contains(base)) {
                throw new AssertionError(where + ": no such type: '" + cell + "' (one of " + new TreeSet<>(BASES)
                        + ", T|null, a `virt-tune/NAME` document, each maybe ', *optional*')");
            }
            return new Type(text, base, nullable, Optional.empty());
        }

        boolean accepts(JsonNode value) {
            if (value.isNull()) {
                return nullable;
            }
            return switch (base) {
                case "string" -> value.isTextual();
                case "integer" -> value.isIntegralNumber();
                case "number" -> value.isNumber();
                case "boolean" -> value.isBoolean();
                case "object" -> value.isObject();
                case "array" ->
                    value.isArray()
                            && StreamSupport.stream(value.spliterator(), false).allMatch(JsonNode::isObject);
                case "array of strings" ->
                    value.isArray()
                            && StreamSupport.stream(value.spliterator(), false).allMatch(JsonNode::isTextual);
                default -> false;
            };
        }
    }
}
