package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tagging;
import com.bigtimedeals.engine.table.Table;
import com.fasterxml.jackson.core.JsonGenerator;

/** TagResource, UntagResource and ListTagsOfResource on tables ({@link Tagging}). */
final class Tags {
    private Tags() {
    }

    /**
     * A member left out is refused before the ARN's table is looked up, but only when the ARN is well formed: a
     * malformed one is the answer then.
     */
    private static void requirePresent(String arn, Object member, String name) {
        if (arn != null && Tagging.ANY_ARN.matcher(arn).matches() && member == null) {
            throw ApiException.validation("1 validation error detected: Value null at '" + name + "' failed to satisfy constraint: Member must not be null");
        }
    }

    static final class Tag extends TypedOperation<Tag.Request, Table> {
        private static final Shape SHAPE = Shape.request()
                .field("ResourceArn", Shape.string().length(1, 1283))
                .field("Tags", TableShapes.tags());

        Tag(Context ctx) {
            super(ctx, SHAPE);
        }

        /** The request, decoded and checked once. */
        record Request(String arn, List<Tagging.Tag> tags) {
        }

        @Override
        Table run(Request r) {
            Table t = Tagging.resource(ctx, "TagResource", r.arn());
            Tagging.tag(ctx, t, r.tags());
            return t;
        }

        @Override
        void encode(JsonGenerator out, Request r, Table tagged) {
            // The service answers TagResource with an empty body, not an empty object.
        }

        @Override
        Request decode(Map<String, Object> req) {
            String arn = Req.string(req, "ResourceArn");
            List<Object> raw = Req.list(req, "Tags");
            requirePresent(arn, raw, "tags");
            return new Request(arn, TableSpecDecoder.tags(raw));
        }
    }

    static final class Untag extends TypedOperation<Untag.Request, Table> {
        private static final Shape SHAPE = Shape.request()
                .field("ResourceArn", Shape.string().length(1, 1283))
                .field("TagKeys", Shape.list(Shape.string().length(1, 128)));

        Untag(Context ctx) {
            super(ctx, SHAPE);
        }

        /** The request, decoded and checked once. */
        record Request(String arn, List<String> keys) {
        }

        @Override
        Table run(Request r) {
            Table t = Tagging.resource(ctx, "UntagResource", r.arn());
            Tagging.untag(ctx, t, r.keys());
            return t;
        }

        @Override
        void encode(JsonGenerator out, Request r, Table untagged) {
            // Like TagResource: an empty body.
        }

        @Override
        Request decode(Map<String, Object> req) {
            String arn = Req.string(req, "ResourceArn");
            List<String> keys = Req.strings(req, "TagKeys");
            requirePresent(arn, keys, "tagKeys");
            return new Request(arn, keys);
        }
    }

    static final class ListTags extends TypedOperation<ListTags.Request, Table> {
        private static final Shape SHAPE = Shape.request()
                .field("ResourceArn", Shape.string().length(1, 1283))
                .field("NextToken", Shape.string());

        ListTags(Context ctx) {
            super(ctx, SHAPE);
        }

        /** The request, decoded once; every tag fits one page, so NextToken is not read. */
        record Request(String arn) {
        }

        @Override
        Request decode(Map<String, Object> req) {
            return new Request(Req.string(req, "ResourceArn"));
        }

        @Override
        Table run(Request r) {
            return Tagging.resource(ctx, "ListTagsOfResource", r.arn());
        }

        @Override
        void encode(JsonGenerator out, Request r, Table table) throws IOException {
            Map<String, String> tags = table.def().tags();
            out.writeStartObject();
            out.writeArrayFieldStart("Tags");
            for (Map.Entry<String, String> e : tags.entrySet()) {
                out.writeStartObject();
                out.writeStringField("Key", e.getKey());
                out.writeStringField("Value", e.getValue());
                out.writeEndObject();
            }
            out.writeEndArray();
            out.writeEndObject();
        }
    }
}
