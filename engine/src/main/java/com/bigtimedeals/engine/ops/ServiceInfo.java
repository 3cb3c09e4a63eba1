package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * DescribeEndpoints and DescribeLimits: what SDKs ask of any endpoint, answered with the service's defaults (they take
 * no request members, so there is nothing to decode); and DescribeContinuousBackups.
 */
final class ServiceInfo {
    private ServiceInfo() {
    }

    static final class Endpoints implements Operation {
        private final Context ctx;

        Endpoints(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        public Shape shape() {
            return Shape.request();
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            out.writeStartObject();
            out.writeArrayFieldStart("Endpoints");
            out.writeStartObject();
            out.writeStringField("Address", "dynamodb." + ctx.settings().region() + ".amazonaws.com");
            out.writeNumberField("CachePeriodInMinutes", 1440);
            out.writeEndObject();
            out.writeEndArray();
            out.writeEndObject();
        }
    }

    static final class Limits implements Operation {
        @Override
        public Shape shape() {
            return Shape.request();
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            out.writeStartObject();
            out.writeNumberField("AccountMaxReadCapacityUnits", 80000);
            out.writeNumberField("AccountMaxWriteCapacityUnits", 80000);
            out.writeNumberField("TableMaxReadCapacityUnits", 40000);
            out.writeNumberField("TableMaxWriteCapacityUnits", 40000);
            out.writeEndObject();
        }
    }

    /**
     * DescribeContinuousBackups: continuous backups are ENABLED, as on every table (API_DescribeContinuousBackups:
     * "Continuous backups are ENABLED on all tables at table creation"); point-in-time recovery is not kept here, so
     * it is reported disabled.
     */
    static final class ContinuousBackups implements Operation {
        private static final Shape SHAPE = Shape.request()
                .field("TableName", Shape.string().notNull().pattern("[a-zA-Z0-9_.-]+").length(3, 255));
        private final Context ctx;

        ContinuousBackups(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        public Shape shape() {
            return SHAPE;
        }

        /** The request, decoded once. */
        record Request(String tableName) {
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            Request r = new Request(Req.string(req, "TableName"));
            Tables.requireForBackups(ctx, r.tableName());
            encode(out);
        }

        /** The same answer for every table. */
        static void encode(JsonGenerator out) throws IOException {
            out.writeStartObject();
            out.writeObjectFieldStart("ContinuousBackupsDescription");
            out.writeStringField("ContinuousBackupsStatus", "ENABLED");
            out.writeObjectFieldStart("PointInTimeRecoveryDescription");
            out.writeStringField("PointInTimeRecoveryStatus", "DISABLED");
            out.writeEndObject();
            out.writeEndObject();
            out.writeEndObject();
        }
    }
}
