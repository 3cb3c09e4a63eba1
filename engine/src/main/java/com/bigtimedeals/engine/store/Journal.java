package com.bigtimedeals.engine.store;

import java.util.List;

/**
 * Where committed changes are made durable, in commit order: the core's commit point calls it, so the store listens
 * to commits and never calls back. Called with the commit lock held, so the durable record, the sequence numbers and
 * the streams agree on one order. Each call returns what the committer waits for, after letting the lock go, before
 * the write is acknowledged: nothing, or the fsync that makes it survive power loss. A call that throws has written
 * nothing.
 */
public interface Journal {
    /** What a commit waits for before it is acknowledged. */
    interface Durable {
        void await();
    }

    Durable NOTHING = () -> { };

    /** One committed change to one item, as the log keeps it: identifiers and stored bytes (null for absent). */
    interface Entry {
        long tableId();

        long sequence();

        long timeMillis();

        byte[] key();

        byte[] oldBytes();

        byte[] newBytes();

        boolean byTtl();

        /** Whether the table's stream is enabled: only then is the old image kept, for replay to rebuild its record. */
        boolean streamed();
    }

    Durable changes(List<? extends Entry> changes);

    /** A table was created or its definition changed (including its stream and TTL settings): its new definition. */
    Durable tableDefined(long tableId, byte[] definition, long sequence);

    Durable tableDeleted(long tableId, long sequence);
}
