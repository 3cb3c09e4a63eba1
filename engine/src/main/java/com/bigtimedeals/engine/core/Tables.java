package com.bigtimedeals.engine.core;

import java.util.List;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.table.TableSettingsTags;

/** The catalog's tables as a whole: created, described, listed a page at a time, deleted, and their expiry switched. */
public final class Tables {
    /** One page of table names, and the last name when more follow. */
    public record NamePage(List<String> names, String lastEvaluated) {
    }

    private Tables() {
    }

    /** The named table with its index back-fill caught up, so its counts and statuses are current. */
    public static Table describe(Context ctx, String name) {
        Table table = ctx.catalog().requireNamed(name);
        table.lag.drain(ctx.now());
        return table;
    }

    /** Up to {@code limit} names in order after {@code exclusiveStart} (or from the first). */
    public static NamePage names(Context ctx, String exclusiveStart, int limit) {
        List<String> names = ctx.catalog().names();
        int from = 0;
        if (exclusiveStart != null) {
            while (from < names.size() && names.get(from).compareTo(exclusiveStart) <= 0) {
                from++;
            }
        }
        int to = Math.min(names.size(), from + limit);
        return new NamePage(names.subList(from, to), to < names.size() ? names.get(to - 1) : null);
    }

    /** Creates a table of {@code def}, opening its stream if it has one; refused when the name is taken. */
    public static Table create(Context ctx, TableDef def) {
        Table table = new Table(ctx.catalog().newTableId(), def);
        TableSettingsTags.apply(table, def.tags());
        ctx.committer().defineTable(table, () -> {
            if (ctx.catalog().putIfAbsent(table) != null) {
                throw ApiException.resourceInUse("Table already exists: " + def.name());
            }
            if (def.streamEnabled()) {
                Streams.open(ctx.catalog(), ctx.committer(), table, def.latestStreamLabel());
            }
        });
        return table;
    }

    /** Deletes the named table and closes its stream; refused while deletion protection is on. */
    public static Table delete(Context ctx, String name) {
        Table table = ctx.catalog().requireNamed(name);
        if (table.def().deletionProtection()) {
            throw ApiException.validation("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.");
        }
        ctx.committer().deleteTable(table, () -> {
            // A racing DeleteTable (or a delete and re-create) got there first: this one deletes nothing.
            if (ctx.catalog().get(table.name()) != table) {
                throw ApiException.resourceNotFound("Requested resource not found: Table: " + table.name() + " not found");
            }
            ctx.catalog().remove(table);
            table.markDeleted();
            Streams.close(ctx.committer(), table);
        });
        return table;
    }

    /** Refuses a table that is not there in DescribeContinuousBackups' words (not ResourceNotFoundException). */
    public static void requireForBackups(Context ctx, String name) {
        if (ctx.catalog().get(name) == null) {
            throw new ApiException(ApiException.DYNAMODB + "TableNotFoundException", "Table not found: " + name);
        }
    }

    /** The named table's definition, for its TTL setting. */
    public static TableDef definition(Context ctx, String name) {
        return ctx.catalog().requireNamed(name).def();
    }

    /**
     * Switches expiry on {@code attribute} on or off, refused in the service's words when it is already so or is on
     * another attribute; the TTL index is rebuilt under the table's monitor, so no write slips between.
     */
    public static void setTimeToLive(Context ctx, String name, String attribute, boolean enable) {
        Table table = ctx.catalog().requireNamed(name);
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
    }
}
