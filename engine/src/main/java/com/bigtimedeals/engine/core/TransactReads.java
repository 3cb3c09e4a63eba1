package com.bigtimedeals.engine.core;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.TransactionCanceled;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * Items read at one point in time, 4 MB of them at most. Each item is locked while all are read; an item some write
 * holds at that moment cancels the read with TransactionConflict, as the service does.
 */
public final class TransactReads {
    /** The largest sum of item sizes one transaction reads or writes. */
    public static final long MAX_TRANSACTION_BYTES = 4L * 1024 * 1024;

    /** One item to read, by table name and key. */
    public record Read(String table, Map<String, Value> key) {
    }

    /** Each read's stored item (null when absent), in request order, and the read units consumed per table. */
    public record Outcome(List<byte[]> stored, Map<String, Capacity> consumed) {
    }

    private record Target(Table table, Map<String, Value> key, ItemLocks.ItemId id) {
    }

    private TransactReads() {
    }

    public static Outcome read(Context ctx, List<Read> reads) {
        List<Target> targets = targets(ctx, reads);
        int n = targets.size();
        if (ctx.faults().fires(Faults.Kind.CONFLICT, "TransactGetItems", targets.get(0).table.name())) {
            throw TransactionCanceled.at(n, 0, TransactionCanceled.conflict());
        }
        List<Target> order = new ArrayList<>(targets);
        order.sort((x, y) -> x.id.compareTo(y.id));
        List<Target> locked = new ArrayList<>();
        List<byte[]> stored = new ArrayList<>(n);
        try {
            for (Target t : order) {
                if (!ctx.locks().lockForRead(t.id)) {
                    throw TransactionCanceled.at(n, targets.indexOf(t), TransactionCanceled.conflict());
                }
                locked.add(t);
            }
            for (Target t : targets) {
                stored.add(t.table.items.get(t.table.key(t.key)));
            }
        } finally {
            for (Target t : locked) {
                ctx.locks().unlock(t.id);
            }
        }
        long aggregate = 0;
        for (byte[] item : stored) {
            aggregate += item == null ? 0 : ItemCodec.size(item);
        }
        if (aggregate > MAX_TRANSACTION_BYTES) {
            // API_TransactGetItems: "DynamoDB rejects the entire TransactGetItems request if ... The aggregate size
            // of the items in the transaction exceeded 4 MB". No capture of the service's error type or message for
            // this case was found (API reference, Developer Guide, other emulators' tests run against the service),
            // so this is a ValidationException, as other user errors of the request are, worded after that sentence.
            // Sizes are the Developer Guide's item sizes of the whole items read, whatever a projection keeps.
            throw ApiException.validation("The aggregate size of the items in the transaction exceeded 4 MB. Aggregate size: " + aggregate);
        }
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            consumed.computeIfAbsent(targets.get(i).table.name(), Capacity::new)
                    .addTable(2 * Capacity.read(stored.get(i) == null ? 0 : ItemCodec.size(stored.get(i)), true));
        }
        return new Outcome(stored, consumed);
    }

    /**
     * The tables and keys, checked. A key that does not match the schema cancels its read (reason ValidationError);
     * empty or oversized key values are refused for the whole request; so is one item read twice.
     */
    private static List<Target> targets(Context ctx, List<Read> reads) {
        List<Table> tables = new ArrayList<>();
        for (Read r : reads) {
            tables.add(ctx.catalog().require(r.table()));
        }
        String[] invalid = new String[reads.size()];
        for (int i = 0; i < reads.size(); i++) {
            try {
                ItemKeys.checkKey(tables.get(i), reads.get(i).key());
            } catch (ItemKeys.KeyRefused e) {
                if (!e.cancelsTransactionAction()) {
                    throw e;
                }
                invalid[i] = e.getMessage();
            }
        }
        List<Target> targets = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        boolean anyInvalid = false;
        for (int i = 0; i < reads.size(); i++) {
            if (invalid[i] != null) {
                anyInvalid = true;
                continue;
            }
            Table table = tables.get(i);
            byte[] key = table.key(reads.get(i).key());
            if (!seen.add(List.of(table.id, ByteBuffer.wrap(key)))) {
                throw ApiException.validation("Transaction request cannot include multiple operations on one item");
            }
            targets.add(new Target(table, reads.get(i).key(), new ItemLocks.ItemId(table.id, key)));
        }
        if (anyInvalid) {
            List<TransactionCanceled.Reason> reasons = new ArrayList<>();
            for (String m : invalid) {
                reasons.add(m == null ? TransactionCanceled.Reason.NONE : new TransactionCanceled.Reason("ValidationError", m, null));
            }
            throw new TransactionCanceled(reasons);
        }
        return targets;
    }
}
