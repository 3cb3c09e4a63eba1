package com.bigtimedeals.engine.commit;

import java.util.Map;

import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.store.Journal;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;

/**
 * One committed change to one item: its state before and after (null for absent), as maps and as stored bytes.
 * The maps may be null when only the bytes are at hand (recovery); they are decoded on demand then.
 */
public final class Change implements Journal.Entry {
    public final Table table;
    public final byte[] key;
    public final byte[] oldBytes;
    public final byte[] newBytes;
    public final boolean byTtl;
    private Map<String, Value> oldItem;
    private Map<String, Value> newItem;
    /** Set when committed. */
    long sequence;
    long timeMillis;

    public Change(Table table, byte[] key, Map<String, Value> oldItem, byte[] oldBytes, Map<String, Value> newItem,
                  byte[] newBytes, boolean byTtl) {
        this.table = table;
        this.key = key;
        this.oldItem = oldItem;
        this.oldBytes = oldBytes;
        this.newItem = newItem;
        this.newBytes = newBytes;
        this.byTtl = byTtl;
    }

    public Map<String, Value> oldItem() {
        if (oldItem == null && oldBytes != null) {
            oldItem = ItemCodec.decode(oldBytes);
        }
        return oldItem;
    }

    public Map<String, Value> newItem() {
        if (newItem == null && newBytes != null) {
            newItem = ItemCodec.decode(newBytes);
        }
        return newItem;
    }

    /** Whether the maps are at hand (a live write) rather than only the stored bytes (recovery). */
    boolean decoded() {
        return (oldBytes == null || oldItem != null) && (newBytes == null || newItem != null);
    }

    /** The change that takes this one back: a commit the log refused (a full disk) leaves no trace. */
    Change undo() {
        return new Change(table, key, newItem, newBytes, oldItem, oldBytes, byTtl);
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public long timeMillis() {
        return timeMillis;
    }

    @Override
    public long tableId() {
        return table.id;
    }

    @Override
    public byte[] key() {
        return key;
    }

    @Override
    public byte[] oldBytes() {
        return oldBytes;
    }

    @Override
    public byte[] newBytes() {
        return newBytes;
    }

    @Override
    public boolean byTtl() {
        return byTtl;
    }

    @Override
    public boolean streamed() {
        return table.stream != null && table.stream.enabled();
    }
}
