package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.InboxCensus;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Words;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;

/**
 * What the word index costs (docs/data-model.md, "Words: search and deal alerts"), on a table of its own: deals whose
 * titles draw their words from a vocabulary of 1,000 keywords as real titles do (a few words are in many titles, most
 * in few: word rank r in proportion to 1/r), and 100,000 alerts spread evenly over the same keywords, each filed
 * under its rarest. Then: the queries and read units to match one new deal against them (one query per distinct word
 * of its title, against a scan of every alert), the write units a new deal's words cost, and the read units of a
 * search page for a common word, a rare one and two words.
 */
final class WordIndexCosts {
    private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "po"};

    private WordIndexCosts() {
    }

    /** The {@code n}-th keyword: three syllables, so 1,000 distinct words of six letters that read like words. */
    static String keyword(int n) {
        return SYLLABLES[n / 100 % 10] + SYLLABLES[n / 10 % 10] + SYLLABLES[n % 10];
    }

    /** A keyword's rank by the 1/r law over {@code words} keywords. */
    private static int zipf(Random random, double[] cumulative) {
        double pick = random.nextDouble() * cumulative[cumulative.length - 1];
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (cumulative[mid] < pick) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** A title of 6 to 10 words of the vocabulary, and a few that are in no alert. */
    private static String title(Random random, double[] cumulative, int n) {
        StringBuilder t = new StringBuilder("Offer ").append(n).append(':');
        int words = 6 + random.nextInt(5);
        for (int i = 0; i < words; i++) {
            t.append(' ').append(keyword(zipf(random, cumulative)));
        }
        return t.append(", ").append(10 + random.nextInt(60)).append("% off").toString();
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int vocabulary = quick ? 200 : 1_000;
        int alertCount = quick ? 10_000 : 100_000;
        int dealCount = quick ? 500 : 3_000;
        System.out.printf("%nWord index: %,d alerts over %,d keywords, %,d deals (on a fresh engine)…%n", alertCount,
                vocabulary, dealCount);
        double[] cumulative = new double[vocabulary];
        for (int r = 0; r < vocabulary; r++) {
            cumulative[r] = (r == 0 ? 0 : cumulative[r - 1]) + 1.0 / (r + 1);
        }
        Instant now = bench.now();
        try (Database dynamo = Database.start()) {
            Table table = BenchTables.freshWithCatalog(dynamo, "Words", "acme", "Acme");
            DealStore deals = new DealStore(table);
            WordIndex index = new WordIndex(table);
            Random random = new Random(2611);
            List<NewDeal> drafts = new ArrayList<>();
            for (int i = 0; i < dealCount; i++) {
                drafts.add(new NewDeal(title(random, cumulative, i), "https://shop.example.com/w/" + i, new BigDecimal("49.99"),
                        "acme", "tech", null, null, now.minus(Duration.ofMinutes(30L * 24 * 60 * (dealCount - i) / dealCount))));
            }
            long t0 = System.nanoTime();
            BenchTables.parallel(dealCount, 4, i -> {
                Deal d = new DealPosting(deals).create(drafts.get(i));
                index.index(d.id(), Words.indexable(d.title())); // as the stream consumer indexes a new deal
            });
            // Alerts of 1 to 3 keywords, the keywords spread evenly over the vocabulary.
            Map<String, Integer> holdersOf = new HashMap<>();
            List<List<String>> alerts = new ArrayList<>(alertCount);
            for (int a = 0; a < alertCount; a++) {
                int n = a % 10 < 6 ? 1 : a % 10 < 9 ? 2 : 3;
                List<String> keywords = new ArrayList<>();
                while (keywords.size() < n) {
                    String k = keyword(random.nextInt(vocabulary));
                    if (!keywords.contains(k)) {
                        keywords.add(k);
                    }
                }
                alerts.add(keywords);
                keywords.forEach(k -> holdersOf.merge(k, 1, Integer::sum));
            }
            AlertStore store = new AlertStore(table);
            BenchTables.parallel(alertCount, 8, a -> store.create("u" + a, new NewAlert(alerts.get(a), null, null, null)));
            System.out.printf("  seeded in %d s%n", (System.nanoTime() - t0) / 1_000_000_000L);

            // Matching: 20 new deals drawn as the others were, each matched from the start to the end.
            int samples = 20;
            double queries = 0;
            double readUnits = 0;
            double maxQueries = 0;
            double maxReadUnits = 0;
            long matched = 0;
            long everyKeyword = 0;
            double writeUnits = 0;
            double wordsWritten = 0;
            double indexRequests = 0;
            for (int s = 0; s < samples; s++) {
                Deal deal = new DealPosting(deals).create(new NewDeal(title(random, cumulative, dealCount + s), "https://shop.example.com/n/" + s,
                        new BigDecimal("49.99"), "acme", "tech", null, null, null));
                NavigableSet<String> words = Words.indexable(deal.title());
                RequestMeter.reset();
                indexRequests += index.index(deal.id(), words) == 0 ? 0 : RequestMeter.usage().requests();
                writeUnits += RequestMeter.usage().writeUnits();
                wordsWritten += words.size();
                RequestMeter.reset();
                String position = null;
                do {
                    Recipients page = store.matching(deal, words, position, 500);
                    matched += page.usernames().size();
                    position = page.next();
                } while (position != null);
                RequestMeter.Usage used = RequestMeter.usage();
                queries += used.requests();
                readUnits += used.readUnits();
                maxQueries = Math.max(maxQueries, used.requests());
                maxReadUnits = Math.max(maxReadUnits, used.readUnits());
                everyKeyword += words.stream().mapToLong(w -> holdersOf.getOrDefault(w, 0)).sum();
            }
            // The obvious design reads every alert for every deal: one scan of items of the size ours are.
            double scanUnits = alertCount * (double) entryBytes(alerts.get(0)) / 4096 * 0.5;
            String prefix = "alerts.match" + alertCount / 1000 + "kOver" + vocabulary + ".";
            bench.add(prefix + "queriesPerDeal", queries / samples, "requests", null, null,
                    "mean of " + samples + " new deals of " + String.format("%.1f", wordsWritten / samples)
                            + " distinct words (max " + Math.round(maxQueries)
                            + "): one strongly consistent Query per distinct word of the title");
            bench.add(prefix + "readUnitsPerDeal", readUnits / samples, "RCU", null, scanUnits,
                    "max " + String.format("%.1f", maxReadUnits) + "; reference: one eventually consistent scan of "
                            + String.format("%,d", alertCount) + " alerts");
            bench.add(prefix + "alertsMatchedPerDeal", (double) matched / samples, "alerts", null, null,
                    "alerts whose every keyword is in the title, of those read");
            bench.add(prefix + "alertsFiledUnderEveryKeywordWouldRead", (double) everyKeyword / samples, "entries", null, null,
                    "per deal, had each alert been filed under all its keywords rather than its rarest");
            bench.add("words.newDeal.writeUnits", writeUnits / samples, "WCU", null, null,
                    "mean over the same deals: one entry of about 200 bytes per distinct word of 2 to 30 letters ("
                            + String.format("%.1f", wordsWritten / samples) + " words), " + String.format("%.1f", indexRequests / samples)
                            + " BatchWriteItems");
            searchPages(bench, index, cumulative);
        }
    }

    /** A search page's requests and read units: a word in many titles, one in few, and two words. */
    private static void searchPages(Bench bench, WordIndex index, double[] cumulative) {
        String common = keyword(0);
        String rare = keyword(cumulative.length - 1);
        String[][] searches = {{common}, {rare}, {common, keyword(1)}};
        String[] names = {"commonWord", "rareWord", "twoCommonWords"};
        for (int i = 0; i < searches.length; i++) {
            RequestMeter.reset();
            Page<Deal> page = index.search(List.of(searches[i]), 25, null);
            RequestMeter.Usage used = RequestMeter.usage();
            bench.add("search." + names[i] + ".requests", used.requests(), "requests", 3.0, null,
                    "'" + String.join(" ", searches[i]) + "', first page of 25: " + page.items().size() + " deals"
                            + (page.nextCursor() == null ? ", the last" : ", more follow"));
            bench.add("search." + names[i] + ".readUnits", used.readUnits(), "RCU", null, null,
                    "word entries (eventually consistent) and the page's deals (1 BatchGetItem)");
        }
    }

    /** About how many bytes an alert's index entry takes: its key, type and the fields a match reads. */
    private static int entryBytes(List<String> keywords) {
        AtomicLong bytes = new AtomicLong();
        Map<String, String> fields = Map.of("PK", "WORD#" + keywords.get(0), "SK", "ALERT#2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA",
                "Type", "AlertEntry", "id", "2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA", "username", "u12345",
                "keywords", String.join(" ", keywords), "createdAt", "2026-11-20T12:00:00Z");
        fields.forEach((k, v) -> bytes.addAndGet(k.length() + v.length()));
        return (int) bytes.get();
    }

    /**
     * Messages a second of a new deal's alert matching to {@code holders} holders of one keyword, inside the deal's own
     * stream invocation as the local stack runs it (create-only puts, {@code DELIVERY_THREADS} in flight), timed from the deal's
     * record to the last message. The holders' alerts spread over one shard per thousand.
     */
    static double alertFanOut(Bench bench, int holders) throws Exception {
        try (Database dynamo = Database.start()) {
            Table table = BenchTables.freshWithCatalog(dynamo, "AlertHolders", "mega", "Mega");
            AlertStore store = new AlertStore(table);
            // One after another: made at once, every create would update the keyword's head and retry the others'.
            for (int i = 0; i < holders; i++) {
                store.create("h" + i, NewAlert.of(i % 2 == 0 ? "kettle" : "kettle steel", null, null, null));
            }
            StreamTap tap = new StreamTap(table.client(), DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), table.name());
            tap.drain();
            Deal deal = new DealPosting(new DealStore(table)).create(new NewDeal("Steel kettle, 1.7 l", "https://s.example.com/k",
                    new BigDecimal("19.99"), "mega", "tech", null, null, null));
            List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
            Configuration configuration = bench.localConfiguration();
            StreamHandler handler = new StreamHandler(ChangeReactions.of(table, configuration), configuration);
            long t0 = System.nanoTime();
            handler.handleRequest(StreamRecords.event(records), new SyntheticContext("bench", "stream", 900_000));
            double rate = holders / ((System.nanoTime() - t0) / 1e9);
            Map<String, Integer> census = InboxCensus.messagesByUser(table.client(), table.name(), deal.id());
            if (census.size() != holders || census.values().stream().anyMatch(n -> n != 1)) {
                throw new IllegalStateException("the alert fan-out left " + census.size() + " of " + holders + " holders messaged");
            }
            return rate;
        }
    }
}
