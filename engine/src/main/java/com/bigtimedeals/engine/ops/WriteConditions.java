package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.core.Capacity;
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

    /** What a write's answer carries beyond its attributes: the ConsumedCapacity mode, whether ItemCollectionMetrics. */
    record Answer(String capacityMode, boolean collectionMetrics) {
        static Answer of(Map<String, Object> req) {
            return new Answer(Req.string(req, "ReturnConsumedCapacity"), "SIZE".equals(Req.string(req, "ReturnItemCollectionMetrics")));
        }
    }

    /** ReturnValues of a put or delete, which can only return the old item: whether it asks for ALL_OLD. */
    static boolean returnsOld(Map<String, Object> req) {
        String returnValues = Req.string(req, "ReturnValues");
        if (returnValues != null && !returnValues.equals("ALL_OLD") && !returnValues.equals("NONE")) {
            throw ApiException.validation("ReturnValues can only be ALL_OLD or NONE");
        }
        return "ALL_OLD".equals(returnValues);
    }

    /** A put's or delete's condition and what its answer carries, decoded once. */
    record Conditional(Condition condition, boolean returnOld, boolean returnOldOnFailure, Answer answer) {
    }

    /**
     * The condition (then every name and value must have been used) and the answer's options of a put or delete,
     * whose ReturnValues ({@link #returnsOld}) was checked before.
     */
    static Conditional conditional(Expressions ex, Map<String, Object> req, boolean returnOld) {
        Condition condition = parse(ex, req);
        Expressions.requireAllUsed(ex, req);
        return new Conditional(condition, returnOld, "ALL_OLD".equals(Req.string(req, "ReturnValuesOnConditionCheckFailure")),
                Answer.of(req));
    }

    /** What a single-item write did: its table and key, the attributes ReturnValues asked for, what it consumed. */
    record Written(Table table, Map<String, Value> key, Map<String, Value> attributes, Capacity capacity) {
    }

    /** The answer of PutItem, UpdateItem and DeleteItem. */
    static void writeResult(JsonGenerator out, Written w, Answer answer) throws IOException {
        writeResult(out, w.attributes(), w.capacity(), answer, w.table(), w.key());
    }

    /** Attributes (when there are any to return), ConsumedCapacity and ItemCollectionMetrics of a write. */
    static void writeResult(JsonGenerator out, Map<String, Value> attributes, Capacity capacity, Answer answer,
                            Table table, Map<String, Value> key) throws IOException {
        out.writeStartObject();
        if (attributes != null && !attributes.isEmpty()) {
            ValueJson.writeItemField(out, "Attributes", attributes);
        }
        CapacityJson.writeField(out, capacity, answer.capacityMode());
        if (answer.collectionMetrics() && !table.def().localIndexes().isEmpty()) {
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
