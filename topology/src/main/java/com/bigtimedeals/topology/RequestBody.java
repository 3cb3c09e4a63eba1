package com.bigtimedeals.topology;

import java.util.List;

/**
 * What a route's request body may hold, declared once for its {@link Operation}: the handler parses the body by it
 * (an unknown field, a missing required one or a wrong value is a 400 naming the field) and the OpenAPI document
 * writes its schema from it, with {@code additionalProperties: false}. Every route refuses unknown fields alike; a
 * route with no declaration takes no body (an empty one, or {@code {}}).
 *
 * @param schemaName the schema's name in the document (a generated client's class name)
 * @param atLeastOne a correction: at least one field must be sent
 * @param fixed names that are not fields but that a client may try to change: refused with "cannot change"
 */
public record RequestBody(String schemaName, List<BodyField> fields, boolean atLeastOne, List<String> fixed) {
    public RequestBody {
        fields = List.copyOf(fields);
        fixed = List.copyOf(fixed);
    }

    public static RequestBody of(String schemaName, BodyField... fields) {
        return new RequestBody(schemaName, List.of(fields), false, List.of());
    }

    /** A partial update: any of the fields, at least one; {@code fixed} names what can never change. */
    public static RequestBody correction(String schemaName, List<String> fixed, BodyField... fields) {
        return new RequestBody(schemaName, List.of(fields), true, fixed);
    }

    /** The declared field, or null when the body may not carry {@code name}. */
    public BodyField field(String name) {
        for (BodyField f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
