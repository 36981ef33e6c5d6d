package io.virttune.plan;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.util.List;
import java.util.Optional;

/**
 * What is wrong with a plan file, in an operator's words: where in the file (domains[0].steps[3])
 * and what (an unknown step kind, a missing list, a value of the wrong kind), never a Java type.
 */
final class PlanFileProblem {
    /** The lists every plan has; a file without one was not written by plan. */
    private static final List<String> LISTS = List.of("hostSteps", "domains", "assumptions", "warnings");

    private PlanFileProblem() {}

    /** Why a parsed file is not a plan before its schema is read: empty, or not an object. */
    static Optional<String> ofShape(JsonNode tree) {
        if (tree == null || tree.isMissingNode()) {
            return Optional.of("is empty");
        }
        if (!tree.isObject()) {
            return Optional.of("holds a JSON " + tree.getNodeType().name().toLowerCase() + ", not an object");
        }
        return Optional.empty();
    }

    /** Why an object of the plan's schema is not a plan before it is read as one: a list missing. */
    static Optional<String> ofLists(JsonNode tree) {
        for (String list : LISTS) {
            if (!tree.path(list).isArray()) {
                return Optional.of(tree.has(list) ? "has '" + list + "' that is not a list" : "has no '" + list + "'");
            }
        }
        return Optional.empty();
    }

    /** Why the text is not JSON, with the line and column. */
    static String ofSyntax(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return "is not valid JSON" + where + ": " + e.getOriginalMessage().replaceAll(" \\(for .*", "");
    }

    /** Why the JSON is not a plan: the place in the file and what is wrong there. */
    static String ofContent(JsonMappingException e) {
        String at = path(e);
        if (e instanceof InvalidTypeIdException unknown) {
            return "has an unknown step kind '" + unknown.getTypeId() + "' at " + at;
        }
        if (e instanceof UnrecognizedPropertyException field) {
            return "has an unknown field '" + field.getPropertyName() + "' at " + parent(e);
        }
        if (e instanceof ValueInstantiationException) {
            return "lacks a field at " + at + " that every plan has";
        }
        return "has a value of the wrong kind at " + at;
    }

    /** domains[0].steps[3].sizeBytes: where Jackson stopped. */
    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "the top" : path.toString();
    }

    private static String parent(JsonMappingException e) {
        String at = path(e);
        int dot = at.lastIndexOf('.');
        return dot < 0 ? "the top" : at.substring(0, dot);
    }
}
