package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;

/** docs/openapi.yaml must be exactly what the route table generates: regenerate with {@link #main}. */
class OpenApiDocumentTest {
    static final Path FILE = Path.of("../docs/openapi.yaml");
    static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .stringQuotingChecker(new Yaml11Quoting())
            .build());

    /**
     * Jackson's minimal quoting follows YAML 1.2, where {@code 22:30} is a string; a YAML 1.1 reader (PyYAML,
     * SnakeYAML's default) reads it as the sexagesimal integer 1350. Quoting such values keeps one document for both.
     */
    static final class Yaml11Quoting extends StringQuotingChecker.Default {
        private static final java.util.regex.Pattern SEXAGESIMAL =
                java.util.regex.Pattern.compile("[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?");

        @Override
        public boolean needToQuoteValue(String value) {
            return super.needToQuoteValue(value) || SEXAGESIMAL.matcher(value).matches();
        }
    }

    /** Writes docs/openapi.yaml; run from the functions directory. */
    public static void main(String[] args) throws Exception {
        Files.writeString(FILE, YAML.writeValueAsString(OpenApiDocument.build()));
    }

    @Test
    void theCommittedDocumentIsTheOneTheRouteTableGenerates() throws Exception {
        JsonNode committed = YAML.readTree(Files.readString(FILE));
        assertEquals(OpenApiDocument.build(), committed,
                "docs/openapi.yaml is stale: run OpenApiDocumentTest.main from functions/");
    }

    /** A YAML 1.1 reader (SnakeYAML's default resolver, as PyYAML's) reads every string of the document as a string. */
    @Test
    void aYaml11ReaderReadsEveryStringAsAString() throws Exception {
        Object read = new org.yaml.snakeyaml.Yaml().load(Files.readString(FILE));
        List<String> misread = new java.util.ArrayList<>();
        stringsRead(OpenApiDocument.build(), read, "", misread);
        assertTrue(misread.isEmpty(), "read as other than the string written: " + misread);
    }

    private static void stringsRead(JsonNode written, Object read, String at, List<String> misread) {
        if (written.isTextual()) {
            if (!written.textValue().equals(read)) misread.add(at + " = " + read);
        } else if (written.isObject() && read instanceof Map<?, ?> map) {
            written.fields().forEachRemaining(e -> stringsRead(e.getValue(), map.get(e.getKey()), at + "/" + e.getKey(), misread));
        } else if (written.isArray() && read instanceof List<?> list) {
            for (int i = 0; i < written.size(); i++) stringsRead(written.get(i), i < list.size() ? list.get(i) : null, at + "/" + i, misread);
        }
    }

    /**
     * The contract lets answers gain fields: no answer schema may refuse them (a generated okhttp-gson client throws
     * on an unknown field where one does), and no error code may be a closed list.
     */
    @Test
    void answersMayGainFieldsAndErrorCodes() throws Exception {
        JsonNode schemas = YAML.readTree(Files.readString(FILE)).get("components").get("schemas");
        for (Iterator<Map.Entry<String, JsonNode>> it = schemas.fields(); it.hasNext(); ) {
            var schema = it.next();
            assertFalse(schema.getValue().path("additionalProperties").isBoolean()
                            && !schema.getValue().get("additionalProperties").asBoolean() && !schema.getKey().startsWith("New")
                            && !List.of("DealCorrection", "FeaturedIds", "HotDeal", "BrandEdit", "CategoryEdit").contains(schema.getKey()),
                    schema.getKey() + " refuses added fields");
        }
        JsonNode code = schemas.get("ApiError").get("properties").get("code");
        assertFalse(code.has("enum"), "ApiError.code is open");
        assertTrue(code.get("x-known-values").size() == ErrorCode.values().length, "every known code is listed");
    }

    /**
     * No answer holds a closed list of values (issue 43): a value added later (a third vote, a new history action, a
     * new report reason) would make a generated client fail on the whole answer (okhttp-gson's enum adapters throw).
     * Each such string is open, its known values listed as x-known-values. Requests keep their enums: what the API
     * accepts is a closed list.
     */
    @Test
    void noAnswerHoldsAClosedListOfValues() throws Exception {
        JsonNode schemas = YAML.readTree(Files.readString(FILE)).get("components").get("schemas");
        Set<String> requests = new HashSet<>();
        for (com.bigtimedeals.topology.Operation op : com.bigtimedeals.topology.Operation.values()) {
            if (op.body() != null) {
                requests.add(op.body().schemaName());
            }
        }
        List<String> closed = new java.util.ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = schemas.fields(); it.hasNext(); ) {
            var schema = it.next();
            if (!requests.contains(schema.getKey())) {
                enums(schema.getKey(), schema.getValue(), closed);
            }
        }
        assertEquals(List.of(), closed, "answer strings with a closed enum");
        JsonNode vote = schemas.get("MyVotes").get("properties").get("votes").get("additionalProperties");
        assertEquals(List.of("hot", "cold"), YAML.convertValue(vote.get("x-known-values"), List.class));
    }

    private static void enums(String at, JsonNode node, List<String> found) {
        if (node.has("enum")) {
            found.add(at);
        }
        node.path("properties").fields().forEachRemaining(p -> enums(at + "." + p.getKey(), p.getValue(), found));
        if (node.path("additionalProperties").isObject()) {
            enums(at + ".*", node.get("additionalProperties"), found);
        }
        if (node.path("items").isObject()) {
            enums(at + "[]", node.get("items"), found);
        }
    }

    @Test
    void everyRouteAppearsOnceWithItsAccessAndNoOtherRouteDoes() throws Exception {
        JsonNode paths = YAML.readTree(Files.readString(FILE)).get("paths");
        Set<String> documented = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
            var path = it.next();
            path.getValue().fields().forEachRemaining(op -> {
                documented.add(op.getKey().toUpperCase() + " " + path.getKey());
                Route route = RouteTable.byRouteKey(op.getKey().toUpperCase() + " " + path.getKey());
                assertTrue(route != null, "documented but not routed: " + op.getKey() + " " + path.getKey());
                assertEquals(route.access().name().toLowerCase(), op.getValue().get("x-access").asText());
                assertEquals(route.access() != Access.PUBLIC, !op.getValue().get("security").isEmpty(),
                        "a public operation says security: [] (no token); every other one names the JWT scheme");
                assertEquals(OpenApiDocument.tag(route.access()), op.getValue().get("tags").get(0).asText());
            });
        }
        Set<String> routed = new HashSet<>();
        RouteTable.ROUTES.forEach(r -> routed.add(r.routeKey()));
        assertEquals(routed, documented);
    }
}
