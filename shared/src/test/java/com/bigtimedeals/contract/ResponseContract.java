package com.bigtimedeals.contract;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;

/**
 * Holds every response a test sees to docs/openapi.yaml, with Atlassian's swagger-request-validator: a status
 * the operation does not declare, a field too many or too few, a wrong type or format all fail the test. The
 * handler tests and the local end-to-end test both call {@link #check}.
 */
public final class ResponseContract {
    private static final OpenApiInteractionValidator VALIDATOR = OpenApiInteractionValidator
            .createForInlineApiSpecification(strict(read()))
            // Every problem is an error: an undeclared status or content type is as wrong as a bad field.
            .withLevelResolver(LevelResolver.create().withDefaultLevel(ValidationReport.Level.ERROR).build())
            .build();

    private ResponseContract() {
    }

    private static String read() {
        // Tests run in their module's directory (functions/, local/); the document is at the repository root.
        for (Path p : new Path[] {Path.of("../docs/openapi.yaml"), Path.of("docs/openapi.yaml")}) {
            if (Files.exists(p)) {
                try {
                    return Files.readString(p);
                } catch (java.io.IOException e) {
                    throw new IllegalStateException("cannot read " + p, e);
                }
            }
        }
        throw new IllegalStateException("docs/openapi.yaml not found from " + Path.of("").toAbsolutePath());
    }

    /**
     * The document with every object schema of {@code components.schemas} closed ({@code additionalProperties:
     * false}): the published document lets answers gain fields ({@code additionalProperties: true}), as the contract allows, but our own answers must
     * carry exactly the fields the document lists, so a field sent by mistake or forgotten in the document fails
     * a test. Likewise an open string listing its {@code x-known-values} is held to them.
     */
    static String strict(String yaml) {
        try {
            com.fasterxml.jackson.databind.ObjectMapper mapper =
                    new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
            com.fasterxml.jackson.databind.JsonNode doc = mapper.readTree(yaml);
            doc.path("components").path("schemas").forEach(schema -> {
                if (schema instanceof com.fasterxml.jackson.databind.node.ObjectNode o && "object".equals(o.path("type").asText())) {
                    o.put("additionalProperties", false);
                }
                closeKnownValues(schema);
            });
            return mapper.writeValueAsString(doc);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("docs/openapi.yaml is not YAML", e);
        }
    }

    /** Every open string inside {@code schema} (a property, a map's values, an array's items) held to its x-known-values. */
    private static void closeKnownValues(com.fasterxml.jackson.databind.JsonNode schema) {
        if (schema instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            if (o.has("x-known-values")) {
                com.fasterxml.jackson.databind.node.ArrayNode values = o.get("x-known-values").deepCopy();
                if (o.path("nullable").asBoolean()) {
                    values.addNull();
                }
                o.set("enum", values);
            }
            o.path("properties").forEach(ResponseContract::closeKnownValues);
            closeKnownValues(o.path("additionalProperties"));
            closeKnownValues(o.path("items"));
        }
    }

    /**
     * Fails with every violation when this answer to {@code method rawPath} breaks the document. Header names in
     * {@code headers} may have any case.
     */
    public static void check(String method, String rawPath, int status, Map<String, String> headers, String body) {
        SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
        if (headers != null) {
            headers.forEach(response::withHeader);
        }
        if (body != null && !body.isEmpty()) {
            response.withBody(body);
        }
        ValidationReport report = VALIDATOR.validateResponse(rawPath,
                Request.Method.valueOf(method.toUpperCase(Locale.ROOT)), response.build());
        if (report.hasErrors()) {
            StringBuilder why = new StringBuilder();
            report.getMessages().forEach(m -> why.append("\n  ").append(m.getKey()).append(": ").append(m.getMessage()));
            throw new AssertionError(method + " " + rawPath + " answered " + status + " " + abbreviate(body)
                    + "\nwhich docs/openapi.yaml does not allow:" + why);
        }
    }

    private static String abbreviate(String s) {
        return s == null ? "" : s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
