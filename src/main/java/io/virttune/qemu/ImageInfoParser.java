package io.virttune.qemu;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.VirtTuneException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads {@code qemu-img info --output=json}: an array of layers with {@code --backing-chain}, a
 * single object without it.
 */
public final class ImageInfoParser {
    private final ObjectMapper mapper = new ObjectMapper();

    public ImageChain parse(String json) {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw VirtTuneException.failed(
                    "qemu-img printed image information that is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null) {
            throw VirtTuneException.failed("qemu-img printed no image information");
        }
        List<ImageInfo> layers = new ArrayList<>();
        for (JsonNode layer : root.isArray() ? root : List.of(root)) {
            layers.add(layer(layer));
        }
        return new ImageChain(layers);
    }

    private static ImageInfo layer(JsonNode node) {
        List<String> snapshots = new ArrayList<>();
        node.path("snapshots").forEach(s -> snapshots.add(s.path("name").asText()));
        return new ImageInfo(
                required(node, "filename").asText(),
                required(node, "format").asText(),
                required(node, "virtual-size").asLong(),
                optionalLong(node, "actual-size"),
                node.path("encrypted").asBoolean(false),
                snapshots,
                Optional.ofNullable(node.get("backing-filename")).map(JsonNode::asText),
                optionalLong(node, "cluster-size"),
                node.path("dirty-flag").asBoolean(false),
                Optional.ofNullable(node.path("format-specific").path("data").get("data-file"))
                        .map(JsonNode::asText));
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw VirtTuneException.failed("qemu-img image information has no \"" + field + "\"");
        }
        return value;
    }

    private static OptionalLong optionalLong(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null ? OptionalLong.empty() : OptionalLong.of(value.asLong());
    }
}
