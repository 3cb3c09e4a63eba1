package com.bigtimedeals.bench;

import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

/** The front-page cache item on the seeded table: its size, what one read of it costs, and the copies 100k reads a second need. */
final class FrontPageCopies {
    private FrontPageCopies() {
    }

    static void measure(Bench bench, Table table) {
        System.out.println("\nFront-page cache:");
        FrontPageCache cache = new FrontPageCache(table, bench.configuration().cacheShards());
        FrontPage page = cache.read();
        RequestMeter.reset();
        cache.read();
        double units = RequestMeter.usage().readUnits();
        int bytes = FrontPageCache.itemBytes(page);
        bench.add("frontpage.cacheItemBytes", bytes, "bytes", 8192.0, 160_000.0,
                page.featured().size() + " featured + " + page.latest().size() + " latest; reference: a 2-day cache item of ~200 deals");
        bench.add("frontpage.readUnitsPerRead", units, "RCU", 1.0, 21.0, "eventually consistent; reference: 1 + 20 RCU over two items");
        int shards = (int) Math.ceil(100_000 * units / 3_000);
        bench.add("frontpage.shardsFor100kReadsPerSecond", shards, "copies", null, null, "at 3,000 read units per partition per second");
    }
}
