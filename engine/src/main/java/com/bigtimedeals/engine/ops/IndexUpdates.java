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
}
