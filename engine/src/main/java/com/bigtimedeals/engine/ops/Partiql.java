package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeValue;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.integer;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.ConditionalCheckFailed;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.partiql.Ast;
import com.bigtimedeals.engine.partiql.ExpressionText;
import com.bigtimedeals.engine.partiql.Parser;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * PartiQL for DynamoDB: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. Each statement runs as the
 * item operation it amounts to ({@link PartiqlReads}, {@link PartiqlWrites}).
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

    /** Runs one write as its item operation; the old or new attributes when RETURNING asked for them. */
    static Map<String, Object> write(Context ctx, PartiqlWrites.Action a, String onConditionFailure, String capacity) {
        Operation op = switch (a.kind()) {
            case "Put" -> new PutItem(ctx);
            case "Update" -> new UpdateItem(ctx);
            case "Delete" -> new DeleteItem(ctx);
            default -> throw ApiException.validation("EXISTS is supported only within ExecuteTransaction");
        };
        try {
            return PartiqlCalls.call(op, out -> {
                a.body().write(out);
                if (a.returnValues() != null) {
                    out.writeStringField("ReturnValues", a.returnValues());
                }
                if (onConditionFailure != null) {
                    out.writeStringField("ReturnValuesOnConditionCheckFailure", onConditionFailure);
                }
                if (capacity != null) {
                    out.writeStringField("ReturnConsumedCapacity", capacity);
                }
            });
        } catch (ConditionalCheckFailed e) {
            if (a.kind().equals("Put")) {
                throw duplicate();
            }
            throw e;
        }
    }

    static ApiException duplicate() {
        return new ApiException(ApiException.DYNAMODB + "DuplicateItemException", "Duplicate primary key exists in table");
    }

    /** ExecuteStatement: one statement; a SELECT answers a page of items. */
    static final class ExecuteStatement implements Operation {
        private static final Shape SHAPE = Shape.request()
                .field("Statement", statementShape())
                .field("Parameters", parametersShape())
                .field("ConsistentRead", bool())
                .field("NextToken", string().length(1, 32768))
                .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
                .field("Limit", integer().min(1))
                .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure());

        private final Context ctx;
        private final PartiqlReads reads;
        private final PartiqlWrites writes;

        ExecuteStatement(Context ctx) {
            this.ctx = ctx;
            this.reads = new PartiqlReads(ctx);
            this.writes = new PartiqlWrites(ctx);
        }

        @Override
        public Shape shape() {
            return SHAPE;
        }

        /** The request, decoded and checked once: the statement parsed with its parameters. */
        record Request(String statement, Prepared prepared, boolean consistent, Long limit, String nextToken,
                       String capacity, String returnOnFailure) {
        }

        static Request decode(Map<String, Object> req) {
            Prepared p = prepare(Req.string(req, "Statement"), Req.list(req, "Parameters"));
            return new Request(Req.string(req, "Statement"), p, Req.flag(req, "ConsistentRead"), Req.number(req, "Limit"),
                    Req.string(req, "NextToken"), Req.string(req, "ReturnConsumedCapacity"),
                    Req.string(req, "ReturnValuesOnConditionCheckFailure"));
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            Request r = decode(req);
            Prepared p = r.prepared();
            String capacity = r.capacity();
            out.writeStartObject();
            if (p.statement() instanceof Ast.Select select) {
                PartiqlReads.Page page = reads.select(select, p.params(), r.consistent(), r.limit(), r.nextToken(), capacity,
                        binding(r.statement(), p.params()));
                out.writeArrayFieldStart("Items");
                for (Map<String, Object> item : page.items()) {
                    PartiqlCalls.write(out, item);
                }
                out.writeEndArray();
                if (page.nextToken() != null) {
                    out.writeStringField("NextToken", page.nextToken());
                }
                consumed(out, page.consumed());
                if (page.lastKey() != null) {
                    out.writeFieldName("LastEvaluatedKey");
                    PartiqlCalls.write(out, page.lastKey());
                }
            } else {
                Map<String, Object> answer = write(ctx, writes.plan(p.statement(), p.params()), r.returnOnFailure(), capacity);
                out.writeArrayFieldStart("Items");
                if (answer.get("Attributes") != null) {
                    PartiqlCalls.write(out, answer.get("Attributes"));
                }
                out.writeEndArray();
                consumed(out, Req.map(answer, "ConsumedCapacity"));
            }
            out.writeEndObject();
        }

        private static void consumed(JsonGenerator out, Map<String, Object> consumed) throws IOException {
            if (consumed != null) {
                out.writeFieldName("ConsumedCapacity");
                PartiqlCalls.write(out, consumed);
            }
        }
    }

    /** BatchExecuteStatement: up to 25 single-item reads or up to 25 writes, each answered on its own. */
    static final class BatchExecuteStatement implements Operation {
        private static final Shape SHAPE = Shape.request()
                .field("Statements", list(valueStruct("BatchStatementRequest")
                        .field("Statement", statementShape())
                        .field("Parameters", parametersShape())
                        .field("ConsistentRead", bool())
                        .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure()))
                        .notNull().length(1, 25))
                .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity());

        private final Context ctx;
        private final PartiqlWrites writes;
        private final PartiqlReads reads;

        BatchExecuteStatement(Context ctx) {
            this.ctx = ctx;
            this.writes = new PartiqlWrites(ctx);
            this.reads = new PartiqlReads(ctx);
        }

        @Override
        public Shape shape() {
            return SHAPE;
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            List<Object> statements = Req.list(req, "Statements");
            List<Object> prepared = new ArrayList<>();
            boolean reads = false;
            boolean writesSeen = false;
            for (Object o : statements) {
                Map<String, Object> s = Req.asMap(o);
                try {
                    Prepared p = prepare(Req.string(s, "Statement"), Req.list(s, "Parameters"));
                    reads |= p.read();
                    writesSeen |= !p.read();
                    prepared.add(p);
                } catch (ApiException e) {
                    prepared.add(e);
                }
            }
            if (reads && writesSeen) {
                throw ApiException.validation("Read and write requests together in the same batch is not supported.");
            }
            List<String> tables = new ArrayList<>();
            for (Object o : prepared) {
                tables.add(o instanceof Prepared p ? p.statement().table() : null);
            }
            respond(out, statements, plan(prepared), tables, Req.string(req, "ReturnConsumedCapacity"));
        }

        /**
         * Each member's plan: a read stays prepared, a write becomes its action, a member refused stays its error. Two
         * writes of one item refuse the whole batch.
         */
        private List<Object> plan(List<Object> prepared) {
            List<Object> planned = new ArrayList<>();
            Set<List<Object>> keys = new HashSet<>();
            for (Object o : prepared) {
                if (!(o instanceof Prepared p) || p.read()) {
                    planned.add(o);
                    continue;
                }
                PartiqlWrites.Action a;
                try {
                    a = writes.plan(p.statement(), p.params());
                } catch (ApiException e) {
                    planned.add(e);
                    continue;
                }
                if (!keys.add(List.of(a.table(), a.key()))) {
                    throw ApiException.validation("Provided list of item keys contains duplicates");
                }
                planned.add(a);
            }
            return planned;
        }

        /** Runs each planned member in order, answering one response (or error) per member, then ConsumedCapacity. */
        private void respond(JsonGenerator out, List<Object> statements, List<Object> planned, List<String> tables,
                             String capacity) throws IOException {
            Map<String, Map<String, Object>> consumed = new java.util.LinkedHashMap<>();
            out.writeStartObject();
            out.writeArrayFieldStart("Responses");
            for (int i = 0; i < planned.size(); i++) {
                Map<String, Object> s = Req.asMap(statements.get(i));
                out.writeStartObject();
                try {
                    Object o = planned.get(i);
                    if (o instanceof ApiException e) {
                        throw e;
                    }
                    if (o instanceof Prepared p) {
                        count(consumed, readOne(p, Req.flag(s, "ConsistentRead"), capacity, out));
                    } else {
                        PartiqlWrites.Action a = (PartiqlWrites.Action) o;
                        count(consumed, Req.map(write(ctx, a, Req.string(s, "ReturnValuesOnConditionCheckFailure"), capacity), "ConsumedCapacity"));
                    }
                    if (tables.get(i) != null) {
                        out.writeStringField("TableName", tables.get(i));
                    }
                } catch (ApiException e) {
                    error(out, e);
                    // A member that failed validation carries no TableName; one that met a missing table, a failed
                    // condition or a duplicate item names its table (captures against the service recorded in
                    // nubo-db/dynoxide src/actions/batch_execute_statement.rs: ValidationError 2026-07,
                    // ConditionalCheckFailed and DuplicateItem 2026-08-15; ResourceNotFound as that file describes
                    // the service's answer to an INSERT or DELETE on a missing table).
                    if (tables.get(i) != null && !code(e.shortType()).equals("ValidationError")) {
                        out.writeStringField("TableName", tables.get(i));
                    }
                }
                out.writeEndObject();
            }
            out.writeEndArray();
            if (capacity != null && !capacity.equals("NONE")) {
                out.writeArrayFieldStart("ConsumedCapacity");
                for (Map<String, Object> c : consumed.values()) {
                    PartiqlCalls.write(out, c);
                }
                out.writeEndArray();
            }
            out.writeEndObject();
        }

        /** One ConsumedCapacity per table the batch used, each the sum of its statements'. */
        private static void count(Map<String, Map<String, Object>> consumed, Map<String, Object> one) {
            if (one != null) {
                consumed.merge(String.valueOf(one.get("TableName")), one, PartiqlCalls::sumCapacity);
            }
        }

        /** A batch reads single items only: the WHERE clause must name the whole key. */
        private Map<String, Object> readOne(Prepared p, boolean consistent, String capacity, JsonGenerator out) throws IOException {
            Ast.Select select = (Ast.Select) p.statement();
            ExpressionText text = new ExpressionText(p.params());
            PartiqlWrites.Target t = select.index() == null ? writes.target(select.table(), select.where(), text) : null;
            if (t == null) {
                throw ApiException.validation("Select statements within BatchExecuteStatement must specify the primary key in the where clause.");
            }
            Map<String, Object> item;
            Map<String, Object> used;
            if (t.rest().isEmpty()) {
                Map<String, Object> answer = PartiqlCalls.call(new GetItem(ctx), o -> {
                    o.writeStringField("TableName", select.table());
                    ValueJson.writeItemField(o, "Key", t.key());
                    if (consistent) {
                        o.writeBooleanField("ConsistentRead", true);
                    }
                    if (capacity != null) {
                        o.writeStringField("ReturnConsumedCapacity", capacity);
                    }
                });
                used = Req.map(answer, "ConsumedCapacity");
                item = Req.map(answer, "Item");
                if (item != null && select.projection() != null) {
                    item = PartiqlReads.project(item, select.projection());
                }
            } else {
                // The rest of the WHERE clause filters the one item, as a Query of its key would.
                PartiqlReads.Page page = reads.select(select, p.params(), consistent, null, null, capacity, null);
                used = page.consumed();
                item = page.items().isEmpty() ? null : page.items().get(0);
            }
            if (item != null) {
                out.writeFieldName("Item");
                PartiqlCalls.write(out, item);
            }
            return used;
        }

        private static void error(JsonGenerator out, ApiException e) throws IOException {
            out.writeObjectFieldStart("Error");
            out.writeStringField("Code", code(e.shortType()));
            out.writeStringField("Message", e.getMessage());
            Object item = PartiqlCalls.tree(e).get("Item");
            if (item != null) {
                out.writeFieldName("Item");
                PartiqlCalls.write(out, item);
            }
            out.writeEndObject();
        }

        /** BatchStatementError codes, by the exception the statement met. */
        private static String code(String exception) {
            return switch (exception) {
                case "ConditionalCheckFailedException" -> "ConditionalCheckFailed";
                case "ResourceNotFoundException" -> "ResourceNotFound";
                case "ValidationException" -> "ValidationError";
                case "DuplicateItemException" -> "DuplicateItem";
                case "TransactionConflictException" -> "TransactionConflict";
                case "ProvisionedThroughputExceededException" -> "ProvisionedThroughputExceeded";
                case "ThrottlingException" -> "ThrottlingError";
                case "ItemCollectionSizeLimitExceededException" -> "ItemCollectionSizeLimitExceeded";
                case "RequestLimitExceeded" -> "RequestLimitExceeded";
                default -> "InternalServerError";
            };
        }
    }
}
