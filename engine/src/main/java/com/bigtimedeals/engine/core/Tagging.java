package com.bigtimedeals.engine.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.table.TableSettingsTags;

/**
 * Tags on tables, named by ARN. Tags also carry the engine's per-table settings ({@link TableSettingsTags}), so
 * tagging a table is how any client switches them.
 */
public final class Tagging {
    /** Any ARN's six parts, the last holding a resource path. */
    public static final Pattern ANY_ARN = Pattern.compile("^.+:.+:.+:.+:.+:.+/.+$");
    private static final Pattern TABLE_ARN = Pattern.compile("^arn:aws:dynamodb:.+:\\d+:table/[^/]{2}[^/]+$");
    private static final int MAX_TAGS = 50;

    /** One tag of a request, in the order sent (a key sent twice keeps its last value). */
    public record Tag(String key, String value) {
    }

    private Tagging() {
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
    public static Table resource(Context ctx, String operation, String arn) {
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

    /** Adds {@code tags} to the table's (a key it has takes the new value), at most 50 in all. */
    public static void tag(Context ctx, Table table, List<Tag> tags) {
        if (tags.isEmpty()) {
            throw ApiException.validation("Atleast one Tag needs to be provided as Input.");
        }
        for (Tag tag : tags) {
            refuseReserved(tag.key());
        }
        retag(ctx, table, merged -> {
            for (Tag tag : tags) {
                merged.put(tag.key(), tag.value());
            }
            if (merged.size() > MAX_TAGS) {
                throw ApiException.validation("One or more parameter values were invalid: The number of tags exceeds the limit of 50 tags per resource");
            }
            return merged;
        });
    }

    /** Removes the tags with these keys; keys the table has not are ignored. */
    public static void untag(Context ctx, Table table, List<String> keys) {
        if (keys.isEmpty()) {
            throw ApiException.validation("Atleast one Tag Key needs to be provided as Input.");
        }
        retag(ctx, table, remaining -> {
            keys.forEach(remaining::remove);
            return remaining;
        });
    }

    /**
     * The Developer Guide (Tagging restrictions in DynamoDB; API_Tag) says AWS-assigned tag names have the
     * {@code aws:} prefix, which the user cannot assign. No capture of the service's wording was found, so this
     * message is the engine's own, in the service's style for invalid parameters. The prefix is matched as
     * documented, lower case (tag keys are case sensitive). UntagResource is not refused: the guide restricts
     * assigning such keys only.
     */
    private static void refuseReserved(String key) {
        if (key != null && key.startsWith("aws:")) {
            throw ApiException.validation("One or more parameter values were invalid: The tag key " + key
                    + " starts with the prefix aws:, which is reserved for AWS-assigned tags and cannot be assigned");
        }
    }

    /** Rewrites a table's tags from its current ones, one change at a time per table (concurrent taggers lose nothing). */
    private static void retag(Context ctx, Table table, UnaryOperator<Map<String, String>> change) {
        synchronized (table) {
            Map<String, String> tags = change.apply(new LinkedHashMap<>(table.def().tags()));
            TableDef updated = table.def().withTags(tags);
            ctx.committer().defineTable(table, () -> table.define(updated));
            TableSettingsTags.apply(table, tags);
        }
    }
}
