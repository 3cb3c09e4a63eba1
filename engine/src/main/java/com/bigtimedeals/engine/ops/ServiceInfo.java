package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

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

    /** The request of an operation that reads nothing from it. */
    enum Empty {
        REQUEST
    }

    /** An operation that reads nothing from its request and answers the same every time but for the settings. */
    abstract static class FixedAnswer extends TypedOperation<Empty, Empty> {
        FixedAnswer(Context ctx) {
            super(ctx, Shape.request());
        }

        @Override
        final Empty decode(Map<String, Object> req) {
            return Empty.REQUEST;
        }

        @Override
        final Empty run(Empty request) {
            return request;
        }
    }

    static final class Endpoints extends FixedAnswer {
        Endpoints(Context ctx) {
            super(ctx);
        }

        @Override
        void encode(JsonGenerator out, Empty request, Empty outcome) throws IOException {
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

    static final class Limits extends FixedAnswer {
        Limits(Context ctx) {
            super(ctx);
        }

        @Override
        void encode(JsonGenerator out, Empty request, Empty outcome) throws IOException {
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
    static final class ContinuousBackups extends TypedOperation<ContinuousBackups.Request, ContinuousBackups.Request> {
        private static final Shape SHAPE = Shape.request()
                .field("TableName", Shape.string().notNull().pattern("[a-zA-Z0-9_.-]+").length(3, 255));
        ContinuousBackups(Context ctx) {
            super(ctx, SHAPE);
        }

        /** The request, decoded once. */
        record Request(String tableName) {
        }

        @Override
        Request decode(Map<String, Object> req) {
            return new Request(Req.string(req, "TableName"));
        }

        @Override
        Request run(Request r) {
            Tables.requireForBackups(ctx, r.tableName());
            return r;
        }

        /** The same answer for every table. */
        @Override
        void encode(JsonGenerator out, Request r, Request described) throws IOException {
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
