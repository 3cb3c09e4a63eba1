package com.bigtimedeals.engine.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.table.TableDef;

/** UpdateTable's GlobalSecondaryIndexUpdates: creating (to be back-filled), updating and deleting global indexes. */
public final class IndexUpdates {
    private IndexUpdates() {
    }

    /** One GlobalSecondaryIndexUpdate: exactly one of Create, Update and Delete, each applying itself to an {@link Edit}. */
    public sealed interface IndexUpdate {
        String indexName();

        void applyTo(Edit edit);

        /** A new index, built from the table's items before it becomes ACTIVE. */
        record Create(TableSpecs.IndexSpec spec) implements IndexUpdate {
            @Override
            public String indexName() {
                return spec.name();
            }

            @Override
            public void applyTo(Edit edit) {
                create(edit, spec);
            }
        }

        /** An index's new ProvisionedThroughput; null where the request leaves it out. */
        record Update(String indexName, TableDef.Throughput throughput) implements IndexUpdate {
            @Override
            public void applyTo(Edit edit) {
                update(edit, this);
            }
        }

        record Delete(String indexName) implements IndexUpdate {
            @Override
            public void applyTo(Edit edit) {
                delete(edit.gsis(), indexName);
            }
        }
    }

    /**
     * The definition being edited: the request's AttributeDefinitions, the table's definition, the attributes known
     * with the request's added, and the global indexes so far.
     */
    public record Edit(List<TableDef.AttributeDefinition> requested, TableDef def, List<TableDef.AttributeDefinition> attributes,
                       List<TableDef.IndexDef> gsis) {
    }

    /** The table definition after the index updates, and whether one created an index to back-fill. */
    public record Applied(TableDef def, boolean created) {
    }

    /** The table definition after {@code updates}; {@code requested} are the request's AttributeDefinitions. */
    public static Applied apply(List<TableDef.AttributeDefinition> requested, List<IndexUpdate> updates, TableDef def) {
        if (updates.isEmpty()) {
            return new Applied(def, false);
        }
        List<TableDef.AttributeDefinition> attributes = attributes(requested, def);
        List<TableDef.IndexDef> gsis = new ArrayList<>(def.globalIndexes());
        Edit edit = new Edit(requested, def, attributes, gsis);
        boolean created = false;
        for (IndexUpdate u : updates) {
            u.applyTo(edit);
            created |= u instanceof IndexUpdate.Create;
        }
        List<TableDef.AttributeDefinition> used = new ArrayList<>();
        for (TableDef.AttributeDefinition a : attributes) {
            if (usedBy(a.name(), def, gsis)) {
                used.add(a);
            }
        }
        return new Applied(def.withIndexes(List.copyOf(used), List.copyOf(gsis)), created);
    }

    /** The table's attribute definitions with the request's added; one redefined with another type is refused. */
    private static List<TableDef.AttributeDefinition> attributes(List<TableDef.AttributeDefinition> requested, TableDef def) {
        List<TableDef.AttributeDefinition> attributes = new ArrayList<>(def.attributeDefinitions());
        for (TableDef.AttributeDefinition a : requested) {
            String existing = def.attributeType(a.name());
            if (existing == null) {
                attributes.add(a);
            } else if (!existing.equals(a.type())) {
                throw ApiException.validation("One or more parameter values were invalid: Attribute " + a.name()
                        + " cannot be redefined with a different type: it is defined as " + existing);
            }
        }
        return attributes;
    }

    /** Adds the index a Create asks for, CREATING, to {@code gsis}. */
    private static void create(Edit edit, TableSpecs.IndexSpec spec) {
        TableDef def = edit.def();
        List<TableDef.IndexDef> gsis = edit.gsis();
        if (def.index(spec.name()) != null) {
            throw ApiException.validation("One or more parameter values were invalid: Index with name: " + spec.name() + " already exists");
        }
        if (gsis.size() >= 20) {
            throw ApiException.limitExceeded("Subscriber limit exceeded: The number of global secondary indexes exceeds the per-table limit of 20");
        }
        // The new index's key attributes must be defined in this request, even when already known.
        List<String> defined = new ArrayList<>(edit.requested().size());
        for (TableDef.AttributeDefinition a : edit.requested()) {
            defined.add(a.name());
        }
        String error = spec.error(defined, new HashSet<>(), def.billingMode(), null);
        if (error != null) {
            throw ApiException.validation(error);
        }
        TableDef.Throughput throughput = def.payPerRequest() || spec.provisioned() == null ? TableDef.Throughput.NONE : spec.provisioned();
        gsis.add(spec.definition(true, edit.attributes(), throughput).withStatus("CREATING"));
    }

    private static void delete(List<TableDef.IndexDef> gsis, String name) {
        boolean removed = gsis.removeIf(i -> i.name().equals(name));
        if (!removed) {
            throw ApiException.resourceNotFound("Requested resource not found");
        }
    }

    /** An Update: the index's new ProvisionedThroughput, when it has one. */
    private static void update(Edit edit, IndexUpdate.Update up) {
        List<TableDef.IndexDef> gsis = edit.gsis();
        String name = up.indexName();
        int at = -1;
        for (int i = 0; i < gsis.size(); i++) {
            if (gsis.get(i).name().equals(name)) {
                at = i;
            }
        }
        if (at < 0) {
            throw ApiException.resourceNotFound("Requested resource not found");
        }
        if (up.throughput() != null) {
            if (edit.def().payPerRequest()) {
                throw ApiException.validation("One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: " + name + " when BillingMode is PAY_PER_REQUEST");
            }
            gsis.set(at, gsis.get(at).withThroughput(up.throughput()));
        }
    }

    /** Whether {@code updates} give index {@code name} a ProvisionedThroughput. */
    public static boolean givesThroughput(List<IndexUpdate> updates, String name) {
        for (IndexUpdate u : updates) {
            if (u instanceof IndexUpdate.Update up && name.equals(up.indexName()) && up.throughput() != null) {
                return true;
            }
        }
        return false;
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
