package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.api.TransactionCanceled;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.TransactReads;
import com.bigtimedeals.engine.core.TransactWrites;
import com.bigtimedeals.engine.partiql.Ast;
import com.bigtimedeals.engine.partiql.ExpressionTrees;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * ExecuteTransaction: up to 100 PartiQL statements, all reads (a TransactGetItems) or all writes and EXISTS
 * checks (a TransactWriteItems, ClientRequestToken included), never both (Developer Guide, "Performing
 * transactions with PartiQL for DynamoDB"), decoded into a {@link Request} and run by the core's transactions.
 */
final class ExecuteTransaction extends PartiqlOperation<ExecuteTransaction.Request, ExecuteTransaction.Done> {
    private static final Shape SHAPE = Shape.request()
            .field("TransactStatements", list(valueStruct("ParameterizedStatement")
                    .field("Statement", Partiql.statementShape())
                    .field("Parameters", Partiql.parametersShape())
                    .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure()))
                    .notNull().length(1, TransactWriteItems.MAX_ACTIONS))
            .field("ClientRequestToken", string().length(1, 36))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity());

    ExecuteTransaction(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once: its statements, all reads or all writes, the token and capacity mode. */
    record Request(List<Partiql.Statement> statements, boolean reads, String token, String capacity, String fingerprint) {
    }

    /** What the transaction did: the items its SELECTs read (none for writes), the units per table, of which kind. */
    record Done(List<Map<String, Value>> items, Collection<Capacity> consumed, String kind) {
    }

    @Override
    Request decode(Map<String, Object> req) {
        List<Partiql.Statement> statements = new ArrayList<>();
        for (Object o : Req.list(req, "TransactStatements")) {
            Partiql.Statement s = Partiql.Statement.decode(Req.asMap(o));
            refuseInTransaction(statements.size(), s.prepared().statement());
            statements.add(s);
        }
        boolean reads = statements.stream().anyMatch(s -> s.prepared().read());
        if (reads && !statements.stream().allMatch(s -> s.prepared().read())) {
            throw ApiException.validation("ExecuteTransaction API does not support both read and write operations in the same request.");
        }
        return new Request(statements, reads, Req.string(req, "ClientRequestToken"), Req.string(req, "ReturnConsumedCapacity"),
                Req.has(req, "ClientRequestToken") ? TransactWriteItems.fingerprint(req) : null);
    }

    @Override
    Done run(Request r) {
        if (!r.reads()) {
            TransactWriteItems.Done done = write(r);
            return new Done(List.of(), done.consumed().values(), done.kind());
        }
        TransactReads.Outcome done = read(r.statements());
        List<Map<String, Value>> items = new ArrayList<>();
        for (int i = 0; i < done.stored().size(); i++) {
            byte[] stored = done.stored().get(i);
            Ast.Select select = (Ast.Select) r.statements().get(i).prepared().statement();
            Map<String, Value> item = stored == null ? null : ItemCodec.decode(stored);
            items.add(item == null || select.projection() == null ? item : PartiqlReads.project(item, select.projection()));
        }
        return new Done(items, done.consumed().values(), "Read");
    }

    /** Responses (one per SELECT, its Item when found; none for writes), then ConsumedCapacity per table. */
    @Override
    void encode(JsonGenerator out, Request r, Done done) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("Responses");
        for (Map<String, Value> item : done.items()) {
            out.writeStartObject();
            Partiql.writeItem(out, item);
            out.writeEndObject();
        }
        out.writeEndArray();
        CapacityJson.writeList(out, r.capacity(), done.consumed(), done.kind());
        out.writeEndObject();
    }

    /**
     * Statements a transaction refuses as a whole, before any write, each statement as it is read (captures against
     * the service recorded in nubo-db/dynoxide src/actions/execute_transaction.rs): a RETURNING clause
     * ({@code RETURNING clause is not supported in ExecuteTransaction.}) and a SELECT from an index ({@code Reads on
     * indices are not supported within transactions.}).
     */
    private static void refuseInTransaction(int i, Ast.Statement statement) {
        boolean returning = statement instanceof Ast.Update u && u.returning() != null
                || statement instanceof Ast.Delete d && d.returnOld();
        if (returning) {
            throw ApiException.validation("Validation failed in TransactStatements[" + i
                    + "]: RETURNING clause is not supported in ExecuteTransaction.");
        }
        if (statement instanceof Ast.Select select && select.index() != null) {
            throw ApiException.validation("Validation failed in TransactStatements[" + i
                    + "]: Reads on indices are not supported within transactions.");
        }
    }

    /** Whole-key SELECTs as one TransactGetItems. */
    private TransactReads.Outcome read(List<Partiql.Statement> statements) {
        List<TransactReads.Read> reads = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            Partiql.Prepared p = statements.get(i).prepared();
            Ast.Select select = (Ast.Select) p.statement();
            PartiqlWrites.Target t = select.index() == null
                    ? writes.target(select.table(), select.where(), new ExpressionTrees(p.params())) : null;
            if (t == null) {
                throw ApiException.validation("Validation failed in TransactStatements[" + i
                        + "]: Select statements within ExecuteTransaction must specify the primary key in the where clause.");
            }
            reads.add(new TransactReads.Read(select.table(), t.key()));
        }
        return TransactReads.read(ctx, reads);
    }

    /** Writes and EXISTS checks as one TransactWriteItems, ClientRequestToken included. */
    private TransactWriteItems.Done write(Request r) {
        List<PartiqlWrites.Action> planned = new ArrayList<>();
        List<TransactWrites.Action> actions = new ArrayList<>();
        long payload = 0;
        for (Partiql.Statement s : r.statements()) {
            PartiqlWrites.Action a = writes.plan(s.prepared().statement(), s.prepared().params());
            planned.add(a);
            actions.add(a.transactional(s.returnOldOnFailure()));
            payload += Sizes.of(a.item() != null ? a.item() : a.key()) + a.valuesSize();
        }
        TransactWriteItems.checkPayload(payload);
        try {
            return TransactWriteItems.run(ctx, new TransactWriteItems.Request(actions, r.capacity(), false, r.token(), r.fingerprint()));
        } catch (TransactionCanceled e) {
            // An INSERT whose key exists is cancelled as a validation error of its own, not as a failed condition.
            List<TransactionCanceled.Reason> reasons = new ArrayList<>(e.reasons());
            boolean changed = false;
            for (int i = 0; i < reasons.size(); i++) {
                if (planned.get(i).kind() == TransactWrites.Kind.PUT && "ConditionalCheckFailed".equals(reasons.get(i).code())) {
                    reasons.set(i, new TransactionCanceled.Reason("ValidationError", "Duplicate primary key exists in table", null));
                    changed = true;
                }
            }
            throw changed ? new TransactionCanceled(reasons) : e;
        }
    }
}
