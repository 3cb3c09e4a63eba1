package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.integer;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.KeyCodec;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.KeyCondition;
import com.bigtimedeals.engine.expr.KeyConditions;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.expr.SortKeyCondition;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** Query: one partition of a table or index, as a key range, in sort key order either way. */
public final class Query implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("Select", string().oneOf("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"))
            .field("IndexName", Shape.indexNameMember())
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("QueryFilter", ItemShapes.conditions())
            .field("TableName", Shape.tableNameMember())
            .field("ConditionalOperator", ItemShapes.conditionalOperator())
            .field("AttributesToGet", ItemShapes.attributesToGet())
            .field("Limit", integer().min(1).genericMessage())
            .field("KeyConditions", ItemShapes.conditions())
            .field("ExclusiveStartKey", attributeMap())
            .field("ConsistentRead", bool())
            .field("ScanIndexForward", bool())
            .field("KeyConditionExpression", string())
            .field("FilterExpression", string())
            .field("ProjectionExpression", string())
            .field("ExpressionAttributeValues", attributeMap())
            .field("ExpressionAttributeNames", stringMap());

    private final Context ctx;

    public Query(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Expressions ex = new Expressions("Query", req);
        ex.checkParameters(List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression"),
                List.of("AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"), "QueryFilter");
        // A legacy QueryFilter is checked before AttributesToGet and the key condition; a FilterExpression with the
        // other expressions (mhart/dynalite's validations/query.js), and the starting key's values after them all.
        Condition legacyFilter = Req.has(req, "QueryFilter")
                ? filter(ex, req, "QueryFilter", ExpressionContext.Kind.FilterExpression) : null;
        ItemShapes.noDuplicates(Req.strings(req, "AttributesToGet"));
        if (!Req.has(req, "KeyConditions") && !Req.has(req, "KeyConditionExpression")) {
            throw ApiException.validation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        String select = Req.string(req, "Select");
        String indexName = Req.string(req, "IndexName");
        Reads.checkSelect(select, req, indexName, "1 validation error detected: ");
        // The service's order: every expression, then unused names and values, then what needs the table.
        KeyConditions keyConditions;
        try {
            keyConditions = keyConditions(ex, req);
        } catch (ApiException e) {
            if (isKeyStructureError(e)) {
                // The service parses every expression and looks for unused names and values before it checks the key
                // condition's structure: a filter or projection that does not parse (an empty one, say) or an unused
                // name is reported first.
                filter(ex, req, "QueryFilter", ExpressionContext.Kind.FilterExpression);
                Projections.parse(ex, req);
                Expressions.requireAllUsed(ex, req);
            }
            throw e;
        }
        Condition filter = legacyFilter != null ? legacyFilter
                : filter(ex, req, "QueryFilter", ExpressionContext.Kind.FilterExpression);
        Projection projection = Projections.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        // The starting key's values only after every expression, as in Scan: a bad filter is reported first.
        Map<String, Value> start = startKey(Req.map(req, "ExclusiveStartKey"));
        Table table = ctx.catalog().require(Req.string(req, "TableName"));
        boolean consistent = Req.flag(req, "ConsistentRead");
        Index index = Reads.index(ctx, table, indexName, consistent);
        KeySchema schema = index == null ? table.key() : schema(table, index);
        // The starting key is checked against the schema before the key condition is (dynalite's captures).
        if (start != null) {
            Reads.checkQueryStartKey(table, index, start);
        }
        byte[] startBytes = start == null ? null : Reads.startKey(table, index, start);
        KeyCondition key;
        try {
            key = keyConditions != null ? keyConditions.against(schema)
                    : Legacy.keyConditions(ItemShapes.conditions(ex, Req.map(req, "KeyConditions")), schema);
            if (filter != null) {
                KeyConditions.refuseKeyAttributesInFilter(filter, schema, Req.has(req, "QueryFilter"));
            }
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
        KeyAccess.check(ex, table, filter == null ? null : filter.nestedTopLevelNames(),
                projection == null ? null : projection.nestedTopLevelNames());

        PageReader.Plan plan = new PageReader.Plan();
        plan.table = table;
        plan.index = index;
        plan.filter = filter;
        plan.projection = projection;
        plan.select = select != null ? select : projection != null ? "SPECIFIC_ATTRIBUTES" : index != null ? "ALL_PROJECTED_ATTRIBUTES" : "ALL_ATTRIBUTES";
        plan.consistent = consistent;
        Long limit = Req.number(req, "Limit");
        plan.limit = limit == null ? null : limit.intValue();
        Reads.plan(plan, plan.select, projection);

        Bytes keyPrefix = KeyCodec.partition(key.partitionValues());
        for (Value v : key.sortPrefix()) {
            KeyCodec.append(keyPrefix, v);
        }
        byte[] prefix = keyPrefix.toArray();
        byte[] from = prefix;
        byte[] to = KeyCodec.prefixEnd(prefix);
        SortKeyCondition sort = key.sortKey();
        if (sort != null) {
            byte[][] bounds = bounds(prefix, sort);
            from = bounds[0];
            to = bounds[1];
        }
        if (start != null) {
            boolean inPartition = true;
            for (int i = 0; i < schema.partitionKeys().size(); i++) {
                inPartition &= key.partitionValues().get(i).equals(start.get(schema.partitionKeys().get(i)));
            }
            boolean inRange = sort == null || sort.test(start.get(sort.attribute()));
            for (int i = 0; i < key.sortPrefix().size(); i++) {
                inRange &= key.sortPrefix().get(i).equals(start.get(schema.sortKeys().get(i)));
            }
            // With a sort key condition the range is checked first, and a key of another partition that fits it
            // is refused as a restart of a one-row query (mhart/dynalite's actions/query.js, its captures).
            if (!inRange) {
                throw ApiException.validation("The provided starting key does not match the range key predicate");
            }
            if (!inPartition) {
                // The service's wording today (characterised against it in 2026 by others' suites): "condition",
                // singular; mhart/dynalite's older captures end in "conditions".
                throw ApiException.validation(sort == null ? OUTSIDE_BOUNDARIES
                        : "The query can return at most one row and cannot be restarted");
            }
        }
        boolean forward = !Boolean.FALSE.equals(Req.bool(req, "ScanIndexForward"));
        var entries = Reads.range(index == null ? table.items : index.entries, from, to, startBytes, forward);
        // A Query reads one partition: the table's, a local index's (the table's too) or a global index's.
        PageReader.read(plan, entries.entrySet().iterator(), out, Req.string(req, "ReturnConsumedCapacity"), ctx, prefix);
    }

    static final String OUTSIDE_BOUNDARIES = "The provided starting key is outside query boundaries based on provided condition";

    static KeySchema schema(Table table, Index index) {
        KeySchema k = index.def.key();
        List<Value.Type> partitionTypes = new java.util.ArrayList<>();
        for (String name : k.partitionKeys()) {
            partitionTypes.add(Value.Type.valueOf(table.def().attributeType(name)));
        }
        List<Value.Type> sortTypes = new java.util.ArrayList<>();
        for (String name : k.sortKeys()) {
            sortTypes.add(Value.Type.valueOf(table.def().attributeType(name)));
        }
        return new KeySchema(k.partitionKeys(), partitionTypes, k.sortKeys(), sortTypes);
    }

    /** ExclusiveStartKey's values, with the service's wording of their errors. */
    static Map<String, Value> startKey(Map<String, Object> raw) {
        if (raw == null) {
            return null;
        }
        try {
            return AttributeValues.item(raw);
        } catch (AttributeValues.Invalid e) {
            String m = e.getMessage();
            boolean bare = m.contains("contains duplicates") || m.contains("number set") || m.contains("numeric value")
                    || m.contains("significant digits") || m.contains("number with magnitude");
            throw ApiException.validation(bare ? m : "The provided starting key is invalid: " + m);
        }
    }

    /** FilterExpression, or the legacy filter parameter ({@code QueryFilter} or {@code ScanFilter}). */
    static Condition filter(Expressions ex, Map<String, Object> req, String legacyName, ExpressionContext.Kind kind) {
        String text = Req.string(req, "FilterExpression");
        try {
            if (text != null) {
                return ex.context().condition(kind, text);
            }
            Map<String, Object> legacy = Req.map(req, legacyName);
            if (legacy != null) {
                return Legacy.filter(legacyName, ItemShapes.conditions(ex, legacy), Req.string(req, "ConditionalOperator"));
            }
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
        return null;
    }

    /** Whether a key condition error is about its structure (operators, attributes per condition), not its text. */
    private static boolean isKeyStructureError(ApiException e) {
        String body = e.getMessage().substring(e.getMessage().indexOf(':') + 1).trim();
        return body.startsWith("Invalid condition in KeyConditionExpression") || body.startsWith("Invalid operator used in KeyConditionExpression")
                || body.startsWith("KeyConditionExpressions ");
    }

    /** KeyConditionExpression checked as far as it can be without the table; null for legacy KeyConditions. */
    private static KeyConditions keyConditions(Expressions ex, Map<String, Object> req) {
        String text = Req.string(req, "KeyConditionExpression");
        if (text == null) {
            try {
                Legacy.checkKeyConditions(ItemShapes.conditions(ex, Req.map(req, "KeyConditions")));
            } catch (ExpressionException e) {
                throw ex.invalid(e);
            }
            return null;
        }
        try {
            return ex.context().keyCondition(text);
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
    }

    /** [from, to) of the keys a sort key condition selects within a partition's prefix. */
    static byte[][] bounds(byte[] prefix, SortKeyCondition sort) {
        byte[] end = KeyCodec.prefixEnd(prefix);
        byte[] at = with(prefix, sort.first());
        byte[] atEnd = KeyCodec.prefixEnd(at);
        switch (sort.op()) {
            case EQ:
                return new byte[][] {at, atEnd};
            case LT:
                return new byte[][] {prefix, at};
            case LE:
                return new byte[][] {prefix, atEnd};
            case GT:
                return new byte[][] {atEnd, end};
            case GE:
                return new byte[][] {at, end};
            case BETWEEN:
                return new byte[][] {at, KeyCodec.prefixEnd(with(prefix, sort.second()))};
            case BEGINS_WITH: {
                Bytes b = new Bytes(prefix.length + 32);
                b.put(prefix);
                KeyCodec.appendPrefix(b, sort.first());
                byte[] p = b.toArray();
                return new byte[][] {p, KeyCodec.prefixEnd(p)};
            }
            default:
                throw new IllegalStateException(sort.op().name());
        }
    }

    private static byte[] with(byte[] prefix, Value v) {
        Bytes b = new Bytes(prefix.length + 32);
        b.put(prefix);
        KeyCodec.append(b, v);
        return b.toArray();
    }
}
