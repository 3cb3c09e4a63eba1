package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeValue;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.integer;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.partiql.Ast;
import com.bigtimedeals.engine.partiql.Parser;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * PartiQL for DynamoDB: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. Each statement runs as the
 * item operation it amounts to ({@link PartiqlReads}, {@link PartiqlWrites}), through the core, and answers typed
 * outcomes written here.
 */
final class Partiql {
    private Partiql() {
    }

    static Shape statementShape() {
        return string().notNull().length(1, 8192);
    }

    static Shape parametersShape() {
        return list(attributeValue()).minLength(1);
    }

    /** A statement and the values of its parameters. */
    record Prepared(Ast.Statement statement, List<Value> params) {
        boolean read() {
            return statement instanceof Ast.Select;
        }
    }

    static Prepared prepare(String statement, List<Object> rawParams) {
        Parser.Parsed parsed = Parser.parse(statement);
        checkInLists(parsed.statement());
        int given = rawParams == null ? 0 : rawParams.size();
        if (given != parsed.parameters()) {
            throw ApiException.validation("Number of parameters in request and statement don't match.");
        }
        List<Value> params = new ArrayList<>();
        if (rawParams != null) {
            for (Object o : rawParams) {
                try {
                    params.add(AttributeValues.value(Req.asMap(o)));
                } catch (AttributeValues.Invalid e) {
                    throw ApiException.validation(e.getMessage());
                }
            }
        }
        return new Prepared(parsed.statement(), params);
    }

    /**
     * An IN list takes 100 values at most, as in expressions ({@link ExpressionContext#MAX_IN_VALUES}), refused with
     * the same message once the whole statement is read, wherever the IN is (one on the partition key, which becomes
     * a Query per value, included).
     */
    private static void checkInLists(Ast.Statement statement) {
        if (statement instanceof Ast.Select select) {
            checkInLists(select.where());
        } else if (statement instanceof Ast.Update update) {
            checkInLists(update.where());
        } else if (statement instanceof Ast.Delete delete) {
            checkInLists(delete.where());
        } else if (statement instanceof Ast.Exists exists) {
            checkInLists(exists.select().where());
        }
    }

    private static void checkInLists(Ast.Node condition) {
        if (condition instanceof Ast.In in && in.options().size() > ExpressionContext.MAX_IN_VALUES) {
            throw ApiException.validation(ExpressionContext.tooManyInValues(in.options().size()));
        }
        if (condition instanceof Ast.And and) {
            and.parts().forEach(Partiql::checkInLists);
        } else if (condition instanceof Ast.Or or) {
            or.parts().forEach(Partiql::checkInLists);
        } else if (condition instanceof Ast.Not not) {
            checkInLists(not.part());
        }
    }

    /**
     * What binds a NextToken to its request: a digest of the statement's text and its parameters' values. A token
     * minted by another statement (another table, WHERE clause or ordering) or other parameters does not match.
     */
    static String binding(String statement, List<Value> params) {
        try {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            com.fasterxml.jackson.core.util.ByteArrayBuilder b = new com.fasterxml.jackson.core.util.ByteArrayBuilder(256);
            try (JsonGenerator out = com.bigtimedeals.engine.json.JsonTree.FACTORY.createGenerator(b)) {
                out.writeStartArray();
                out.writeString(statement);
                for (Value v : params) {
                    ValueJson.write(out, v);
                }
                out.writeEndArray();
            }
            byte[] hash = digest.digest(b.toByteArray());
            return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(hash, 16));
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One statement of a request, decoded once: parsed with its parameters and the member's options (a batch's
     * ConsistentRead; ReturnValuesOnConditionCheckFailure, ALL_OLD or not).
     */
    record Statement(Prepared prepared, boolean consistent, boolean returnOldOnFailure) {
        static Statement decode(Map<String, Object> member) {
            return new Statement(prepare(Req.string(member, "Statement"), Req.list(member, "Parameters")),
                    Req.flag(member, "ConsistentRead"), "ALL_OLD".equals(Req.string(member, "ReturnValuesOnConditionCheckFailure")));
        }
    }

    /** Writes the {@code Item} member of a statement's answer, when there is an item. */
    static void writeItem(JsonGenerator out, Map<String, Value> item) throws IOException {
        if (item != null) {
            ValueJson.writeItemField(out, "Item", item);
        }
    }

    /** ExecuteStatement: one statement; a SELECT answers a page of items. */
    static final class ExecuteStatement extends PartiqlOperation<ExecuteStatement.Request, ExecuteStatement.Outcome> {
        private static final Shape SHAPE = Shape.request()
                .field("Statement", statementShape())
                .field("Parameters", parametersShape())
                .field("ConsistentRead", bool())
                .field("NextToken", string().length(1, 32768))
                .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
                .field("Limit", integer().min(1))
                .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure());

        ExecuteStatement(Context ctx) {
            super(ctx, SHAPE);
        }

        /** The request, decoded and checked once: the statement parsed with its parameters. */
        record Request(String text, Statement statement, Long limit, String nextToken, String capacity) {
        }

        /** What the statement did: a SELECT's page, or a write's answer. */
        record Outcome(PartiqlReads.Page page, PartiqlWrites.Written written) {
        }

        @Override
        Request decode(Map<String, Object> req) {
            return new Request(Req.string(req, "Statement"), Statement.decode(req), Req.number(req, "Limit"),
                    Req.string(req, "NextToken"), Req.string(req, "ReturnConsumedCapacity"));
        }

        @Override
        Outcome run(Request r) {
            Prepared p = r.statement().prepared();
            if (p.statement() instanceof Ast.Select select) {
                return new Outcome(reads.select(select, p.params(), r.statement().consistent(), r.limit(), r.nextToken(),
                        r.capacity(), binding(r.text(), p.params())), null);
            }
            return new Outcome(null, writes.write(writes.plan(p.statement(), p.params()), r.statement().returnOldOnFailure()));
        }

        @Override
        void encode(JsonGenerator out, Request r, Outcome outcome) throws IOException {
            if (outcome.page() != null) {
                encode(out, outcome.page(), r.capacity());
            } else {
                encode(out, outcome.written(), r.capacity());
            }
        }

        private static void encode(JsonGenerator out, PartiqlReads.Page page, String capacity) throws IOException {
            out.writeStartObject();
            out.writeArrayFieldStart("Items");
            for (Map<String, Value> item : page.items()) {
                ValueJson.writeItem(out, item);
            }
            out.writeEndArray();
            if (page.nextToken() != null) {
                out.writeStringField("NextToken", page.nextToken());
            }
            if (page.consumed() != null) {
                CapacityJson.writeField(out, page.consumed(), capacity);
            }
            if (page.lastKey() != null) {
                ValueJson.writeItemField(out, "LastEvaluatedKey", page.lastKey());
            }
            out.writeEndObject();
        }

        private static void encode(JsonGenerator out, PartiqlWrites.Written written, String capacity) throws IOException {
            out.writeStartObject();
            out.writeArrayFieldStart("Items");
            if (written.attributes() != null && !written.attributes().isEmpty()) {
                ValueJson.writeItem(out, written.attributes());
            }
            out.writeEndArray();
            CapacityJson.writeField(out, written.capacity(), capacity);
            out.writeEndObject();
        }
    }
}
