package com.bigtimedeals.engine.core;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.commit.Streams;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;

/** UpdateTable's redefinition of a table, through the commit point, closing and opening its stream with it. */
public final class TableUpdates {
    /** What an update does to the table's stream. */
    public enum StreamChange {
        NONE, OPEN, CLOSE
    }

    /**
     * An update as the request asks for it; a member left out is null ({@code attributes} and {@code indexUpdates}
     * empty).
     */
    public record Update(String tableName, List<TableDef.AttributeDefinition> attributes, String billingMode,
                         TableDef.Throughput throughput, List<IndexUpdates.IndexUpdate> indexUpdates, TableSpecs.StreamSpec stream,
                         Boolean deletionProtection, String tableClass, TableSpecs.EncryptionSpec encryption) {
    }

    /** The table updated, and the definition it is answered with (new indexes still CREATING). */
    public record Updated(Table table, TableDef answered) {
    }

    private TableUpdates() {
    }

    /**
     * Redefines the table under its monitor, after the service's checks that need it, back-filling a created index
     * before it is made ACTIVE.
     */
    public static Updated update(Context ctx, Update r) {
        Table table = ctx.catalog().requireNamed(r.tableName());
        TableDef answered;
        boolean created;
        synchronized (table) {
            TableDef def = table.def();
            IndexUpdates.Applied indexes = IndexUpdates.apply(r.attributes(), r.indexUpdates(), billing(ctx, r, def));
            created = indexes.created();
            TableDef updated = indexes.def();
            StreamChange streamChange = streamChange(r.stream(), def);
            if (streamChange == StreamChange.OPEN) {
                updated = updated.withStream(true, r.stream().viewType(), Streams.label(ctx.now()));
            } else if (streamChange == StreamChange.CLOSE) {
                updated = updated.withStream(false, null, def.latestStreamLabel());
            }
            define(ctx, table, settings(ctx, r, def, updated), streamChange);
            if (created) {
                IndexBuilds.backfill(ctx, table);
            }
            answered = table.def();
        }
        if (created) {
            IndexBuilds.markActive(ctx, table);
        }
        return new Updated(table, answered);
    }

    /** What the request's StreamSpecification does to the table's stream; enabling an enabled one is refused. */
    private static StreamChange streamChange(TableSpecs.StreamSpec stream, TableDef def) {
        if (stream == null) {
            return StreamChange.NONE;
        }
        if (stream.enabled() && def.streamEnabled()) {
            throw ApiException.validation("Table already has an enabled stream: TableName: " + def.name());
        }
        if (!stream.enabled() && !def.streamEnabled()) {
            throw ApiException.validation("Table does not have a stream enabled, so the stream cannot be disabled: TableName: " + def.name());
        }
        return stream.enabled() ? StreamChange.OPEN : StreamChange.CLOSE;
    }

    /** Deletion protection, table class and encryption: the request's where it sets them, the table's otherwise. */
    private static TableDef settings(Context ctx, Update r, TableDef def, TableDef updated) {
        TableSpecs.EncryptionSpec sse = r.encryption();
        boolean protection = r.deletionProtection() != null ? r.deletionProtection() : def.deletionProtection();
        String tableClass = r.tableClass() != null ? r.tableClass() : def.tableClass();
        boolean sseOn = sse != null ? sse.enabled() : def.sseEnabled();
        return updated.withSettings(protection, tableClass, sseOn,
                sseOn ? (sse != null ? sse.type() : def.sseType()) : null,
                sseOn ? (def.kmsKeyArn() != null ? def.kmsKeyArn() : "arn:aws:kms:" + ctx.settings().region() + ":"
                        + ctx.settings().accountId() + ":key/" + UUID.nameUUIDFromBytes(def.name().getBytes())) : null);
    }

    private static TableDef billing(Context ctx, Update r, TableDef def) {
        TableDef.Throughput requested = r.throughput();
        String target = r.billingMode() != null ? r.billingMode() : def.billingMode();
        if (requested != null && "PAY_PER_REQUEST".equals(target)) {
            throw ApiException.validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        long now = ctx.now();
        if ("PAY_PER_REQUEST".equals(target)) {
            if (def.payPerRequest()) {
                return def;
            }
            List<TableDef.IndexDef> gsis = new ArrayList<>();
            for (TableDef.IndexDef i : def.globalIndexes()) {
                gsis.add(i.withThroughput(TableDef.Throughput.NONE));
            }
            return def.withBilling("PAY_PER_REQUEST", now, TableDef.Throughput.NONE, gsis);
        }
        if (requested == null) {
            return def;
        }
        TableDef.Throughput current = def.throughput();
        long read = requested.read();
        long write = requested.write();
        if (!def.payPerRequest() && read == current.read() && write == current.write()) {
            throw ApiException.validation("The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: "
                    + current.read() + ". Requested ReadCapacityUnits: " + read + ". Current WriteCapacityUnits provisioned for the table: "
                    + current.write() + ". Requested WriteCapacityUnits: " + write + ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
        }
        boolean increase = read > current.read() || write > current.write();
        boolean decrease = read < current.read() || write < current.write();
        TableDef.Throughput updated = new TableDef.Throughput(read, write,
                increase ? now : current.lastIncreaseMillis(), decrease && !def.payPerRequest() ? now : current.lastDecreaseMillis(),
                current.decreasesToday() + (decrease && !def.payPerRequest() ? 1 : 0));
        List<TableDef.IndexDef> gsis = def.globalIndexes();
        if (def.payPerRequest()) {
            List<String> missing = new ArrayList<>();
            for (TableDef.IndexDef i : gsis) {
                if (!IndexUpdates.givesThroughput(r.indexUpdates(), i.name())) {
                    missing.add(i.name());
                }
            }
            if (!missing.isEmpty()) {
                throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " + String.join(",", missing));
            }
        }
        return def.withBilling("PROVISIONED", def.lastUpdateToPayPerRequestMillis(), updated, gsis);
    }


    /** Commits {@code def} as the table's definition; the caller holds the table's monitor. */
    public static void define(Context ctx, Table table, TableDef def, StreamChange stream) {
        ctx.committer().defineTable(table, () -> {
            if (stream == StreamChange.CLOSE) {
                Streams.close(ctx.committer(), table);
            }
            table.define(def);
            if (stream == StreamChange.OPEN) {
                Streams.open(ctx.catalog(), ctx.committer(), table, def.latestStreamLabel());
            }
        });
    }
}
