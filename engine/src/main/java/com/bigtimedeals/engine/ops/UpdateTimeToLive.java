package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.table.TtlIndex;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** UpdateTimeToLive: switches expiry on an attribute on or off; takes effect at once (the service takes up to an hour). */
public final class UpdateTimeToLive implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("TableName", Shape.tableNameMember().required())
            .field("TimeToLiveSpecification", Shape.fieldStruct("TimeToLiveSpecification")
                    .field("Enabled", Shape.bool().notNull())
                    .field("AttributeName", Shape.string().notNull().length(1, 255)).notNull());

    private final Context ctx;

    public UpdateTimeToLive(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Table table = ctx.catalog().requireNamed(Req.string(req, "TableName"));
        Map<String, Object> spec = Req.map(req, "TimeToLiveSpecification");
        boolean enable = Req.flag(spec, "Enabled");
        String attribute = Req.string(spec, "AttributeName");
        synchronized (table) {
            TableDef def = table.def();
            if (enable && def.ttlEnabled()) {
                throw ApiException.validation(attribute.equals(def.ttlAttribute()) ? "TimeToLive is already enabled"
                        : "TimeToLive is active on a different AttributeName: current AttributeName is " + def.ttlAttribute());
            }
            if (!enable && !def.ttlEnabled()) {
                throw ApiException.validation("TimeToLive is already disabled");
            }
            if (!enable && !attribute.equals(def.ttlAttribute())) {
                throw ApiException.validation("TimeToLive is active on a different AttributeName: current AttributeName is " + def.ttlAttribute());
            }
            TableDef updated = def.withTtl(attribute, enable);
            ctx.committer().defineTable(table, () -> table.define(updated));
            table.ttl.clear();
            if (enable) {
                table.ttl.fill(table.items, attribute);
            }
        }
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveSpecification");
        out.writeBooleanField("Enabled", enable);
        out.writeStringField("AttributeName", attribute);
        out.writeEndObject();
        out.writeEndObject();
    }
}
