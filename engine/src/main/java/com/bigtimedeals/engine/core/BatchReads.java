package com.bigtimedeals.engine.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * Items read by key from one or more tables, each read on its own (no point in time across them). What would take
 * the answer past 16 MB, what throughput limits refuse and what an injected fault holds back is handed back
 * unprocessed, as the service returns it.
 */
public final class BatchReads {
    /** The most item bytes one answer carries; later keys come back unprocessed. */
    public static final long RESPONSE_BYTES = 16L * 1024 * 1024;

    /** The keys to read from one table, and whether strongly consistent (which costs twice the units). */
    public record TableReads(String table, List<Map<String, Value>> keys, boolean consistent) {
    }

    /** What was read from one table: the stored items found, in key order, the keys left unprocessed, the units. */
    public record TableOutcome(List<byte[]> found, List<Map<String, Value>> unprocessed, Capacity consumed) {
    }

    private BatchReads() {
    }

    /** Checks every table and key before reading any, then reads table by table, in request order. */
    public static List<TableOutcome> read(Context ctx, List<TableReads> requests) {
        List<Table> tables = new ArrayList<>();
        for (TableReads r : requests) {
            Table table = ctx.catalog().require(r.table());
            for (Map<String, Value> key : r.keys()) {
                ItemKeys.checkKey(table, key);
            }
            tables.add(table);
        }
        long responseBytes = 0;
        List<TableOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            TableReads r = requests.get(i);
            Table table = tables.get(i);
            TableOutcome outcome = new TableOutcome(new ArrayList<>(), new ArrayList<>(), new Capacity(table.name()));
            for (Map<String, Value> key : r.keys()) {
                if (responseBytes > RESPONSE_BYTES || ctx.faults().fires(Faults.Kind.UNPROCESSED, "BatchGetItem", r.table())) {
                    outcome.unprocessed().add(key);
                    continue;
                }
                byte[] stored = table.items.get(table.key(key));
                double units = Capacity.read(stored == null ? 0 : ItemCodec.size(stored), r.consistent());
                try {
                    ctx.throughput().take(table, Table.partitionPrefix(key.get(table.key().partitionKey())), false, units);
                } catch (ApiException throttled) {
                    outcome.unprocessed().add(key);
                    continue;
                }
                outcome.consumed().addTable(units);
                if (stored != null) {
                    responseBytes += ItemCodec.size(stored);
                    outcome.found().add(stored);
                }
            }
            outcomes.add(outcome);
        }
        return outcomes;
    }
}
