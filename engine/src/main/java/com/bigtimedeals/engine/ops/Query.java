package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.integer;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.KeyRanges;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.KeyCondition;
import com.bigtimedeals.engine.expr.KeyConditions;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/** Query: one partition of a table or index, as a key range, in sort key order either way. */
public final class Query extends PageReader.PagedOperation<Query.Request> {
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

    public Query(Context ctx) {
        super(ctx, SHAPE);
    }

    /**
     * The request, decoded and checked as far as it can be without the table: the key condition (an expression, or
     * the legacy KeyConditions), filter, projection, starting key and how to page and answer.
     */
    record Request(String tableName, String indexName, KeyConditions keyExpression,
                   Map<String, Legacy.LegacyCondition> legacyKey, Condition filter, boolean legacyFilter,
                   Projection projection, Map<String, Value> start, String select, boolean consistent, Long limit,
                   boolean forward, String capacityMode) implements PageReader.Paged {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("Query", req), req);
    }

    /** One page of the query, read through the table's or index's key range. */
    @Override
    PageReader.Page run(Request r) {
        Table table = ctx.catalog().require(r.tableName());
        Index index = Reads.index(ctx, table, r.indexName(), r.consistent());
        KeySchema schema = index == null ? table.key() : schema(table, index);
        // The starting key is checked against the schema before the key condition is (dynalite's captures).
        if (r.start() != null) {
            Reads.checkQueryStartKey(table, index, r.start());
        }
        byte[] startBytes = r.start() == null ? null : Reads.startKey(table, index, r.start());
        KeyCondition key;
        try {
            key = r.keyExpression() != null ? r.keyExpression().against(schema) : Legacy.keyConditions(r.legacyKey(), schema);
            if (r.filter() != null) {
                KeyConditions.refuseKeyAttributesInFilter(r.filter(), schema, r.legacyFilter());
            }
        } catch (ExpressionException e) {
            throw ApiException.validation(e.getMessage());
        }
        KeyAccess.check(table, r.filter() == null ? null : r.filter().nestedTopLevelNames(),
                r.projection() == null ? null : r.projection().nestedTopLevelNames());
        PageReader.Plan plan = Reads.plan(table, index, r.filter(), r.projection(), r.select(), r.consistent(), r.limit());
        if (r.start() != null) {
            KeyRanges.checkStart(key, schema, r.start());
        }
        KeyRanges.Range range = KeyRanges.of(key);
        var entries = Reads.range(index == null ? table.items : index.entries, range.from(), range.to(), startBytes, r.forward());
        // A Query reads one partition: the table's, a local index's (the table's too) or a global index's.
        return PageReader.read(plan, entries.entrySet().iterator(), ctx, range.partition());
    }

    static Request decode(Expressions ex, Map<String, Object> req) {
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
        KeyConditions keyExpression;
        try {
            keyExpression = keyConditions(ex, req);
        } catch (KeyConditions.StructureError e) {
            // The service parses every expression and looks for unused names and values before it checks the key
            // condition's structure: a filter or projection that does not parse (an empty one, say) or an unused
            // name is reported first.
            filter(ex, req, "QueryFilter", ExpressionContext.Kind.FilterExpression);
            Projections.parse(ex, req);
            Expressions.requireAllUsed(ex, req);
            throw ex.invalid(e);
        }
        Condition filter = legacyFilter != null ? legacyFilter
                : filter(ex, req, "QueryFilter", ExpressionContext.Kind.FilterExpression);
        Projection projection = Projections.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        // The starting key's values only after every expression, as in Scan: a bad filter is reported first.
        Map<String, Value> start = startKey(Req.map(req, "ExclusiveStartKey"));
        Map<String, Legacy.LegacyCondition> legacyKey = keyExpression == null
                ? ItemShapes.conditions(ex, Req.map(req, "KeyConditions")) : null;
        return new Request(Req.string(req, "TableName"), indexName, keyExpression, legacyKey, filter,
                Req.has(req, "QueryFilter"), projection, start, select, Req.flag(req, "ConsistentRead"),
                Req.number(req, "Limit"), !Boolean.FALSE.equals(Req.bool(req, "ScanIndexForward")),
                Req.string(req, "ReturnConsumedCapacity"));
    }

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
            // The service words a number's or a set's members the same wherever they are; the rest as a bad start key.
            boolean bare = e.about() == AttributeValues.Invalid.About.NUMBER_OR_SET_MEMBERS;
            throw ApiException.validation(bare ? e.getMessage() : "The provided starting key is invalid: " + e.getMessage());
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

    /**
     * KeyConditionExpression checked as far as it can be without the table; null for legacy KeyConditions. A
     * structure error is left to the caller, which reports other errors first.
     */
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
        } catch (KeyConditions.StructureError e) {
            throw e;
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
    }
}
