package com.bigtimedeals.engine.core;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.ConditionalCheckFailed;
import com.bigtimedeals.engine.api.TransactionCanceled;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.commit.Change;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.table.PartitionThroughput;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * Up to 100 checks, puts, deletes and updates over one or more tables, all or nothing: every item is locked, every
 * condition checked against the item as it is, then one commit writes them all. A condition that fails or an item some
 * other transaction holds cancels the whole, with one reason per action.
 */
public final class TransactWrites {
    /** What an action does to its item. */
    public enum Kind {
        CONDITION_CHECK, PUT, DELETE, UPDATE
    }

    /**
     * One action, as the request gave it ({@link #prepare} resolves its table and checks its key; {@link #run}
     * reads its item and decides what it becomes).
     */
    public static final class Action {
        private final Kind kind;
        private final String tableName;
        private final Map<String, Value> item;
        private final Condition condition;
        private final Update update;
        private final boolean returnOldOnFailure;
        private Map<String, Value> key;
        private Table table;
        private byte[] keyBytes;
        private ItemLocks.ItemId id;
        private Map<String, Value> before;
        private byte[] beforeBytes;
        private Map<String, Value> after;
        /** Why the service cancels this action before reading its item (the key or item does not fit the schema). */
        private String invalid;

        /** A put gives its {@code item} (its key is taken from it), every other kind its {@code key}. */
        public Action(Kind kind, String tableName, Map<String, Value> key, Map<String, Value> item, Condition condition,
                      Update update, boolean returnOldOnFailure) {
            this.kind = kind;
            this.tableName = tableName;
            this.key = key;
            this.item = item;
            this.condition = condition;
            this.update = update;
            this.returnOldOnFailure = returnOldOnFailure;
        }

        public Kind kind() {
            return kind;
        }

        /** The table, once {@link #prepare} resolved it. */
        public Table table() {
            return table;
        }

        public Map<String, Value> key() {
            return key;
        }
    }

    private TransactWrites() {
    }

    /**
     * Resolves the tables and checks each key or item. One that does not fit the schema cancels its action (reason
     * ValidationError, at {@link #run}); empty or oversized key values, and one item named twice, are refused for the
     * whole request, as the service does.
     */
    public static void prepare(Context ctx, List<Action> actions) {
        for (Action a : actions) {
            a.table = ctx.catalog().require(a.tableName);
        }
        for (Action a : actions) {
            try {
                if (a.item != null) {
                    ItemKeys.checkItem(a.table, a.item);
                    a.key = ItemKeys.keyOf(a.table.key(), a.item);
                } else {
                    ItemKeys.checkKey(a.table, a.key);
                }
            } catch (ItemKeys.KeyRefused e) {
                if (!e.cancelsTransactionAction()) {
                    throw e;
                }
                a.invalid = e.getMessage();
            }
        }
        Set<List<Object>> seen = new HashSet<>();
        for (Action a : actions) {
            if (a.invalid != null) {
                continue;
            }
            a.keyBytes = a.table.key(a.key);
            a.id = new ItemLocks.ItemId(a.table.id, a.keyBytes);
            if (!seen.add(List.of(a.table.id, ByteBuffer.wrap(a.keyBytes)))) {
                throw ApiException.validation("Transaction request cannot include multiple operations on one item");
            }
        }
    }

    /** Runs prepared actions; answers the write units consumed per table (twice a plain write's). */
    public static Map<String, Capacity> run(Context ctx, List<Action> actions) {
        int n = actions.size();
        if (ctx.faults().fires(Faults.Kind.CONFLICT, "TransactWriteItems", actions.get(0).table.name())) {
            throw TransactionCanceled.at(n, 0, TransactionCanceled.conflict());
        }
        List<Action> order = new ArrayList<>();
        for (Action a : actions) {
            if (a.id != null) {
                order.add(a);
            }
        }
        order.sort((x, y) -> x.id.compareTo(y.id));
        List<Action> locked = new ArrayList<>();
        try {
            for (Action a : order) {
                if (!ctx.locks().lockForTransaction(a.id)) {
                    throw TransactionCanceled.at(n, actions.indexOf(a), TransactionCanceled.conflict());
                }
                locked.add(a);
            }
            decideAll(actions);
            return commit(ctx, actions);
        } finally {
            for (Action a : locked) {
                ctx.locks().unlock(a.id);
            }
        }
    }

    /** Decides every action under its lock; any failure cancels the whole with one reason per action. */
    private static void decideAll(List<Action> actions) {
        List<TransactionCanceled.Reason> reasons = new ArrayList<>();
        boolean failed = false;
        ApiException hoisted = null;
        for (Action a : actions) {
            TransactionCanceled.Reason r;
            if (a.invalid != null) {
                r = new TransactionCanceled.Reason("ValidationError", a.invalid, null);
            } else {
                try {
                    r = decide(a);
                } catch (ApiException refused) {
                    hoisted = hoisted == null ? refused : hoisted;
                    r = TransactionCanceled.Reason.NONE;
                }
            }
            failed |= r != TransactionCanceled.Reason.NONE;
            reasons.add(r);
        }
        if (hoisted != null) {
            throw hoisted;
        }
        if (failed) {
            throw new TransactionCanceled(reasons);
        }
    }

    /** Counts and draws the units of every action, then commits all changes at once. */
    private static Map<String, Capacity> commit(Context ctx, List<Action> actions) {
        int n = actions.size();
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Action a = actions.get(i);
            long oldSize = a.beforeBytes == null ? 0 : ItemCodec.size(a.beforeBytes);
            Capacity c = consumed.computeIfAbsent(a.table.name(), Capacity::new);
            if (a.kind == Kind.CONDITION_CHECK) {
                c.addTable(2 * Capacity.write(oldSize));
                continue;
            }
            long newSize = a.after == null ? 0 : Sizes.of(a.after);
            Capacity one = WritePath.capacity(a.table, a.before, oldSize, a.after, newSize);
            one.scale(2);
            try {
                if (ctx.throughput().enabledFor(a.table)) {
                    ctx.throughput().take(a.table, true, WritePath.draws(a.table, a.key, a.before, oldSize, a.after, newSize, 2));
                }
            } catch (ApiException throttled) {
                boolean onDemand = a.table.def().payPerRequest();
                throw TransactionCanceled.at(n, i, new TransactionCanceled.Reason(
                        onDemand ? "ThrottlingError" : "ProvisionedThroughputExceeded",
                        onDemand ? "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly."
                                : PartitionThroughput.exceeded(a.table).getMessage(), null));
            }
            c.add(one);
            boolean same = a.before == null ? a.after == null : a.before.equals(a.after);
            if (!same) {
                changes.add(new Change(a.table, a.keyBytes, a.before, a.beforeBytes, a.after,
                        a.after == null ? null : ItemCodec.encode(a.after, newSize), false));
            }
        }
        if (!changes.isEmpty()) {
            ctx.committer().commit(changes);
        }
        return consumed;
    }

    /** Reads the action's item (its lock is held), checks its condition and works out what it becomes. */
    private static TransactionCanceled.Reason decide(Action a) {
        a.beforeBytes = a.table.items.get(a.keyBytes);
        a.before = a.beforeBytes == null ? null : ItemCodec.decode(a.beforeBytes);
        try {
            ItemWrites.check(a.condition, a.before, a.returnOldOnFailure);
        } catch (ConditionalCheckFailed failed) {
            return new TransactionCanceled.Reason("ConditionalCheckFailed", "The conditional request failed",
                    a.returnOldOnFailure ? a.before : null);
        }
        try {
            a.after = switch (a.kind) {
                case PUT -> a.item;
                case DELETE -> null;
                case UPDATE -> ItemWrites.apply(a.table, a.update, a.before, a.key);
                case CONDITION_CHECK -> a.before;
            };
        } catch (ItemKeys.KeyRefused invalid) {
            if (invalid.reason() == ItemKeys.Reason.EMPTY_VALUE) {
                // An empty index key value set by an update is refused for the whole request.
                throw invalid;
            }
            return new TransactionCanceled.Reason("ValidationError", invalid.getMessage(), null);
        } catch (ApiException | ExpressionException invalid) {
            return new TransactionCanceled.Reason("ValidationError", invalid.getMessage(), null);
        }
        return TransactionCanceled.Reason.NONE;
    }

    /**
     * What a repeated call consumed: reading the transaction's items, as strongly consistent reads of what they are
     * now (4 KB units, one at least, an absent item too), per table. The API reference gives the kind of units, not
     * how they are counted; this is the engine's reading of it.
     */
    public static Map<String, Capacity> replayCapacity(List<Action> actions) {
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        for (Action a : actions) {
            byte[] stored = a.keyBytes == null ? null : a.table.items.get(a.keyBytes);
            consumed.computeIfAbsent(a.table.name(), Capacity::new)
                    .addTable(Capacity.read(stored == null ? 0 : ItemCodec.size(stored), true));
        }
        return consumed;
    }
}
