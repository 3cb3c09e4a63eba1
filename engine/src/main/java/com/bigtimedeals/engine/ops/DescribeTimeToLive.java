package com.bigtimedeals.engine.ops;

import java.io.IOException;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeTimeToLive. */
public final class DescribeTimeToLive extends TableOnly<TableDef> {
    public DescribeTimeToLive(Context ctx) {
        super(ctx);
    }

    @Override
    TableDef run(DescribeTable.Request r) {
        return Tables.definition(ctx, r.tableName());
    }

    @Override
    void encode(JsonGenerator out, DescribeTable.Request request, TableDef def) throws IOException {
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveDescription");
        out.writeStringField("TimeToLiveStatus", def.ttlEnabled() ? "ENABLED" : "DISABLED");
        if (def.ttlEnabled()) {
            out.writeStringField("AttributeName", def.ttlAttribute());
        }
        out.writeEndObject();
        out.writeEndObject();
    }
}
