package com.bigtimedeals.engine.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;

/** UpdateTable's GlobalSecondaryIndexUpdates: creating (and back-filling), updating and deleting indexes. */
final class IndexUpdates {
    private IndexUpdates() {
    }

    /** The table definition after the request's GlobalSecondaryIndexUpdates; {@code created[0]} says whether one was created. */
    static TableDef apply(Map<String, Object> req, TableDef def, boolean[] created) {
        List<Object> updates = Req.list(req, "GlobalSecondaryIndexUpdates");
        if (updates == null || updates.isEmpty()) {
            return def;
        }
        List<TableDef.AttributeDefinition> attributes = new ArrayList<>(def.attributeDefinitions());
        if (Req.has(req, "AttributeDefinitions")) {
            for (Object o : Req.list(req, "AttributeDefinitions")) {
                Map<String, Object> a = Req.asMap(o);
                String name = Req.string(a, "AttributeName");
                String type = Req.string(a, "AttributeType");
                String existing = def.attributeType(name);
                if (existing == null) {
                    attributes.add(new TableDef.AttributeDefinition(name, type));
                } else if (!existing.equals(type)) {
                    throw ApiException.validation("One or more parameter values were invalid: Attribute " + name
                            + " cannot be redefined with a different type: it is defined as " + existing);
                }
            }
        }
        List<TableDef.IndexDef> gsis = new ArrayList<>(def.globalIndexes());
        for (Object o : updates) {
            Map<String, Object> u = Req.asMap(o);
            if (Req.has(u, "Create")) {
                Map<String, Object> c = Req.map(u, "Create");
                String name = Req.string(c, "IndexName");
                if (def.index(name) != null) {
                    throw ApiException.validation("One or more parameter values were invalid: Index with name: " + name + " already exists");
                }
                if (gsis.size() >= 20) {
                    throw ApiException.limitExceeded("Subscriber limit exceeded: The number of global secondary indexes exceeds the per-table limit of 20");
                }
                // The new index's key attributes must be defined in this request, even when already known.
                List<String> defined = new ArrayList<>();
                if (Req.has(req, "AttributeDefinitions")) {
                    for (Object a : Req.list(req, "AttributeDefinitions")) {
                        defined.add(Req.string(Req.asMap(a), "AttributeName"));
                    }
                }
                String error = CreateTable.indexError(c, defined, new HashSet<>(), def.billingMode(), null);
                if (error != null) {
                    throw ApiException.validation(error);
                }
                gsis.add(CreateTable.index(c, true, attributes,
                        def.payPerRequest() || !Req.has(c, "ProvisionedThroughput") ? TableDef.Throughput.NONE
                                : CreateTable.throughput(Req.map(c, "ProvisionedThroughput"))).withStatus("CREATING"));
                created[0] = true;
            } else if (Req.has(u, "Delete")) {
                String name = Req.string(Req.map(u, "Delete"), "IndexName");
                boolean removed = gsis.removeIf(i -> i.name().equals(name));
                if (!removed) {
                    throw ApiException.resourceNotFound("Requested resource not found");
                }
            } else {
                Map<String, Object> up = Req.map(u, "Update");
                String name = Req.string(up, "IndexName");
                int at = -1;
                for (int i = 0; i < gsis.size(); i++) {
                    if (gsis.get(i).name().equals(name)) {
                        at = i;
                    }
                }
                if (at < 0) {
                    throw ApiException.resourceNotFound("Requested resource not found");
                }
                Map<String, Object> t = Req.map(up, "ProvisionedThroughput");
                if (t != null) {
                    if (def.payPerRequest()) {
                        throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: " + name + " when BillingMode is PAY_PER_REQUEST");
                    }
                    gsis.set(at, gsis.get(at).withThroughput(CreateTable.throughput(t)));
                }
            }
        }
        List<TableDef.AttributeDefinition> used = new ArrayList<>();
        for (TableDef.AttributeDefinition a : attributes) {
            if (usedBy(a.name(), def, gsis)) {
                used.add(a);
            }
        }
        return def.withIndexes(List.copyOf(used), List.copyOf(gsis));
    }

    private static boolean usedBy(String attribute, TableDef def, List<TableDef.IndexDef> gsis) {
        if (attribute.equals(def.key().partitionKey()) || attribute.equals(def.key().sortKey())) {
            return true;
        }
        for (TableDef.IndexDef i : def.localIndexes()) {
            if (attribute.equals(i.key().sortKey())) {
                return true;
            }
        }
        for (TableDef.IndexDef i : gsis) {
            if (i.key().isKey(attribute)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Fills new indexes from the items already in the table. Each item is indexed under its own lock, so a write
     * racing the back-fill can never leave an older version of it in the index.
     */
    static void backfill(Context ctx, Table table) {
        List<Index> fresh = new ArrayList<>();
        for (TableDef.IndexDef d : table.def().globalIndexes()) {
            if ("CREATING".equals(d.status())) {
                fresh.add(table.index(d.name()));
            }
        }
        for (byte[] key : table.items.keySet()) {
            ItemLocks.ItemId id = new ItemLocks.ItemId(table.id, key);
            ctx.locks.lock(id);
            try {
                byte[] stored = table.items.get(key);
                if (stored == null) {
                    continue;
                }
                Map<String, com.bigtimedeals.engine.value.Value> item = ItemCodec.decode(stored);
                for (Index index : fresh) {
                    byte[] indexKey = index.key(item);
                    if (indexKey != null && index.entries.put(indexKey, stored) == null) {
                        index.count.incrementAndGet();
                        index.bytes.addAndGet(index.entrySize(item, ItemCodec.size(stored)));
                    }
                }
            } finally {
                ctx.locks.unlock(id);
            }
        }
    }

    /** The new indexes are filled: they become ACTIVE. */
    static void markActive(Context ctx, Table table) {
        synchronized (table) {
            List<TableDef.IndexDef> gsis = new ArrayList<>();
            for (TableDef.IndexDef d : table.def().globalIndexes()) {
                gsis.add("CREATING".equals(d.status()) ? d.withStatus("ACTIVE") : d);
            }
            TableDef active = table.def().withIndexes(table.def().attributeDefinitions(), List.copyOf(gsis));
            ctx.committer.defineTable(table, () -> table.define(active));
        }
    }
}
