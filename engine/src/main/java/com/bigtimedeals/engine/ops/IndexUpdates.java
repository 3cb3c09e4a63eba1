package com.bigtimedeals.engine.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.table.Index;
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
        List<TableDef.AttributeDefinition> attributes = attributes(req, def);
        List<TableDef.IndexDef> gsis = new ArrayList<>(def.globalIndexes());
        for (Object o : updates) {
            Map<String, Object> u = Req.asMap(o);
            if (Req.has(u, "Create")) {
                create(req, def, attributes, gsis, Req.map(u, "Create"));
                created[0] = true;
            } else if (Req.has(u, "Delete")) {
                delete(gsis, Req.string(Req.map(u, "Delete"), "IndexName"));
            } else {
                update(def, gsis, Req.map(u, "Update"));
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

    /** The table's attribute definitions with the request's added; one redefined with another type is refused. */
    private static List<TableDef.AttributeDefinition> attributes(Map<String, Object> req, TableDef def) {
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
        return attributes;
    }

    /** Adds the index a Create asks for, CREATING, to {@code gsis}. */
    private static void create(Map<String, Object> req, TableDef def, List<TableDef.AttributeDefinition> attributes,
                               List<TableDef.IndexDef> gsis, Map<String, Object> c) {
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
    }

    private static void delete(List<TableDef.IndexDef> gsis, String name) {
        boolean removed = gsis.removeIf(i -> i.name().equals(name));
        if (!removed) {
            throw ApiException.resourceNotFound("Requested resource not found");
        }
    }

    /** An Update: the index's new ProvisionedThroughput, when it has one. */
    private static void update(TableDef def, List<TableDef.IndexDef> gsis, Map<String, Object> up) {
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
}
