package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeEndpoints and DescribeLimits: what SDKs ask of any endpoint, answered with the service's defaults. */
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
            out.writeStringField("Address", "dynamodb." + ctx.settings.region() + ".amazonaws.com");
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
}
