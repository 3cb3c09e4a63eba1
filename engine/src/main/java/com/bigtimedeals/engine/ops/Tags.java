package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.table.TableSettingsTags;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * TagResource, UntagResource and ListTagsOfResource on tables. Tags also carry the engine's per-table settings
 * ({@link TableSettingsTags}), so tagging a table is how any client switches them.
 */
final class Tags {
    private static final Pattern ANY_ARN = Pattern.compile("^.+:.+:.+:.+:.+:.+/.+$");
    private static final Pattern TABLE_ARN = Pattern.compile("^arn:aws:dynamodb:.+:\\d+:table/[^/]{2}[^/]+$");

    private Tags() {
    }

    private static ApiException accessDenied(Context ctx, String operation, String arn, String why) {
        return new ApiException("com.amazon.coral.service#AccessDeniedException", "User: arn:aws:iam::"
                + ctx.settings().accountId() + ":user/local is not authorized to perform: dynamodb:" + operation
                + " on resource: " + arn + why) {
            @Override
            protected String messageMember() {
                return "Message";
            }
        };
    }

    /** The table a ResourceArn names, refusing malformed ARNs as the service does. */
    static Table table(Context ctx, String operation, String arn) {
        if (arn == null) {
            throw ApiException.validation("Invalid TableArn");
        }
        if (!arn.startsWith("arn:")) {
            throw ApiException.validation("Invalid TableArn: ARNs must start with 'arn:': " + arn);
        }
        if (!ANY_ARN.matcher(arn).matches()) {
            throw accessDenied(ctx, operation, arn, "");
        }
        String[] parts = arn.split(":", 6);
        if (parts.length == 6 && parts[2].equals("dynamodb") && !parts[4].equals(ctx.settings().accountId())) {
            // A resource of another account: the caller has no permission on it.
            throw accessDenied(ctx, operation, arn, " because no resource-based policy allows the dynamodb:" + operation + " action");
        }
        if (!TABLE_ARN.matcher(arn).matches()) {
            throw ApiException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        Table t = ctx.catalog().get(arn.substring(arn.lastIndexOf('/') + 1));
        if (t == null || !t.def().arn().equals(arn)) {
            throw ApiException.resourceNotFound("Requested resource not found: ResourcArn: " + arn + " not found");
        }
        return t;
    }

    /** Rewrites a table's tags from its current ones, one change at a time per table (concurrent taggers lose nothing). */
    static void retag(Context ctx, Table table, java.util.function.UnaryOperator<Map<String, String>> change) {
        synchronized (table) {
            Map<String, String> tags = change.apply(new LinkedHashMap<>(table.def().tags()));
            TableDef updated = table.def().withTags(tags);
            ctx.committer().defineTable(table, () -> table.define(updated));
            TableSettingsTags.apply(table, tags);
        }
    }

    static final class Tag implements Operation {
        private static final Shape SHAPE = Shape.request()
                .field("ResourceArn", Shape.string().length(1, 1283))
                .field("Tags", TableShapes.tags());
        private final Context ctx;

        Tag(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        public Shape shape() {
            return SHAPE;
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            String arn = Req.string(req, "ResourceArn");
            List<Object> tags = Req.list(req, "Tags");
            if (arn != null && ANY_ARN.matcher(arn).matches() && tags == null) {
                throw ApiException.validation("1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null");
            }
            Table t = table(ctx, "TagResource", arn);
            if (tags.isEmpty()) {
                throw ApiException.validation("Atleast one Tag needs to be provided as Input.");
            }
            for (Object o : tags) {
                refuseReserved(Req.string(Req.asMap(o), "Key"));
            }
            retag(ctx, t, merged -> {
                for (Object o : tags) {
                    Map<String, Object> tag = Req.asMap(o);
                    merged.put(Req.string(tag, "Key"), Req.string(tag, "Value"));
                }
                if (merged.size() > 50) {
                    throw ApiException.validation("One or more parameter values were invalid: The number of tags exceeds the limit of 50 tags per resource");
                }
                return merged;
            });
            // The service answers TagResource with an empty body, not an empty object.
        }
    }

    /**
     * The Developer Guide (Tagging restrictions in DynamoDB; API_Tag) says AWS-assigned tag names have the
     * {@code aws:} prefix, which the user cannot assign. No capture of the service's wording was found, so this
     * message is the engine's own, in the service's style for invalid parameters. The prefix is matched as
     * documented, lower case (tag keys are case sensitive). UntagResource is not refused: the guide restricts
     * assigning such keys only.
     */
    static void refuseReserved(String key) {
        if (key != null && key.startsWith("aws:")) {
            throw ApiException.validation("One or more parameter values were invalid: The tag key " + key
                    + " starts with the prefix aws:, which is reserved for AWS-assigned tags and cannot be assigned");
        }
    }

    static final class Untag implements Operation {
        private static final Shape SHAPE = Shape.request()
                .field("ResourceArn", Shape.string().length(1, 1283))
                .field("TagKeys", Shape.list(Shape.string().length(1, 128)));
        private final Context ctx;

        Untag(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        public Shape shape() {
            return SHAPE;
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            String arn = Req.string(req, "ResourceArn");
            List<String> keys = Req.strings(req, "TagKeys");
            if (arn != null && ANY_ARN.matcher(arn).matches() && keys == null) {
                throw ApiException.validation("1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null");
            }
            Table t = table(ctx, "UntagResource", arn);
            if (keys.isEmpty()) {
                throw ApiException.validation("Atleast one Tag Key needs to be provided as Input.");
            }
            retag(ctx, t, remaining -> {
                keys.forEach(remaining::remove);
                return remaining;
            });
            // Like TagResource: an empty body.
        }
    }

    static final class ListTags implements Operation {
        private static final Shape SHAPE = Shape.request()
                .field("ResourceArn", Shape.string().length(1, 1283))
                .field("NextToken", Shape.string());
        private final Context ctx;

        ListTags(Context ctx) {
            this.ctx = ctx;
        }

        @Override
        public Shape shape() {
            return SHAPE;
        }

        @Override
        public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
            Table t = table(ctx, "ListTagsOfResource", Req.string(req, "ResourceArn"));
            out.writeStartObject();
            out.writeArrayFieldStart("Tags");
            for (Map.Entry<String, String> e : t.def().tags().entrySet()) {
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
