package com.bigtimedeals.engine.commit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.StreamRecord;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.store.Contents;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.table.Catalog;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.table.TableDefJson;
import com.bigtimedeals.engine.table.TableSettingsTags;
import com.bigtimedeals.engine.value.Value;

/**
 * The core's side of durability: the engine's tables and streams as the store reads them back and copies them. The
 * store knows them only as identifiers and bytes ({@link Contents}); here they become tables, indexes, streams and
 * sequence numbers again, through the same commit point live writes use, so nothing read back takes another path.
 */
public final class StoredState implements Contents {
    private final Catalog catalog;
    private final Committer committer;
    /** Every table read back by id, deleted ones too: a change may follow its table's deletion in the log. */
    private final Map<Long, Table> tables = new HashMap<>();

    public StoredState(Catalog catalog, Committer committer) {
        this.catalog = catalog;
        this.committer = committer;
    }

    @Override
    public void restore(Snapshot snapshot) {
        long maxTableId = 0;
        for (Contents.TableImage stored : snapshot.tables()) {
            TableDef def = TableDefJson.read(stored.definition());
            Table t = new Table(stored.id(), def);
            TableSettingsTags.apply(t, def.tags());
            tables.put(stored.id(), t);
            catalog.putIfAbsent(t);
            // Items were written in key order: they load in one pass, indexes built from their encodings.
            t.loadSorted(stored.keys(), stored.items(), stored.count());
            maxTableId = Math.max(maxTableId, stored.id());
        }
        catalog.restoreTableId(snapshot.nextTableId() - 1);
        catalog.restoreTableId(maxTableId);
        for (StreamImage stored : snapshot.streams()) {
            StreamHeader h = stored.header();
            KeySchema key = new KeySchema(h.partitionKey(), Value.Type.valueOf(h.partitionType()),
                    h.sortKey().isEmpty() ? null : h.sortKey(), h.sortKey().isEmpty() ? null : Value.Type.valueOf(h.sortType()));
            StreamLog log = StreamLog.restored(h.arn(), h.label(), h.tableName(), h.viewType(), key, h.createdMillis(),
                    h.enabled(), h.lastSequence());
            for (Contents.ShardImage s : stored.shards()) {
                ShardHeader sh = s.header();
                Shard shard = log.restoreShard(sh.id(), sh.parentId(), sh.startingSequence(), sh.createdMillis(), sh.endingSequence());
                for (StreamRecord r : s.records()) {
                    log.restoreRecord(shard, r);
                }
            }
            catalog.addStream(log);
            for (Table t : tables.values()) {
                if (t.name().equals(log.tableName) && log.enabled() && log.label.equals(t.def().latestStreamLabel()) && !t.deleted()) {
                    t.stream = log;
                }
            }
        }
    }

    @Override
    public void sequence(long last) {
        committer.sequence(last);
    }

    @Override
    public long lastSequence() {
        return committer.lastSequence();
    }

    /** Creates the table or redefines it, opening or closing its stream and filling new indexes as it first did. */
    @Override
    public void tableDefined(long tableId, long sequence, byte[] definition) {
        TableDef def = TableDefJson.read(definition);
        Table t = tables.get(tableId);
        committer.sequence(sequence - 1);
        catalog.restoreTableId(tableId);
        if (t == null) {
            t = new Table(tableId, def);
            tables.put(tableId, t);
            catalog.putIfAbsent(t);
            if (def.streamEnabled()) {
                Streams.open(catalog, committer, t, def.latestStreamLabel());
            }
        } else {
            TableDef before = t.def();
            boolean ttlChanged = before.ttlEnabled() != def.ttlEnabled();
            if (before.streamEnabled() && (!def.streamEnabled() || !def.latestStreamLabel().equals(before.latestStreamLabel()))) {
                Streams.close(committer, t);
            }
            List<String> existing = new ArrayList<>();
            for (TableDef.IndexDef d : before.globalIndexes()) {
                existing.add(d.name());
            }
            t.define(def);
            for (TableDef.IndexDef d : def.globalIndexes()) {
                if (!existing.contains(d.name())) {
                    backfill(t, t.index(d.name()));
                }
            }
            if (def.streamEnabled() && (t.stream == null || !t.stream.label.equals(def.latestStreamLabel()))) {
                Streams.open(catalog, committer, t, def.latestStreamLabel());
            }
            if (ttlChanged) {
                t.ttl.clear();
                if (def.ttlEnabled()) {
                    t.ttl.fill(t.items, def.ttlAttribute());
                }
            }
        }
        TableSettingsTags.apply(t, def.tags());
        committer.sequence(sequence);
    }

    /** An index created by UpdateTable was filled from the items there were; replay fills it the same way. */
    private static void backfill(Table t, Index index) {
        for (Map.Entry<byte[], byte[]> e : t.items.entrySet()) {
            Map<String, Value> item = ItemCodec.decode(e.getValue());
            byte[] key = index.key(item);
            if (key != null && index.entries.put(key, e.getValue()) == null) {
                index.count.incrementAndGet();
                index.bytes.addAndGet(index.entrySize(item, ItemCodec.size(e.getValue())));
            }
        }
    }

    @Override
    public void tableDeleted(long tableId, long sequence) {
        Table t = tables.get(tableId);
        if (t != null) {
            committer.sequence(sequence - 1);
            catalog.remove(t);
            t.markDeleted();
            Streams.close(committer, t);
            committer.sequence(sequence);
        }
    }

    @Override
    public boolean changed(long tableId, long sequence, long timeMillis, byte event, boolean byTtl, byte[] key,
                           byte[] newBytes, byte[] oldBytes) {
        Table t = tables.get(tableId);
        if (t == null) {
            return false;
        }
        byte[] current = t.items.get(key);
        committer.apply(new Change(t, key, null, current, null, newBytes, byTtl), false);
        committer.replayStream(t, sequence, timeMillis, event, byTtl, oldBytes != null ? oldBytes : current, newBytes);
        return true;
    }

    @Override
    public void underCommitLock(Runnable work) {
        committer.underLock(work);
    }

    /** Definitions, stream descriptions and positions as of now; items and records are read later, as they are then. */
    @Override
    public Capture capture() {
        long sequence = committer.lastSequence();
        List<CapturedTable> captured = new ArrayList<>();
        for (Table t : catalog.all()) {
            captured.add(new CapturedTable(t.id, TableDefJson.write(t.def()), t.items.entrySet()));
        }
        List<CapturedStream> streams = new ArrayList<>();
        for (StreamLog s : catalog.streams()) {
            StreamHeader header = new StreamHeader(s.arn, s.label, s.tableName, s.viewType, s.key.partitionKey(),
                    s.key.partitionType().name(), s.key.sortKey() == null ? "" : s.key.sortKey(),
                    s.key.sortType() == null ? "" : s.key.sortType().name(), s.createdMillis, s.enabled(), s.lastSequence());
            List<CapturedShard> shards = new ArrayList<>();
            for (Shard shard : s.shards()) {
                long ending = shard.endingSequence();
                shards.add(new CapturedShard(new ShardHeader(shard.id, shard.parentId, shard.startingSequence, shard.createdMillis,
                        ending >= 0 && ending <= sequence ? ending : -1), shard.trimHorizon(), shard.size(), shard::get));
            }
            streams.add(new CapturedStream(header, shards));
        }
        return new Capture(sequence, catalog.newTableId(), captured, streams);
    }
}
