package com.bigtimedeals.bench;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.IntConsumer;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Tables the measurements write into, on the engine each phase starts, reached in process (no socket). */
final class BenchTables {
    private BenchTables() {
    }

    /** A new table with the production definition, on a clock fixed at now, with a fixed cursor key. */
    static Table fresh(Database dynamo, String name) {
        DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient());
        dynamo.createTable(client, TableDefinition.createTableRequest(name));
        return new Table(client, name, Clock.fixed(Instant.now(), ZoneOffset.UTC), new CursorCodec("bench"));
    }

    /** A {@link #fresh} table holding the brand {@code brandId} and the category {@code tech} its deals name. */
    static Table freshWithCatalog(Database dynamo, String name, String brandId, String brandName) {
        Table table = fresh(dynamo, name);
        CatalogStore catalog = new CatalogStore(table);
        catalog.createBrand(brandId, brandName, null);
        catalog.createCategory("tech", "Tech");
        return table;
    }

    /** {@code work(0..n-1)} on a few threads, as several editors or users would. */
    static void parallel(int n, int threads, IntConsumer work) throws Exception {
        ParallelRuns.run(n, threads, work);
    }
}
