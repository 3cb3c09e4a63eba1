package com.bigtimedeals.engine.ops;

import java.io.IOException;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.bigtimedeals.engine.table.Table;
import com.fasterxml.jackson.core.JsonGenerator;

/** DeleteTable: answers the description with status DELETING; the table is gone at once. */
public final class DeleteTable extends TableOnly<Table> {
    public DeleteTable(Context ctx) {
        super(ctx);
    }

    @Override
    Table run(DescribeTable.Request r) {
        return Tables.delete(ctx, r.tableName());
    }

    @Override
    void encode(JsonGenerator out, DescribeTable.Request request, Table deleted) throws IOException {
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptions.writeDeleted(out, deleted);
        out.writeEndObject();
    }
}
