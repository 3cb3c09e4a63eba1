package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
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
        DescribeTable.Request r = DescribeTable.Request.decode(req);
        encode(out, Tables.delete(ctx, r.tableName()));
    }

    static void encode(JsonGenerator out, Table deleted) throws IOException {
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.writeDeleted(out, deleted);
        out.writeEndObject();
    }
}
