package com.bigtimedeals.engine.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.core.IndexUpdates;
import com.bigtimedeals.engine.core.TableSpecs;
import com.bigtimedeals.engine.core.Tagging;
import com.bigtimedeals.engine.table.TableDef;

/**
 * The one decoder of the table-definition vocabulary CreateTable and UpdateTable share: each method reads its part of
 * a request that passed its shape ({@link TableShapes}) into the core's typed {@link TableSpecs}, once; the operations
 * check and run on what it returns.
 */
final class TableSpecDecoder {
    private TableSpecDecoder() {
    }

    static List<TableSpecs.KeyElement> keySchema(List<Object> elements) {
        List<TableSpecs.KeyElement> out = new ArrayList<>(elements.size());
        for (Object o : elements) {
            Map<String, Object> e = Req.asMap(o);
            out.add(new TableSpecs.KeyElement(Req.string(e, "AttributeName"), "HASH".equals(Req.string(e, "KeyType"))));
        }
        return out;
    }

    /** The indexes of a list member, in order; null where the request leaves the member out. */
    static List<TableSpecs.IndexSpec> indexes(List<Object> indexes) {
        if (indexes == null) {
            return null;
        }
        List<TableSpecs.IndexSpec> out = new ArrayList<>(indexes.size());
        for (Object o : indexes) {
            out.add(index(Req.asMap(o)));
        }
        return out;
    }

    static TableSpecs.IndexSpec index(Map<String, Object> index) {
        Map<String, Object> projection = Req.map(index, "Projection");
        return new TableSpecs.IndexSpec(Req.string(index, "IndexName"), keySchema(Req.list(index, "KeySchema")),
                Req.string(projection, "ProjectionType"), Req.strings(projection, "NonKeyAttributes"),
                throughput(Req.map(index, "ProvisionedThroughput")));
    }

    /** A ProvisionedThroughput as requested (the shape requires both units); null where it is left out. */
    static TableDef.Throughput throughput(Map<String, Object> t) {
        return t == null ? null
                : new TableDef.Throughput(Req.number(t, "ReadCapacityUnits"), Req.number(t, "WriteCapacityUnits"), 0, 0, 0);
    }

    /** AttributeDefinitions in order, duplicates kept (CreateTable refuses them); empty where left out. */
    static List<TableDef.AttributeDefinition> attributes(List<Object> definitions) {
        List<TableDef.AttributeDefinition> out = new ArrayList<>();
        if (definitions != null) {
            for (Object o : definitions) {
                Map<String, Object> a = Req.asMap(o);
                out.add(new TableDef.AttributeDefinition(Req.string(a, "AttributeName"), Req.string(a, "AttributeType")));
            }
        }
        return out;
    }

    static TableSpecs.StreamSpec stream(Map<String, Object> stream) {
        return stream == null ? null : new TableSpecs.StreamSpec(Req.flag(stream, "StreamEnabled"), Req.string(stream, "StreamViewType"));
    }

    static TableSpecs.EncryptionSpec encryption(Map<String, Object> sse) {
        return sse == null ? null : new TableSpecs.EncryptionSpec(Req.flag(sse, "Enabled"), Req.string(sse, "SSEType", "KMS"));
    }

    /** Tags in order; null where the member is left out. */
    static List<Tagging.Tag> tags(List<Object> tags) {
        if (tags == null) {
            return null;
        }
        List<Tagging.Tag> out = new ArrayList<>(tags.size());
        for (Object o : tags) {
            Map<String, Object> tag = Req.asMap(o);
            out.add(new Tagging.Tag(Req.string(tag, "Key"), Req.string(tag, "Value")));
        }
        return out;
    }

    /**
     * The request's GlobalSecondaryIndexUpdates, in order (empty where left out), after the service's checks of the
     * list itself: one online create or delete at a time, one action per update, one update per index.
     */
    static List<IndexUpdates.IndexUpdate> indexUpdates(List<Object> updates) {
        if (updates == null) {
            return List.of();
        }
        int createsAndDeletes = 0;
        for (Object o : updates) {
            Map<String, Object> u = Req.asMap(o);
            createsAndDeletes += u.containsKey("Create") || u.containsKey("Delete") ? 1 : 0;
        }
        if (createsAndDeletes > 1) {
            throw ApiException.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
        }
        List<IndexUpdates.IndexUpdate> decoded = new ArrayList<>(updates.size());
        Set<String> names = new HashSet<>();
        for (Object o : updates) {
            IndexUpdates.IndexUpdate update = action(Req.asMap(o));
            if (!names.add(update.indexName())) {
                throw ApiException.validation("One or more parameter values were invalid: Only one global secondary index update per index is allowed simultaneously. Index: "
                        + update.indexName());
            }
            decoded.add(update);
        }
        return decoded;
    }

    private static IndexUpdates.IndexUpdate action(Map<String, Object> u) {
        if (u.size() > 1) {
            throw ApiException.validation("One or more parameter values were invalid: Only one of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete can be specified");
        }
        if (Req.has(u, "Update")) {
            Map<String, Object> update = Req.map(u, "Update");
            return new IndexUpdates.IndexUpdate.Update(Req.string(update, "IndexName"), throughput(Req.map(update, "ProvisionedThroughput")));
        }
        if (Req.has(u, "Create")) {
            return new IndexUpdates.IndexUpdate.Create(index(Req.map(u, "Create")));
        }
        if (Req.has(u, "Delete")) {
            return new IndexUpdates.IndexUpdate.Delete(Req.string(Req.map(u, "Delete"), "IndexName"));
        }
        throw ApiException.validation("One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
    }
}
