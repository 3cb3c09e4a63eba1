package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.ConditionalCheckFailed;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.api.TransactionCanceled;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.partiql.Ast;
import com.bigtimedeals.engine.partiql.ExpressionText;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * ExecuteTransaction: up to 100 PartiQL statements, all reads (a TransactGetItems) or all writes and EXISTS
 * checks (a TransactWriteItems, ClientRequestToken included), never both (Developer Guide, "Performing
 * transactions with PartiQL for DynamoDB").
 */
final class ExecuteTransaction implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("TransactStatements", list(valueStruct("ParameterizedStatement")
                    .field("Statement", Partiql.statementShape())
                    .field("Parameters", Partiql.parametersShape())
                    .field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure()))
                    .notNull().length(1, TransactWriteItems.MAX_ACTIONS))
            .field("ClientRequestToken", string().length(1, 36))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity());

    private final Context ctx;
    private final PartiqlWrites writes;

    ExecuteTransaction(Context ctx) {
        this.ctx = ctx;
        this.writes = new PartiqlWrites(ctx);
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        List<Object> raw = Req.list(req, "TransactStatements");
        List<Partiql.Prepared> statements = new ArrayList<>();
        for (Object o : raw) {
            Map<String, Object> s = Req.asMap(o);
            Partiql.Prepared p = Partiql.prepare(Req.string(s, "Statement"), Req.list(s, "Parameters"));
            refuseInTransaction(statements.size(), p.statement());
            statements.add(p);
        }
        boolean reads = statements.stream().anyMatch(Partiql.Prepared::read);
        if (reads && !statements.stream().allMatch(Partiql.Prepared::read)) {
            throw ApiException.validation("ExecuteTransaction API does not support both read and write operations in the same request.");
        }
        String capacity = Req.string(req, "ReturnConsumedCapacity");
        Map<String, Object> answer = reads ? read(statements, capacity) : write(statements, raw, req, capacity);
        out.writeStartObject();
        out.writeArrayFieldStart("Responses");
        if (reads) {
            List<Object> responses = Req.list(answer, "Responses");
            for (int i = 0; i < responses.size(); i++) {
                Map<String, Object> item = Req.map(Req.asMap(responses.get(i)), "Item");
                Ast.Select select = (Ast.Select) statements.get(i).statement();
                out.writeStartObject();
                if (item != null) {
                    out.writeFieldName("Item");
                    PartiqlCalls.write(out, select.projection() == null ? item : PartiqlReads.project(item, select.projection()));
                }
                out.writeEndObject();
            }
        }
        out.writeEndArray();
        if (answer.get("ConsumedCapacity") != null) {
            out.writeFieldName("ConsumedCapacity");
            PartiqlCalls.write(out, answer.get("ConsumedCapacity"));
        }
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

    private Map<String, Object> read(List<Partiql.Prepared> statements, String capacity) {
        List<PartiqlWrites.Target> targets = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            Ast.Select select = (Ast.Select) statements.get(i).statement();
            PartiqlWrites.Target t = select.index() == null
                    ? writes.target(select.table(), select.where(), new ExpressionText(statements.get(i).params())) : null;
            if (t == null) {
                throw ApiException.validation("Validation failed in TransactStatements[" + i
                        + "]: Select statements within ExecuteTransaction must specify the primary key in the where clause.");
            }
            targets.add(t);
        }
        return PartiqlCalls.call(new TransactGetItems(ctx), out -> {
            out.writeArrayFieldStart("TransactItems");
            for (int i = 0; i < targets.size(); i++) {
                out.writeStartObject();
                out.writeObjectFieldStart("Get");
                out.writeStringField("TableName", statements.get(i).statement().table());
                ValueJson.writeItemField(out, "Key", targets.get(i).key());
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
            if (capacity != null) {
                out.writeStringField("ReturnConsumedCapacity", capacity);
            }
        });
    }

    private Map<String, Object> write(List<Partiql.Prepared> statements, List<Object> raw, Map<String, Object> req, String capacity) {
        List<PartiqlWrites.Action> actions = new ArrayList<>();
        for (Partiql.Prepared p : statements) {
            actions.add(writes.plan(p.statement(), p.params()));
        }
        String token = Req.string(req, "ClientRequestToken");
        try {
            return PartiqlCalls.call(new TransactWriteItems(ctx), out -> {
                out.writeArrayFieldStart("TransactItems");
                for (int i = 0; i < actions.size(); i++) {
                    out.writeStartObject();
                    out.writeObjectFieldStart(actions.get(i).kind());
                    actions.get(i).body().write(out);
                    String onFailure = Req.string(Req.asMap(raw.get(i)), "ReturnValuesOnConditionCheckFailure");
                    if (onFailure != null) {
                        out.writeStringField("ReturnValuesOnConditionCheckFailure", onFailure);
                    }
                    out.writeEndObject();
                    out.writeEndObject();
                }
                out.writeEndArray();
                if (token != null) {
                    out.writeStringField("ClientRequestToken", token);
                }
                if (capacity != null) {
                    out.writeStringField("ReturnConsumedCapacity", capacity);
                }
            });
        } catch (TransactionCanceled e) {
            // An INSERT whose key exists is cancelled as a validation error of its own, not as a failed condition.
            List<TransactionCanceled.Reason> reasons = new ArrayList<>(e.reasons());
            boolean changed = false;
            for (int i = 0; i < reasons.size(); i++) {
                if (actions.get(i).kind().equals("Put") && "ConditionalCheckFailed".equals(reasons.get(i).code())) {
                    reasons.set(i, new TransactionCanceled.Reason("ValidationError", "Duplicate primary key exists in table", null));
                    changed = true;
                }
            }
            throw changed ? new TransactionCanceled(reasons) : e;
        }
    }
}
