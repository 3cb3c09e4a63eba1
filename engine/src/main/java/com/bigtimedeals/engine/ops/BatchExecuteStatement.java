package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.ConditionalCheckFailed;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.core.ItemReads;
import com.bigtimedeals.engine.partiql.Ast;
import com.bigtimedeals.engine.partiql.ExpressionTrees;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * BatchExecuteStatement: up to 25 single-item reads or up to 25 writes, each answered on its own: decoded into a
 * {@link Request}, each member planned, run through the core in order and answered as an {@link Answer}.
 */
final class BatchExecuteStatement extends PartiqlOperation<BatchExecuteStatement.Request, BatchExecuteStatement.Done> {
    private static final Shape SHAPE = Shape.request()
            .field("Statements", list(valueStruct("BatchStatementRequest")
                    .field("Statement", Partiql.statementShape())
                    .field("Parameters", Partiql.parametersShape())
                    .field("ConsistentRead", bool())
                    .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure()))
                    .notNull().length(1, 25))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity());

    BatchExecuteStatement(Context ctx) {
        super(ctx, SHAPE);
    }

    /** One member: its statement, or the error that refused it (answered for that member alone). */
    record Member(Partiql.Statement statement, ApiException refused) {
        String table() {
            return statement == null ? null : statement.prepared().statement().table();
        }
    }

    /** The request, decoded and checked once: its members, never reads and writes together. */
    record Request(List<Member> members, String capacity) {
    }

    /** A member planned: a read stays its statement, a write becomes its action, a refusal stays its error. */
    private record Planned(Member member, PartiqlWrites.Action write, ApiException refused) {
    }

    /** One member's answer: its table (when it names one) and the item read, or its error. */
    record Answer(String table, Map<String, Value> item, ApiException error) {
    }

    /** What the batch did: one answer per member, and the units consumed per table. */
    record Done(List<Answer> answers, Map<String, Capacity> consumed) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        List<Member> members = new ArrayList<>();
        boolean reads = false;
        boolean writes = false;
        for (Object o : Req.list(req, "Statements")) {
            try {
                Partiql.Statement s = Partiql.Statement.decode(Req.asMap(o));
                reads |= s.prepared().read();
                writes |= !s.prepared().read();
                members.add(new Member(s, null));
            } catch (ApiException e) {
                members.add(new Member(null, e));
            }
        }
        if (reads && writes) {
            throw ApiException.validation("Read and write requests together in the same batch is not supported.");
        }
        return new Request(members, Req.string(req, "ReturnConsumedCapacity"));
    }

    @Override
    Done run(Request r) {
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        List<Answer> answers = new ArrayList<>();
        for (Planned p : plan(r.members())) {
            answers.add(run(p, consumed));
        }
        return new Done(answers, consumed);
    }

    /** Each member's plan; two writes of one item refuse the whole batch. */
    private List<Planned> plan(List<Member> members) {
        List<Planned> planned = new ArrayList<>();
        Set<List<Object>> keys = new HashSet<>();
        for (Member m : members) {
            if (m.refused() != null || m.statement().prepared().read()) {
                planned.add(new Planned(m, null, m.refused()));
                continue;
            }
            PartiqlWrites.Action a;
            try {
                a = writes.plan(m.statement().prepared().statement(), m.statement().prepared().params());
            } catch (ApiException e) {
                planned.add(new Planned(m, null, e));
                continue;
            }
            if (!keys.add(List.of(a.table().name(), a.key()))) {
                throw ApiException.validation("Provided list of item keys contains duplicates");
            }
            planned.add(new Planned(m, a, null));
        }
        return planned;
    }

    /** Runs one planned member, adding what it consumed to its table's total. */
    private Answer run(Planned p, Map<String, Capacity> consumed) {
        String table = p.member().table();
        try {
            if (p.refused() != null) {
                throw p.refused();
            }
            if (p.write() != null) {
                count(consumed, writes.write(p.write(), p.member().statement().returnOldOnFailure()).capacity());
                return new Answer(table, null, null);
            }
            return new Answer(table, readOne(p.member().statement(), consumed), null);
        } catch (ApiException e) {
            return new Answer(table, null, e);
        }
    }

    /** One ConsumedCapacity per table the batch used, each the sum of its statements'. */
    private static void count(Map<String, Capacity> consumed, Capacity one) {
        if (one != null) {
            consumed.put(one.table(), PartiqlReads.sum(consumed.get(one.table()), one));
        }
    }

    /** A batch reads single items only: the WHERE clause must name the whole key. */
    private Map<String, Value> readOne(Partiql.Statement s, Map<String, Capacity> consumed) {
        Ast.Select select = (Ast.Select) s.prepared().statement();
        List<Value> params = s.prepared().params();
        PartiqlWrites.Target t = select.index() == null ? writes.target(select.table(), select.where(), new ExpressionTrees(params)) : null;
        if (t == null) {
            throw ApiException.validation("Select statements within BatchExecuteStatement must specify the primary key in the where clause.");
        }
        if (t.rest().isEmpty()) {
            ItemKeys.checkKey(t.table(), t.key());
            ItemReads.Outcome read = ItemReads.get(ctx, t.table(), t.key(), s.consistent());
            count(consumed, read.capacity());
            if (read.stored() == null) {
                return null;
            }
            Map<String, Value> item = ItemCodec.decode(read.stored());
            return select.projection() == null ? item : PartiqlReads.project(item, select.projection());
        }
        // The rest of the WHERE clause filters the one item, as a Query of its key would.
        PartiqlReads.Page page = reads.select(select, params, s.consistent(), null, null, null, null);
        count(consumed, page.consumed());
        return page.items().isEmpty() ? null : page.items().get(0);
    }

    /** The answer: one response (or error) per member, in order, then ConsumedCapacity per table when asked for. */
    @Override
    void encode(JsonGenerator out, Request r, Done done) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("Responses");
        for (Answer a : done.answers()) {
            out.writeStartObject();
            if (a.error() == null) {
                Partiql.writeItem(out, a.item());
            } else {
                error(out, a.error());
            }
            // A member that failed validation carries no TableName; one that met a missing table, a failed
            // condition or a duplicate item names its table (captures against the service recorded in
            // nubo-db/dynoxide src/actions/batch_execute_statement.rs: ValidationError 2026-07,
            // ConditionalCheckFailed and DuplicateItem 2026-08-15; ResourceNotFound as that file describes
            // the service's answer to an INSERT or DELETE on a missing table).
            if (a.table() != null && (a.error() == null || !code(a.error().shortType()).equals("ValidationError"))) {
                out.writeStringField("TableName", a.table());
            }
            out.writeEndObject();
        }
        out.writeEndArray();
        CapacityJson.writeList(out, r.capacity(), done.consumed().values(), null);
        out.writeEndObject();
    }

    private static void error(JsonGenerator out, ApiException e) throws IOException {
        out.writeObjectFieldStart("Error");
        out.writeStringField("Code", code(e.shortType()));
        out.writeStringField("Message", e.getMessage());
        if (e instanceof ConditionalCheckFailed failed) {
            Partiql.writeItem(out, failed.item());
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
