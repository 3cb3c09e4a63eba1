package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.integer;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.KeyRanges;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * Scan: a table or index in key order, which begins with the partition hash, so that the segments of a parallel
 * scan are hash ranges that together cover every item exactly once.
 */
public final class Scan extends PageReader.PagedOperation<Scan.Request> {
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

    public Scan(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked as far as it can be without the table. */
    record Request(String tableName, String indexName, Long segment, Long totalSegments, Condition filter,
                   Projection projection, Map<String, Value> start, String select, boolean consistent, Long limit,
                   String capacityMode) implements PageReader.Paged {
    }

    @Override
    Request decode(Map<String, Object> req) {
        return decode(new Expressions("Scan", req), req);
    }

    /** One page of the scan, over its segment's hash range. */
    @Override
    PageReader.Page run(Request r) {
        Table table = ctx.catalog().require(r.tableName());
        Index index = Reads.index(ctx, table, r.indexName(), r.consistent());
        PageReader.Plan plan = Reads.plan(table, index, r.filter(), r.projection(), r.select(), r.consistent(), r.limit());
        KeyRanges.Segment segment = KeyRanges.Segment.of(r.segment(), r.totalSegments());
        byte[] startBytes = null;
        if (r.start() != null) {
            startBytes = Reads.startKey(table, index, r.start());
            if (!segment.holds(startBytes)) {
                throw ApiException.validation("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: "
                        + r.totalSegments() + " Segment: " + r.segment());
            }
        }
        // Paths into key attributes are refused after the index and the starting key are checked (dynalite's
        // captures: an unknown index is reported before a filter on a.b.c).
        KeyAccess.check(table, r.filter() == null ? null : r.filter().nestedTopLevelNames(),
                r.projection() == null ? null : r.projection().nestedTopLevelNames());
        var entries = Reads.range(index == null ? table.items : index.entries, segment.from(), segment.to(), startBytes, true);
        return PageReader.read(plan, entries.entrySet().iterator(), ctx, null);
    }

    static Request decode(Expressions ex, Map<String, Object> req) {
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
        return new Request(Req.string(req, "TableName"), indexName, segment, total, filter, projection, start, select,
                Req.flag(req, "ConsistentRead"), Req.number(req, "Limit"), Req.string(req, "ReturnConsumedCapacity"));
    }
}
