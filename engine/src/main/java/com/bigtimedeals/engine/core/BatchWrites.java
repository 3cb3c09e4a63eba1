package com.bigtimedeals.engine.core;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * A batch of puts and deletes over one or more tables, each atomic on its own item (the batch as a whole is not).
 * Writes refused by throughput limits, a running transaction or an injected fault are handed back unprocessed, as
 * the service returns them; a batch none of whose writes got through fails with the last refusal.
 */
public final class BatchWrites {
    /** One write of the batch: a put (item) or a delete (key only). */
    public record Write(String table, Map<String, Value> key, Map<String, Value> item) {
    }

    /**
     * What the batch did: the tables it named (in request order) with each write's key, what it consumed per table,
     * and the writes left unprocessed per table.
     */
    public record Outcome(Map<String, Table> tables, List<Map<String, Value>> keys, Map<String, Capacity> consumed,
                          Map<String, List<Write>> unprocessed) {
    }

    private BatchWrites() {
    }

    /** Checks every write against its table before any runs, then runs them in order. */
    public static Outcome run(Context ctx, List<Write> writes) {
        Map<String, Table> tables = new LinkedHashMap<>();
        List<Map<String, Value>> keys = checkedKeys(ctx, writes, tables);
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        for (String name : tables.keySet()) {
            consumed.put(name, new Capacity(name));
        }
        Map<String, List<Write>> unprocessed = new LinkedHashMap<>();
        ApiException lastThrottle = null;
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            if (ctx.faults().fires(Faults.Kind.UNPROCESSED, "BatchWriteItem", w.table())) {
                unprocessed.computeIfAbsent(w.table(), n -> new ArrayList<>()).add(w);
                continue;
            }
            try {
                WritePath.Outcome o = WritePath.write(ctx, tables.get(w.table()), keys.get(i), current -> w.item());
                consumed.get(w.table()).add(o.capacity());
            } catch (ApiException refused) {
                String type = refused.shortType();
                if (!type.equals("ProvisionedThroughputExceededException") && !type.equals("ThrottlingException")
                        && !type.equals("TransactionConflictException")) {
                    throw refused;
                }
                lastThrottle = refused;
                unprocessed.computeIfAbsent(w.table(), n -> new ArrayList<>()).add(w);
            }
        }
        int left = 0;
        for (List<Write> l : unprocessed.values()) {
            left += l.size();
        }
        if (lastThrottle != null && left == writes.size()) {
            throw lastThrottle;
        }
        return new Outcome(tables, keys, consumed, unprocessed);
    }

    /** Each write's key, checked against its table (filled into {@code tables}); one item at most once. */
    private static List<Map<String, Value>> checkedKeys(Context ctx, List<Write> writes, Map<String, Table> tables) {
        Set<Object> seen = new HashSet<>();
        List<Map<String, Value>> keys = new ArrayList<>();
        for (Write w : writes) {
            Table table = tables.computeIfAbsent(w.table(), ctx.catalog()::require);
            Map<String, Value> key;
            if (w.item() != null) {
                try {
                    ItemKeys.checkItem(table, w.item());
                } catch (ItemKeys.KeyRefused e) {
                    // A batch words a missing or mistyped table key attribute as a key that does not match the schema.
                    if (e.reason() == ItemKeys.Reason.MISSING_KEY || e.reason() == ItemKeys.Reason.KEY_TYPE) {
                        throw ApiException.validation(ItemKeys.SCHEMA_MISMATCH);
                    }
                    throw e;
                }
                key = ItemKeys.keyOf(table.key(), w.item());
            } else {
                ItemKeys.checkKey(table, w.key());
                key = w.key();
            }
            if (!seen.add(List.of(table.id, ByteBuffer.wrap(table.key(key))))) {
                throw ApiException.validation("Provided list of item keys contains duplicates");
            }
            keys.add(key);
        }
        return keys;
    }
}
