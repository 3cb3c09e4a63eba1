package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.util.List;
import java.util.NavigableSet;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Words;

/**
 * What a temperature crossing costs with 100,000 alerts with a {@code minTemperature} held ({@code --crossing}): one
 * keyword each, spread evenly over 1,000 keywords, thresholds spread evenly over 1 to 1,000. A deal of 8 keywords
 * of the vocabulary rises one degree at a time (the usual aggregation: one vote a batch) and, separately, a hundred
 * degrees in one batch; each crossing is {@link AlertStore#crossing}: the title words' heads, then one key range per shard
 * of each word holding temperature alerts. The reference is the scan the obvious design would make per crossing.
 */
final class AlertCrossingCosts {
    private AlertCrossingCosts() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int vocabulary = 1_000;
        int alertCount = quick ? 10_000 : 100_000;
        int maxThreshold = 1_000;
        System.out.printf("%nTemperature crossings: %,d alerts over %,d keywords, thresholds 1 to %,d…%n", alertCount,
                vocabulary, maxThreshold);
        try (Database dynamo = Database.start()) {
            Table table = BenchTables.freshWithCatalog(dynamo, "Crossings", "acme", "Acme");
            AlertStore store = new AlertStore(table);
            long t0 = System.nanoTime();
            int[] thresholds = new Random(17).ints(alertCount, 1, maxThreshold + 1).toArray();
            BenchTables.parallel(alertCount, 8, a -> store.create("u" + a, new NewAlert(
                    List.of(WordIndexCosts.keyword(a % vocabulary)), null, null, null, List.of(), thresholds[a])));
            System.out.printf("  seeded in %d s%n", (System.nanoTime() - t0) / 1_000_000_000L);
            Random random = new Random(4011);
            StringBuilder title = new StringBuilder("Offer:");
            for (int i = 0; i < 8; i++) {
                title.append(' ').append(WordIndexCosts.keyword(random.nextInt(vocabulary)));
            }
            Deal deal = new DealPosting(new DealStore(table)).create(new NewDeal(title.toString(), "https://shop.example.com/x", new BigDecimal("9"),
                    "acme", "tech", null, null, null));
            NavigableSet<String> words = Words.indexable(deal.title());
            int samples = quick ? 50 : 1_000;
            double queries = 0;
            double readUnits = 0;
            double maxReadUnits = 0;
            AtomicLong matched = new AtomicLong();
            for (int t = 1; t <= samples; t++) {
                RequestMeter.reset();
                store.crossing(deal, words, t - 1, t, users -> matched.addAndGet(users.size()));
                RequestMeter.Usage used = RequestMeter.usage();
                queries += used.requests();
                readUnits += used.readUnits();
                maxReadUnits = Math.max(maxReadUnits, used.readUnits());
            }
            RequestMeter.reset();
            AtomicLong matchedJump = new AtomicLong();
            store.crossing(deal, words, 500, 600, users -> matchedJump.addAndGet(users.size()));
            RequestMeter.Usage jump = RequestMeter.usage();
            double scanUnits = alertCount * 160.0 / 4096 * 0.5;
            String prefix = "alerts.crossing" + alertCount / 1000 + "k.";
            bench.add(prefix + "requestsPerDegree", queries / samples, "requests", null, null,
                    "mean of " + samples + " one-degree crossings of a deal of " + words.size()
                            + " distinct words: 1 BatchGetItem of their alert heads + 1 Query per shard of each word holding temperature alerts");
            bench.add(prefix + "readUnitsPerDegree", readUnits / samples, "RCU", null, scanUnits,
                    "max " + String.format("%.1f", maxReadUnits) + "; reference: one eventually consistent scan of "
                            + String.format("%,d", alertCount) + " alerts per crossing");
            bench.add(prefix + "alertsMatchedPerDegree", (double) matched.get() / samples, "alerts", null, null,
                    "alerts whose threshold was crossed and whose keyword is in the title");
            bench.add(prefix + "requestsHundredDegrees", jump.requests(), "requests", null, null,
                    "one batch raising the temperature from 500 to 600: the same requests, a longer key range");
            bench.add(prefix + "readUnitsHundredDegrees", jump.readUnits(), "RCU", null, scanUnits,
                    matchedJump.get() + " alerts matched");
        }
    }
}
