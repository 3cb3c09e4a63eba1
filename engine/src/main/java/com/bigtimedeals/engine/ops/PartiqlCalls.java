package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.ShapeChecker;
import com.bigtimedeals.engine.json.JsonTree;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

/**
 * How a PartiQL statement runs: as the item operation it amounts to, called with a request written here and
 * checked like any other, so every rule of PutItem, UpdateItem, Query and the rest applies unchanged. Answers come
 * back as JSON trees (maps, lists, strings, {@link JsonTree.JsonNumber}s and booleans) in the wire form.
 */
final class PartiqlCalls {
    private PartiqlCalls() {
    }

    /** Writes a request body. */
    interface Body {
        void write(JsonGenerator out) throws IOException;
    }

    static Map<String, Object> call(Operation op, Body body) {
        try {
            ByteArrayBuilder request = new ByteArrayBuilder(256);
            try (JsonGenerator out = JsonTree.FACTORY.createGenerator(request)) {
                out.writeStartObject();
                body.write(out);
                out.writeEndObject();
            }
            Map<String, Object> checked = ShapeChecker.check(JsonTree.parse(request.toByteArray()), op.shape());
            ByteArrayBuilder response = new ByteArrayBuilder(512);
            try (JsonGenerator out = JsonTree.FACTORY.createGenerator(response)) {
                op.execute(checked, out);
            }
            return Req.asMap(JsonTree.parse(response.toByteArray()));
        } catch (IOException | JsonTree.MalformedJson e) {
            throw new IllegalStateException("in-memory JSON failed", e);
        }
    }

    /** An error as the service would send it, as a JSON tree (for the per-statement errors of a batch). */
    static Map<String, Object> tree(ApiException e) {
        try {
            ByteArrayBuilder b = new ByteArrayBuilder(128);
            try (JsonGenerator out = JsonTree.FACTORY.createGenerator(b)) {
                e.write(out);
            }
            return Req.asMap(JsonTree.parse(b.toByteArray()));
        } catch (IOException | JsonTree.MalformedJson x) {
            throw new IllegalStateException("in-memory JSON failed", x);
        }
    }

    static void names(JsonGenerator out, Map<String, String> names) throws IOException {
        if (names.isEmpty()) {
            return;
        }
        out.writeObjectFieldStart("ExpressionAttributeNames");
        for (Map.Entry<String, String> e : names.entrySet()) {
            out.writeStringField(e.getKey(), e.getValue());
        }
        out.writeEndObject();
    }

    static void values(JsonGenerator out, Map<String, Value> values) throws IOException {
        if (values.isEmpty()) {
            return;
        }
        ValueJson.writeItemField(out, "ExpressionAttributeValues", values);
    }

    /** Writes a JSON tree as it came. */
    @SuppressWarnings("unchecked")
    static void write(JsonGenerator out, Object tree) throws IOException {
        if (tree instanceof Map<?, ?> m) {
            out.writeStartObject();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                out.writeFieldName(e.getKey());
                write(out, e.getValue());
            }
            out.writeEndObject();
        } else if (tree instanceof List<?> l) {
            out.writeStartArray();
            for (Object o : l) {
                write(out, o);
            }
            out.writeEndArray();
        } else if (tree instanceof String s) {
            out.writeString(s);
        } else if (tree instanceof JsonTree.JsonNumber n) {
            out.writeNumber(n.text());
        } else if (tree instanceof Boolean b) {
            out.writeBoolean(b);
        } else {
            out.writeNull();
        }
    }

    /**
     * Two ConsumedCapacity descriptions of one table added up, member by member (the table's and each index's units
     * included), for a statement that ran as several reads or a batch that ran several statements on a table.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> sumCapacity(Map<String, Object> total, Map<String, Object> more) {
        if (more == null || total == null) {
            return total == null ? more : total;
        }
        Map<String, Object> sum = new java.util.LinkedHashMap<>(total);
        for (Map.Entry<String, Object> e : more.entrySet()) {
            Object mine = sum.get(e.getKey());
            Object theirs = e.getValue();
            if (mine instanceof JsonTree.JsonNumber a && theirs instanceof JsonTree.JsonNumber b) {
                sum.put(e.getKey(), new JsonTree.JsonNumber(String.valueOf(a.doubleValue() + b.doubleValue()), false));
            } else if (mine instanceof Map<?, ?> a && theirs instanceof Map<?, ?> b) {
                sum.put(e.getKey(), sumCapacity((Map<String, Object>) a, (Map<String, Object>) b));
            } else if (mine == null) {
                sum.put(e.getKey(), theirs);
            }
        }
        return sum;
    }
}
