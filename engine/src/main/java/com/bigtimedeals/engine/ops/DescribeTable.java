package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.bigtimedeals.engine.table.Table;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeTable: the table's full description, with live item counts and sizes. */
public final class DescribeTable extends TableOnly<Table> {
    static final Shape TABLE_ONLY = Shape.request()
            .field("TableName", Shape.tableNameMember().required());

    public DescribeTable(Context ctx) {
        super(ctx);
    }

    /** The request of every operation that names only a table ({@link #TABLE_ONLY}), decoded once. */
    record Request(String tableName) {
        static Request decode(Map<String, Object> req) {
            return new Request(Req.string(req, "TableName"));
        }
    }


    @Override
    Table run(Request r) {
        return Tables.describe(ctx, r.tableName());
    }

    @Override
    void encode(JsonGenerator out, Request request, Table table) throws IOException {
        out.writeStartObject();
        out.writeFieldName("Table");
        TableDescriptions.write(out, table, "ACTIVE");
        out.writeEndObject();
    }
}
