package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.table.Table;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeTable: the table's full description, with live item counts and sizes. */
public final class DescribeTable implements Operation {
    static final Shape TABLE_ONLY = Shape.request()
            .field("TableName", Shape.tableNameMember().required());

    private final Context ctx;

    public DescribeTable(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return TABLE_ONLY;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Table table = ctx.catalog().requireNamed(Req.string(req, "TableName"));
        table.lag.drain(ctx.now());
        out.writeStartObject();
        out.writeFieldName("Table");
        TableDescriptions.write(out, table, "ACTIVE");
        out.writeEndObject();
    }
}
