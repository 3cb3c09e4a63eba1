package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.table.Table;
import com.fasterxml.jackson.core.JsonGenerator;

/** DeleteTable: answers the description with status DELETING; the table is gone at once. */
public final class DeleteTable implements Operation {
    private final Context ctx;

    public DeleteTable(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return DescribeTable.TABLE_ONLY;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Table table = ctx.catalog().requireNamed(Req.string(req, "TableName"));
        if (table.def().deletionProtection()) {
            throw ApiException.validation("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
        }
        ctx.committer().deleteTable(table, () -> {
            if (ctx.catalog().get(table.name()) != table) {
                throw ApiException.resourceNotFound("Requested resource not found: Table: " + table.name() + " not found");
            }
            ctx.catalog().remove(table);
            table.markDeleted();
            Streams.close(ctx.committer(), table);
        });
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.writeDeleted(out, table);
        out.writeEndObject();
    }
}
