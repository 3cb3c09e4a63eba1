package com.bigtimedeals.engine.commit;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock per item being written, created on demand and dropped when no writer holds or waits for it: the
 * service's per-item atomicity without any table-wide lock. Readers never take these locks.
 *
 * <p>A lock remembers whether a transaction holds it, because the service answers a write that meets an item
 * in the middle of a transaction with a conflict rather than making it wait.
 */
public final class ItemLocks {
    /** An item's identity: table and key bytes. */
    public static final class ItemId {
        final long table;
        final byte[] key;
        private final int hash;

        public ItemId(long table, byte[] key) {
            this.table = table;
            this.key = key;
            this.hash = Long.hashCode(table) * 31 + Arrays.hashCode(key);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ItemId other && other.table == table && Arrays.equals(other.key, key);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        /** A total order, so transactions lock their items in one global order and never deadlock. */
        public int compareTo(ItemId other) {
            int c = Long.compare(table, other.table);
            return c != 0 ? c : Arrays.compareUnsigned(key, other.key);
        }
    }

    public static final class Lock {
        final ReentrantLock lock = new ReentrantLock();
        volatile boolean transactional;
        int users;
    }

    private final ConcurrentHashMap<ItemId, Lock> locks = new ConcurrentHashMap<>();

    private Lock use(ItemId id) {
        return locks.compute(id, (k, l) -> {
            Lock lock = l == null ? new Lock() : l;
            lock.users++;
            return lock;
        });
    }

    private void unuse(ItemId id) {
        locks.computeIfPresent(id, (k, l) -> --l.users == 0 ? null : l);
    }

    /**
     * Locks an item for a single write, waiting for another single write but not for a transaction.
     *
     * @return false when a transaction holds the item (the caller answers TransactionConflictException)
     */
    public boolean lockForWrite(ItemId id) {
        Lock l = use(id);
        if (l.transactional) {
            unuse(id);
            return false;
        }
        l.lock.lock();
        return true;
    }

    /**
     * Locks an item for a transaction.
     *
     * @return false when another transaction holds it (the caller cancels with TransactionConflict)
     */
    public boolean lockForTransaction(ItemId id) {
        Lock l = use(id);
        if (!l.lock.tryLock()) {
            if (l.transactional) {
                unuse(id);
                return false;
            }
            l.lock.lock();
        }
        l.transactional = true;
        return true;
    }

    /** Locks an item whoever holds it, waiting as long as it takes (engine maintenance: back-fills, TTL). */
    public void lock(ItemId id) {
        Lock l = use(id);
        l.lock.lock();
    }

    /**
     * Locks an item for TransactGetItems, which reads all its items at one point in time.
     *
     * @return false when any write holds the item: the service cancels the read with TransactionConflict
     */
    public boolean lockForRead(ItemId id) {
        Lock l = use(id);
        if (!l.lock.tryLock()) {
            unuse(id);
            return false;
        }
        return true;
    }

    public void unlock(ItemId id) {
        Lock l = locks.get(id);
        l.transactional = false;
        l.lock.unlock();
        unuse(id);
    }

    /** Whether a transaction holds the item right now (TransactGetItems refuses to read such an item). */
    public boolean inTransaction(ItemId id) {
        Lock l = locks.get(id);
        return l != null && l.transactional;
    }
}
