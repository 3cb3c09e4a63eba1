package com.bigtimedeals.engine.table;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.stream.StreamLog;

/**
 * The tables of one engine, by name, and every stream they have had (streams outlive a disabled stream setting
 * or a deleted table until their records age out, as in the service).
 */
public final class Catalog {
    private final ConcurrentHashMap<String, Table> tables = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final List<StreamLog> streams = new ArrayList<>();

    public long newTableId() {
        return nextId.getAndIncrement();
    }

    public void restoreTableId(long used) {
        nextId.accumulateAndGet(used + 1, Math::max);
    }

    /** The table for an item operation: the service says only "Requested resource not found" there. */
    public Table require(String name) {
        Table t = get(name);
        if (t == null) {
            throw ApiException.resourceNotFound("Requested resource not found");
        }
        return t;
    }

    /** The table for a table operation, whose message names the table. */
    public Table requireNamed(String name) {
        Table t = get(name);
        if (t == null) {
            throw ApiException.resourceNotFound("Requested resource not found: Table: " + name + " not found");
        }
        return t;
    }

    /** The table of this name, or of this table ARN (which must be the table's own). */
    public Table get(String name) {
        if (name != null && name.startsWith("arn:")) {
            int at = name.indexOf(":table/");
            Table t = at < 0 ? null : tables.get(name.substring(at + ":table/".length()));
            return t != null && t.def().arn().equals(name) ? t : null;
        }
        return tables.get(name);
    }

    public Table putIfAbsent(Table t) {
        return tables.putIfAbsent(t.name(), t);
    }

    public void remove(Table t) {
        tables.remove(t.name(), t);
    }

    /** Table names in the service's order (by UTF-8 bytes, which for table names is plain ASCII order). */
    public List<String> names() {
        return new ArrayList<>(new TreeMap<>(tables).keySet());
    }

    public List<Table> all() {
        return new ArrayList<>(tables.values());
    }

    public synchronized void addStream(StreamLog s) {
        streams.add(s);
    }

    public synchronized List<StreamLog> streams() {
        return new ArrayList<>(streams);
    }

    public synchronized StreamLog stream(String arn) {
        for (StreamLog s : streams) {
            if (s.arn.equals(arn)) {
                return s;
            }
        }
        return null;
    }

    public synchronized void forgetExpiredStreams(long cutoffMillis) {
        streams.removeIf(s -> s.expired(cutoffMillis));
    }
}
