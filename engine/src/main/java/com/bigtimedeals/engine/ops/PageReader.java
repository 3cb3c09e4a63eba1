package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.core.PageSize;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.PartitionThroughput;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * One page of a Query or Scan, as the service builds it: items are read in key order until Limit items have been
 * read or 1 MB has been read (table items measured as the service measures them for this, {@link PageSize}), the filter is applied to what was read (so Limit counts items before the filter),
 * and the page ends with the key of the last item read whenever the read stopped early.
 */
final class PageReader {
    static final long PAGE_BYTES = 1024 * 1024;

    /** How items are read and shown: from the table or an index, with which Select and projection. */
    static final class Plan {
        Table table;
        Index index;
        Condition filter;
        Projection projection;
        String select;
        boolean consistent;
        Integer limit;
        /** Whether index entries are completed from the table (local index, attributes beyond its projection). */
        boolean fetchFromTable;
    }

    private PageReader() {
    }

    /**
     * One page as read: the items (stored bytes on the fast path, where nothing is filtered, projected or counted
     * only), how many were read and kept, the key it stopped on (null when it did not stop early) and what it consumed.
     */
    record Page(List<Map<String, Value>> items, List<byte[]> stored, int count, int scanned, Map<String, Value> lastKey,
                Capacity capacity) {
        /** The items as attribute maps, whichever way they were read. */
        List<Map<String, Value>> decoded() {
            if (stored == null) {
                return items;
            }
            List<Map<String, Value>> all = new ArrayList<>(stored.size());
            for (byte[] s : stored) {
                all.add(ItemCodec.decode(s));
            }
            return all;
        }
    }

    /** Reads one page from {@code entries} (already positioned after any ExclusiveStartKey). */
    static Page read(Plan plan, Iterator<Map.Entry<byte[], byte[]>> entries, Context ctx, byte[] partition) {
        List<Map<String, Value>> items = new ArrayList<>();
        List<byte[]> raw = new ArrayList<>();
        long bytesRead = 0;
        long pageBytes = 0;
        long tableBytes = 0;
        String sortKey = plan.table.key().sortKey();
        int scanned = 0;
        byte[] last = null;
        boolean fastPath = plan.filter == null && plan.projection == null && plan.index == null && !"COUNT".equals(plan.select);
        boolean countOnly = "COUNT".equals(plan.select);
        while (entries.hasNext()) {
            if ((plan.limit != null && scanned >= plan.limit) || pageBytes >= PAGE_BYTES) {
                break;
            }
            Map.Entry<byte[], byte[]> e = entries.next();
            byte[] stored = e.getValue();
            scanned++;
            last = stored;
            Map<String, Value> full = null;
            if (plan.index == null) {
                bytesRead += ItemCodec.size(stored);
                full = ItemCodec.decode(stored);
                pageBytes += PageSize.of(full, sortKey);
            } else {
                bytesRead += plan.index.entrySize(stored);
                pageBytes = bytesRead;
            }
            if (fastPath) {
                raw.add(stored);
                continue;
            }
            if (full == null) {
                full = ItemCodec.decode(stored);
            }
            Map<String, Value> visible = full;
            if (plan.index != null && !plan.fetchFromTable) {
                visible = plan.index.project(full);
            } else if (plan.fetchFromTable) {
                tableBytes += ItemCodec.size(stored);
            }
            if (plan.filter != null) {
                boolean keep;
                try {
                    keep = plan.filter.test(visible);
                } catch (ExpressionException ex) {
                    throw ApiException.validation(ex.getMessage());
                }
                if (!keep) {
                    continue;
                }
            }
            if (countOnly) {
                items.add(null);
                continue;
            }
            items.add(plan.projection == null ? visible : plan.projection.apply(visible));
        }
        // The service ends a page with LastEvaluatedKey whenever Limit or the 1 MB cap stopped it, even when no
        // item is left to read: it does not look ahead.
        boolean stopped = (plan.limit != null && scanned >= plan.limit) || pageBytes >= PAGE_BYTES;
        int count = fastPath ? raw.size() : items.size();
        Capacity capacity = consumed(plan, bytesRead, tableBytes);
        if (partition != null) {
            // A global index's partition serves its own reads; a local index lives in the table's partition.
            Index drawn = plan.index != null && plan.index.global() ? plan.index : null;
            ctx.throughput().take(plan.table, false, List.of(new PartitionThroughput.Draw(drawn, partition, capacity.total())));
        }
        Map<String, Value> lastKey = stopped && last != null ? lastKey(plan, ItemCodec.decode(last)) : null;
        return new Page(countOnly ? null : fastPath ? null : items, fastPath ? raw : null, count, scanned, lastKey, capacity);
    }

    /** A Query's or Scan's request: how its answer reports capacity. */
    interface Paged {
        String capacityMode();
    }

    /** Query and Scan: their typed request read into a page, written by {@link #write}. */
    abstract static class PagedOperation<R extends Paged> extends TypedOperation<R, Page> {
        PagedOperation(Context ctx, com.bigtimedeals.engine.api.Shape shape) {
            super(ctx, shape);
        }

        @Override
        final void encode(JsonGenerator out, R request, Page page) throws IOException {
            write(out, page, request.capacityMode());
        }
    }

    /**
     * What a page consumed: its bytes read from the table, or from the index and, for a local index's attributes
     * beyond its projection, from the table as well.
     */
    private static Capacity consumed(Plan plan, long bytesRead, long tableBytes) {
        Capacity capacity = new Capacity(plan.table.name());
        double units = Capacity.read(bytesRead, plan.consistent);
        if (plan.index == null) {
            capacity.addTable(units);
        } else {
            capacity.addIndex(plan.index, units);
            if (tableBytes > 0) {
                capacity.addTable(Capacity.read(tableBytes, plan.consistent));
            }
        }
        return capacity;
    }

    /** Writes a page as Query and Scan answer it: Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity. */
    static void write(JsonGenerator out, Page page, String capacityMode) throws IOException {
        out.writeStartObject();
        if (page.stored() != null || page.items() != null) {
            out.writeArrayFieldStart("Items");
            if (page.stored() != null) {
                for (byte[] stored : page.stored()) {
                    ItemCodec.writeJson(stored, out);
                }
            } else {
                for (Map<String, Value> item : page.items()) {
                    ValueJson.writeItem(out, item);
                }
            }
            out.writeEndArray();
        }
        out.writeNumberField("Count", page.count());
        out.writeNumberField("ScannedCount", page.scanned());
        if (page.lastKey() != null) {
            ValueJson.writeItemField(out, "LastEvaluatedKey", page.lastKey());
        }
        if (CapacityJson.wanted(capacityMode)) {
            out.writeFieldName("ConsumedCapacity");
            CapacityJson.write(out, page.capacity(), capacityMode, null);
        }
        out.writeEndObject();
    }

    /** The key a page ends on: the table's key attributes and, on an index, the index's. */
    static Map<String, Value> lastKey(Plan plan, Map<String, Value> item) {
        Map<String, Value> key = new LinkedHashMap<>(ItemKeys.keyOf(plan.table.key(), item));
        if (plan.index != null) {
            key.putAll(ItemKeys.keyOf(plan.index.def.key(), item));
        }
        return key;
    }
}
