package com.bigtimedeals.engine.table;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Global secondary index updates held back by the table's propagation delay, in commit order. They are applied
 * when due by the engine's background pump and, so that a read never sees an update later than due, by every
 * read of the index.
 */
public final class IndexLag {
    private record Pending(IndexOp op, long dueMillis) {
    }

    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private long lastDue;

    IndexLag(Table table) {
    }

    /** Queues an update; due times never go backwards, so updates of one item keep their order. */
    public synchronized void add(IndexOp op, long delayMillis, long nowMillis) {
        long due = Math.max(nowMillis + delayMillis, lastDue);
        lastDue = due;
        queue.add(new Pending(op, due));
    }

    public boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Applies every update due by {@code nowMillis} (the engine's clock). */
    public synchronized void drain(long nowMillis) {
        Pending p;
        while ((p = queue.peek()) != null && p.dueMillis <= nowMillis) {
            queue.poll();
            p.op.apply();
        }
    }

    /** Applies everything at once (the delay was switched off, or the engine is closing). */
    public synchronized void flush() {
        Pending p;
        while ((p = queue.poll()) != null) {
            p.op.apply();
        }
    }
}
