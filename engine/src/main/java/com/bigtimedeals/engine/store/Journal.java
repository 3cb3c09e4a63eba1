package com.bigtimedeals.engine.store;

import java.util.List;

import com.bigtimedeals.engine.table.Table;

/**
 * Where committed changes are made durable, in commit order. Called with the commit lock held, so the durable
 * record, the sequence numbers and the streams agree on one order.
 */
public interface Journal {
    void changes(List<Change> changes);

    /** A table was created or its definition changed (including its stream and TTL settings). */
    void tableDefined(Table table, long sequence);

    void tableDeleted(Table table, long sequence);
}
