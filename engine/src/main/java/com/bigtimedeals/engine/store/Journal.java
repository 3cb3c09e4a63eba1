package com.bigtimedeals.engine.store;

import java.util.List;

import com.bigtimedeals.engine.table.Table;

/**
 * Where committed changes are made durable, in commit order. Called with the commit lock held, so the durable
 * record, the sequence numbers and the streams agree on one order. Each call returns what the committer waits for,
 * after letting the lock go, before the write is acknowledged: nothing, or the fsync that makes it survive power loss.
 * A call that throws has written nothing.
 */
public interface Journal {
    /** What a commit waits for before it is acknowledged. */
    interface Durable {
        void await();
    }

    Durable NOTHING = () -> { };

    Durable changes(List<Change> changes);

    /** A table was created or its definition changed (including its stream and TTL settings). */
    Durable tableDefined(Table table, long sequence);

    Durable tableDeleted(Table table, long sequence);
}
