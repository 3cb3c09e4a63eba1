package com.bigtimedeals.engine.ops;

import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.KeyCodec;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/** What Query and Scan share: index lookup, Select rules, ExclusiveStartKey, key ranges. */
final class Reads {
    private Reads() {
    }

    /** The index a request names, refusing unknown indexes and strongly consistent reads of global ones. */
    static Index index(Context ctx, Table table, String indexName, boolean consistent) {
        if (indexName == null) {
            return null;
        }
        Index index = table.index(indexName);
        if (index == null) {
            throw ApiException.validation("The table does not have the specified index: " + indexName);
        }
        if (consistent && index.global()) {
            throw ApiException.validation("Consistent reads are not supported on global secondary indexes");
        }
        if (index.global()) {
            table.lag.drain(ctx.now());
        }
        return index;
    }

    /** Checks Select against the projection parameters; {@code prefix} is how the operation words these errors. */
    static void checkSelect(String select, Map<String, Object> req, String indexName, String prefix) {
        boolean expression = req.get("ProjectionExpression") != null;
        boolean attributes = req.get("AttributesToGet") != null;
        if (select == null) {
            return;
        }
        if (select.equals("SPECIFIC_ATTRIBUTES") && !expression && !attributes) {
            throw ApiException.validation(prefix + "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
        }
        if (!select.equals("SPECIFIC_ATTRIBUTES")) {
            String what = select.equals("COUNT") ? "only the Count" : select;
            if (expression) {
                throw ApiException.validation(prefix + "Cannot specify the ProjectionExpression when choosing to get " + what);
            }
            if (attributes) {
                throw ApiException.validation(prefix + "Cannot specify the AttributesToGet when choosing to get " + what);
            }
        }
        if (select.equals("ALL_PROJECTED_ATTRIBUTES") && indexName == null) {
            throw ApiException.validation(prefix + "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        }
    }

    /**
     * How a Query or Scan reads and answers its page, once the table and index are known: Select defaults to what the
     * projection or the index implies.
     */
    static PageReader.Plan plan(Table table, Index index, Condition filter, Projection projection, String select,
                                boolean consistent, Long limit) {
        PageReader.Plan plan = new PageReader.Plan();
        plan.table = table;
        plan.index = index;
        plan.filter = filter;
        plan.projection = projection;
        plan.select = select != null ? select : projection != null ? "SPECIFIC_ATTRIBUTES"
                : index != null ? "ALL_PROJECTED_ATTRIBUTES" : "ALL_ATTRIBUTES";
        plan.consistent = consistent;
        plan.limit = limit == null ? null : limit.intValue();
        plan(plan, plan.select, projection);
        return plan;
    }

    /** Fills the plan's view of an index: ALL_ATTRIBUTES on a global index needs an ALL projection. */
    static void plan(PageReader.Plan plan, String select, Projection projection) {
        Index index = plan.index;
        if (index == null) {
            return;
        }
        if ("ALL_ATTRIBUTES".equals(select) && !index.projectsAll()) {
            if (index.global()) {
                throw ApiException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index "
                        + index.name() + " because its projection type is not ALL");
            }
            plan.fetchFromTable = true;
        }
        if (!index.global() && projection != null && !index.projectsAll()) {
            for (String name : projection.topLevelNames()) {
                if (!index.projects(name)) {
                    plan.fetchFromTable = true;
                }
            }
        }
    }

    /**
     * The position an ExclusiveStartKey names: the table's key attributes (and the index's, on an index), of the
     * schema's types. The item need not exist.
     */
    static byte[] startKey(Table table, Index index, Map<String, Value> start) {
        KeySchema tableKey = table.key();
        int expected = (tableKey.sortKey() == null ? 1 : 2);
        if (index != null) {
            for (String attribute : index.def.key().attributes()) {
                expected += tableKey.isKey(attribute) ? 0 : 1;
            }
        }
        if (start.size() != expected) {
            throw ApiException.validation("The provided starting key is invalid: The provided key element does not match the schema");
        }
        checkPiece(start, tableKey.partitionKey(), tableKey.partitionType());
        if (tableKey.sortKey() != null) {
            checkPiece(start, tableKey.sortKey(), tableKey.sortType());
        }
        if (index == null) {
            return table.key(start);
        }
        for (String attribute : index.def.key().attributes()) {
            checkPiece(start, attribute, type(table, attribute));
        }
        return index.key(start);
    }

    /**
     * A Query's own checks of its starting key, before {@link #startKey}: a key of the wrong number of attributes,
     * or without one of the queried key's, is "The provided starting key is invalid"; a queried key attribute of
     * another type "The provided key element does not match the schema" (mhart/dynalite's actions/query.js, its
     * captures; others characterised the first against the service in 2026: Query answers it bare where Scan
     * adds ": The provided key element does not match the schema").
     */
    static void checkQueryStartKey(Table table, Index index, Map<String, Value> start) {
        KeySchema tableKey = table.key();
        int expected = tableKey.attributes().size();
        KeySchema queried = index == null ? tableKey : index.def.key();
        if (index != null) {
            for (String attribute : queried.attributes()) {
                expected += tableKey.isKey(attribute) ? 0 : 1;
            }
        }
        if (start.size() != expected) {
            throw ApiException.validation("The provided starting key is invalid");
        }
        for (String attribute : queried.attributes()) {
            Value v = start.get(attribute);
            if (v == null) {
                throw ApiException.validation("The provided starting key is invalid");
            }
            if (v.type() != type(table, attribute)) {
                throw ApiException.validation("The provided key element does not match the schema");
            }
        }
    }

    private static Value.Type type(Table table, String attribute) {
        return Value.Type.valueOf(table.def().attributeType(attribute));
    }

    private static void checkPiece(Map<String, Value> start, String name, Value.Type type) {
        Value v = start.get(name);
        if (v == null || v.type() != type) {
            throw ApiException.validation("The provided starting key is invalid: The provided key element does not match the schema");
        }
        if ((v instanceof Value.S s && s.value().isEmpty()) || (v instanceof Value.B b && b.length() == 0)) {
            throw ApiException.validation("The provided starting key is invalid: One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty "
                    + (v instanceof Value.S ? "string" : "binary") + " value. Key: " + name);
        }
    }

    /**
     * The entries in [from, to) after (or, reading backwards, before) {@code start}, in reading order; {@code to}
     * null means no upper bound.
     */
    static NavigableMap<byte[], byte[]> range(ConcurrentSkipListMap<byte[], byte[]> map, byte[] from, byte[] to,
                                              byte[] start, boolean forward) {
        if (start != null) {
            if (forward) {
                if (KeyCodec.compare(start, from) >= 0) {
                    return ascending(map, start, false, to);
                }
            } else {
                if (to == null || KeyCodec.compare(start, to) < 0) {
                    if (KeyCodec.compare(start, from) <= 0) {
                        return new ConcurrentSkipListMap<byte[], byte[]>(KeyCodec::compare);
                    }
                    return map.subMap(from, true, start, false).descendingMap();
                }
            }
        }
        NavigableMap<byte[], byte[]> m = ascending(map, from, true, to);
        return forward ? m : m.descendingMap();
    }

    private static NavigableMap<byte[], byte[]> ascending(ConcurrentSkipListMap<byte[], byte[]> map, byte[] from,
                                                          boolean inclusive, byte[] to) {
        if (to == null) {
            return map.tailMap(from, inclusive);
        }
        if (KeyCodec.compare(from, to) >= 0) {
            return new ConcurrentSkipListMap<byte[], byte[]>(KeyCodec::compare);
        }
        return map.subMap(from, inclusive, to, false);
    }
}
