package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** The write condition of a request, from ConditionExpression or legacy Expected, and the write responses' extras. */
final class WriteConditions {
    private WriteConditions() {
    }

    /** Parses ConditionExpression (through the request's expression context) or converts Expected; ALWAYS when neither. */
    static Condition parse(Expressions ex, Map<String, Object> req) {
        String text = Req.string(req, "ConditionExpression");
        try {
            if (text != null) {
                return ex.context().condition(ExpressionContext.Kind.ConditionExpression, text);
            }
            Map<String, Object> expected = Req.map(req, "Expected");
            if (expected != null) {
                return Legacy.expected(ItemShapes.expected(ex, expected), Req.string(req, "ConditionalOperator"));
            }
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
        return Condition.ALWAYS;
    }

    /** Checks the condition against the item it would replace (a missing item has no attributes). */
    static void check(Condition condition, Map<String, Value> current, String returnOnFailure) {
        if (condition == Condition.ALWAYS) {
            return;
        }
        boolean holds;
        try {
            holds = condition.test(current == null ? Map.of() : current);
        } catch (ExpressionException e) {
            throw ApiException.validation(e.getMessage());
        }
        if (!holds) {
            throw new ConditionalCheckFailed("ALL_OLD".equals(returnOnFailure) ? current : null);
        }
    }

    /** Attributes (when there are any to return), ConsumedCapacity and ItemCollectionMetrics of a write. */
    static void writeResult(JsonGenerator out, Map<String, Value> attributes, Capacity capacity, Map<String, Object> req,
                            Table table, Map<String, Value> key) throws IOException {
        out.writeStartObject();
        if (attributes != null && !attributes.isEmpty()) {
            ValueJson.writeItemField(out, "Attributes", attributes);
        }
        CapacityJson.writeField(out, capacity, Req.string(req, "ReturnConsumedCapacity"));
        if ("SIZE".equals(Req.string(req, "ReturnItemCollectionMetrics")) && !table.def().localIndexes().isEmpty()) {
            out.writeFieldName("ItemCollectionMetrics");
            writeCollectionMetrics(out, table, key);
        }
        out.writeEndObject();
    }

    /** An item collection's key and the service's size estimate, a range in gigabytes. */
    static void writeCollectionMetrics(JsonGenerator out, Table table, Map<String, Value> key) throws IOException {
        String pk = table.key().partitionKey();
        out.writeStartObject();
        out.writeObjectFieldStart("ItemCollectionKey");
        out.writeFieldName(pk);
        ValueJson.write(out, key.get(pk));
        out.writeEndObject();
        out.writeArrayFieldStart("SizeEstimateRangeGB");
        out.writeNumber(0.0);
        out.writeNumber(1.0);
        out.writeEndArray();
        out.writeEndObject();
    }
}
