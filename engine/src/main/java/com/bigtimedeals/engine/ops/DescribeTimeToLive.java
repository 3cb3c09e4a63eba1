package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.bigtimedeals.engine.table.TableDef;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeTimeToLive. */
public final class DescribeTimeToLive implements Operation {
    private final Context ctx;

    public DescribeTimeToLive(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return DescribeTable.TABLE_ONLY;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        DescribeTable.Request r = DescribeTable.Request.decode(req);
        encode(out, Tables.definition(ctx, r.tableName()));
    }

    static void encode(JsonGenerator out, TableDef def) throws IOException {
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
