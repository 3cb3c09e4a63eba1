package com.bigtimedeals.engine.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.json.JsonTree;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

/** A table definition as stored in the log and snapshots: plain JSON, readable with any tool. */
public final class TableDefJson {
    private TableDefJson() {
    }

    public static byte[] write(TableDef d) {
        ByteArrayBuilder buffer = new ByteArrayBuilder(512);
        try (JsonGenerator g = JsonTree.FACTORY.createGenerator(buffer)) {
            g.writeStartObject();
            g.writeStringField("name", d.name());
            g.writeStringField("tableId", d.tableId());
            g.writeStringField("arn", d.arn());
            g.writeNumberField("created", d.createdMillis());
            g.writeArrayFieldStart("attributes");
            for (TableDef.AttributeDefinition a : d.attributeDefinitions()) {
                g.writeStartArray();
                g.writeString(a.name());
                g.writeString(a.type());
                g.writeEndArray();
            }
            g.writeEndArray();
            key(g, "key", d.key());
            g.writeStringField("billing", d.billingMode());
            g.writeNumberField("payPerRequestSince", d.lastUpdateToPayPerRequestMillis());
            throughput(g, "throughput", d.throughput());
            indexes(g, "gsis", d.globalIndexes());
            indexes(g, "lsis", d.localIndexes());
            g.writeBooleanField("streamEnabled", d.streamEnabled());
            g.writeStringField("streamViewType", d.streamViewType());
            g.writeStringField("streamLabel", d.latestStreamLabel());
            g.writeStringField("ttlAttribute", d.ttlAttribute());
            g.writeBooleanField("ttlEnabled", d.ttlEnabled());
            g.writeObjectFieldStart("tags");
            for (Map.Entry<String, String> t : d.tags().entrySet()) {
                g.writeStringField(t.getKey(), t.getValue());
            }
            g.writeEndObject();
            g.writeBooleanField("deletionProtection", d.deletionProtection());
            g.writeStringField("tableClass", d.tableClass());
            g.writeBooleanField("sse", d.sseEnabled());
            g.writeStringField("sseType", d.sseType());
            g.writeStringField("kms", d.kmsKeyArn());
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return buffer.toByteArray();
    }

    private static void key(JsonGenerator g, String field, KeySchema k) throws IOException {
        g.writeArrayFieldStart(field);
        g.writeString(k.partitionKey());
        g.writeString(k.partitionType().name());
        g.writeString(k.sortKey());
        g.writeString(k.sortType() == null ? null : k.sortType().name());
        // A multi-attribute key's further attributes follow as role, name, type ("H" or "R"), which a reader of the
        // four-element form before them ignores.
        for (int i = 1; i < k.partitionKeys().size(); i++) {
            g.writeString("H");
            g.writeString(k.partitionKeys().get(i));
            g.writeString(k.partitionTypes().get(i).name());
        }
        for (int i = 1; i < k.sortKeys().size(); i++) {
            g.writeString("R");
            g.writeString(k.sortKeys().get(i));
            g.writeString(k.sortTypes().get(i).name());
        }
        g.writeEndArray();
    }

    private static void throughput(JsonGenerator g, String field, TableDef.Throughput t) throws IOException {
        g.writeArrayFieldStart(field);
        g.writeNumber(t.read());
        g.writeNumber(t.write());
        g.writeNumber(t.lastIncreaseMillis());
        g.writeNumber(t.lastDecreaseMillis());
        g.writeNumber(t.decreasesToday());
        g.writeEndArray();
    }

    private static void indexes(JsonGenerator g, String field, List<TableDef.IndexDef> indexes) throws IOException {
        g.writeArrayFieldStart(field);
        for (TableDef.IndexDef i : indexes) {
            g.writeStartObject();
            g.writeStringField("name", i.name());
            g.writeBooleanField("global", i.global());
            key(g, "key", i.key());
            g.writeStringField("projection", i.projectionType());
            if (i.nonKeyAttributes() != null) {
                g.writeArrayFieldStart("nonKey");
                for (String a : i.nonKeyAttributes()) {
                    g.writeString(a);
                }
                g.writeEndArray();
            }
            if (i.throughput() != null) {
                throughput(g, "throughput", i.throughput());
            }
            g.writeStringField("status", i.status());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * A stored definition; one that does not hold what a definition holds (a field missing or of another type) is
     * refused as unreadable, never half read. (Its bytes were checked by their frame's checksum before this.)
     */
    public static TableDef read(byte[] json) {
        try {
            return parse(json);
        } catch (ClassCastException | NullPointerException | IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new IllegalStateException("unreadable table definition (" + e + ")", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static TableDef parse(byte[] json) {
        Map<String, Object> m;
        try {
            m = (Map<String, Object>) JsonTree.parse(json);
        } catch (JsonTree.MalformedJson e) {
            throw new IllegalStateException("unreadable table definition", e);
        }
        List<TableDef.AttributeDefinition> attributes = new ArrayList<>();
        for (Object o : (List<Object>) m.get("attributes")) {
            List<Object> a = (List<Object>) o;
            attributes.add(new TableDef.AttributeDefinition((String) a.get(0), (String) a.get(1)));
        }
        Map<String, String> tags = new LinkedHashMap<>();
        for (Map.Entry<String, Object> t : ((Map<String, Object>) m.get("tags")).entrySet()) {
            tags.put(t.getKey(), (String) t.getValue());
        }
        return new TableDef((String) m.get("name"), (String) m.get("tableId"), (String) m.get("arn"), num(m, "created"),
                List.copyOf(attributes), key(m.get("key")), (String) m.get("billing"), num(m, "payPerRequestSince"),
                throughput(m.get("throughput")), indexes(m.get("gsis")), indexes(m.get("lsis")),
                Boolean.TRUE.equals(m.get("streamEnabled")), (String) m.get("streamViewType"), (String) m.get("streamLabel"),
                (String) m.get("ttlAttribute"), Boolean.TRUE.equals(m.get("ttlEnabled")), Map.copyOf(tags),
                Boolean.TRUE.equals(m.get("deletionProtection")), (String) m.get("tableClass"),
                Boolean.TRUE.equals(m.get("sse")), (String) m.get("sseType"), (String) m.get("kms"));
    }

    private static long num(Map<String, Object> m, String field) {
        return Long.parseLong(((JsonTree.JsonNumber) m.get(field)).text());
    }

    @SuppressWarnings("unchecked")
    private static KeySchema key(Object o) {
        List<Object> k = (List<Object>) o;
        String sort = (String) k.get(2);
        KeySchema first = new KeySchema((String) k.get(0), Value.Type.valueOf((String) k.get(1)), sort,
                sort == null ? null : Value.Type.valueOf((String) k.get(3)));
        if (k.size() == 4) {
            return first;
        }
        List<String> partition = new java.util.ArrayList<>(first.partitionKeys());
        List<Value.Type> partitionTypes = new java.util.ArrayList<>(first.partitionTypes());
        List<String> sorts = new java.util.ArrayList<>(first.sortKeys());
        List<Value.Type> sortTypes = new java.util.ArrayList<>(first.sortTypes());
        for (int i = 4; i + 3 <= k.size(); i += 3) {
            boolean hash = "H".equals(k.get(i));
            (hash ? partition : sorts).add((String) k.get(i + 1));
            (hash ? partitionTypes : sortTypes).add(Value.Type.valueOf((String) k.get(i + 2)));
        }
        return new KeySchema(partition, partitionTypes, sorts, sortTypes);
    }

    @SuppressWarnings("unchecked")
    private static TableDef.Throughput throughput(Object o) {
        if (o == null) {
            return null;
        }
        List<Object> t = (List<Object>) o;
        long[] v = new long[5];
        for (int i = 0; i < 5; i++) {
            v[i] = Long.parseLong(((JsonTree.JsonNumber) t.get(i)).text());
        }
        return new TableDef.Throughput(v[0], v[1], v[2], v[3], v[4]);
    }

    @SuppressWarnings("unchecked")
    private static List<TableDef.IndexDef> indexes(Object o) {
        List<TableDef.IndexDef> out = new ArrayList<>();
        for (Object x : (List<Object>) o) {
            Map<String, Object> i = (Map<String, Object>) x;
            List<String> nonKey = (List<String>) (List<?>) i.get("nonKey");
            out.add(new TableDef.IndexDef((String) i.get("name"), Boolean.TRUE.equals(i.get("global")), key(i.get("key")),
                    (String) i.get("projection"), nonKey == null ? null : List.copyOf(nonKey), throughput(i.get("throughput")),
                    (String) i.get("status")));
        }
        return List.copyOf(out);
    }
}
