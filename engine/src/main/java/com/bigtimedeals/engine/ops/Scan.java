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
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.KeyCodec;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Scan: a table or index in key order, which begins with the partition hash, so that the segments of a parallel
 * scan are hash ranges that together cover every item exactly once.
 */
public final class Scan implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("Select", string().oneOf("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"))
            .field("IndexName", Shape.indexNameMember())
            .field("TotalSegments", integer().min(1).max(1000000))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("TableName", Shape.tableNameMember())
            .field("ConditionalOperator", ItemShapes.conditionalOperator())
            .field("ScanFilter", ItemShapes.conditions())
            .field("Segment", integer().min(0).max(999999))
            .field("Limit", integer().min(1))
            .field("AttributesToGet", ItemShapes.attributesToGet())
            .field("ExclusiveStartKey", attributeMap())
            .field("ConsistentRead", bool())
            .field("FilterExpression", string())
            .field("ProjectionExpression", string())
            .field("ExpressionAttributeValues", attributeMap())
            .field("ExpressionAttributeNames", stringMap());

    private final Context ctx;

    public Scan(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Expressions ex = new Expressions("Scan", req);
        ex.checkParameters(List.of("ProjectionExpression", "FilterExpression"),
                List.of("AttributesToGet", "ScanFilter", "ConditionalOperator"), "ScanFilter");
        ItemShapes.noDuplicates(Req.strings(req, "AttributesToGet"));
        // A legacy ScanFilter is checked first, the segments next, then every expression and, only after them, the
        // starting key's values: with a bad starting key and a bad FilterExpression the service reports the filter
        // (issue 37, from suites checked against it; mhart/dynalite's older captures put the key first).
        Condition legacyFilter = Req.has(req, "ScanFilter")
                ? Query.filter(ex, req, "ScanFilter", ExpressionContext.Kind.FilterExpression) : null;
        Long segment = Req.number(req, "Segment");
        Long total = Req.number(req, "TotalSegments");
        if (segment != null && total == null) {
            throw ApiException.validation("The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
        }
        if (total != null) {
            if (segment == null) {
                throw ApiException.validation("The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
            }
            if (segment >= total) {
                throw ApiException.validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: "
                        + segment + " is not less than TotalSegments: " + total);
            }
        }
        String select = Req.string(req, "Select");
        String indexName = Req.string(req, "IndexName");
        Reads.checkSelect(select, req, indexName, "");
        Condition filter = legacyFilter != null ? legacyFilter
                : Query.filter(ex, req, "ScanFilter", ExpressionContext.Kind.FilterExpression);
        Projection projection = Projections.parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        Map<String, Value> start = Query.startKey(Req.map(req, "ExclusiveStartKey"));
        Table table = ctx.catalog().require(Req.string(req, "TableName"));
        boolean consistent = Req.flag(req, "ConsistentRead");
        Index index = Reads.index(ctx, table, indexName, consistent);

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

        long low = 0;
        long high = 1L << 32;
        if (total != null && total > 1) {
            // The service splits the hash into 4096 buckets and gives each segment the buckets from
            // ceil(4096 * segment / total) (dynalite's captures: which keys each of 4096 segments holds).
            low = ceilDiv(4096 * segment, total) << 20;
            high = ceilDiv(4096 * (segment + 1), total) << 20;
        }
        byte[] from = token(low);
        byte[] to = high >= (1L << 32) ? null : token(high);
        byte[] startBytes = null;
        if (start != null) {
            startBytes = Reads.startKey(table, index, start);
            long t = KeyCodec.token(startBytes);
            if (t < low || t >= high) {
                throw ApiException.validation("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: "
                        + total + " Segment: " + segment);
            }
        }
        // Paths into key attributes are refused after the index and the starting key are checked (dynalite's
        // captures: an unknown index is reported before a filter on a.b.c).
        KeyAccess.check(ex, table, filter == null ? null : filter.nestedTopLevelNames(),
                projection == null ? null : projection.nestedTopLevelNames());
        var entries = Reads.range(index == null ? table.items : index.entries, from, to, startBytes, true);
        PageReader.read(plan, entries.entrySet().iterator(), out, Req.string(req, "ReturnConsumedCapacity"), ctx, null);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    private static byte[] token(long t) {
        return new Bytes(4).putInt((int) t).toArray();
    }
}
