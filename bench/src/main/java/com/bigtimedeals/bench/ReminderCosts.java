package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.saved.SavedStore;
import com.bigtimedeals.stream.SavedReminders;

/**
 * What reminding a million saved deals costs ({@code --reminders}): 100 deals expiring 3 minutes apart, saved by 50
 * users each (5,000 saves), then the sweeper's reminder pass run once a minute through every minute the reminders fall
 * due, as the deployed schedule runs it; the DynamoDB requests and units per save and per reminder sent, scaled to a
 * million, and what an idle minute's sweep costs (1,440 a day whatever is saved).
 */
final class ReminderCosts {
    private ReminderCosts() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int deals = quick ? 20 : 100;
        int savers = 50;
        System.out.printf("%nReminders: %,d deals saved by %d users each…%n", deals, savers);
        try (Database dynamo = Database.start()) {
            Table seed = BenchTables.freshWithCatalog(dynamo, "Reminders", "acme", "Acme");
            Instant t0 = seed.clock().instant().truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
            DealStore store = new DealStore(seed);
            List<String> ids = new ArrayList<>();
            for (int d = 0; d < deals; d++) {
                ids.add(new DealPosting(store).create(new NewDeal("Deal " + d, "https://shop.example.com/r/" + d, new BigDecimal("9"), "acme",
                        "tech", null, null, null, t0.plus(Duration.ofHours(30)).plus(Duration.ofMinutes(3L * d)))).id());
            }
            SavedStore saved = new SavedStore(seed);
            RequestMeter.reset();
            for (int d = 0; d < deals; d++) {
                for (int u = 0; u < savers; u++) {
                    saved.save("u" + u, ids.get(d));
                }
            }
            RequestMeter.Usage saves = RequestMeter.usage();
            int count = deals * savers;
            Instant from = t0.plus(Duration.ofHours(6)).minus(Duration.ofMinutes(5));
            Instant to = t0.plus(Duration.ofHours(6)).plus(Duration.ofMinutes(3L * deals + 5));
            // The first sweep sets the mark; an idle minute's cost is measured on the minute after it.
            sweep(dynamo, seed, from.minus(Duration.ofMinutes(2)));
            RequestMeter.reset();
            sweep(dynamo, seed, from.minus(Duration.ofMinutes(1)));
            RequestMeter.Usage idle = RequestMeter.usage();
            RequestMeter.reset();
            int sent = 0;
            for (Instant m = from; !m.isAfter(to); m = m.plus(Duration.ofMinutes(1))) {
                sent += sweep(dynamo, seed, m.plusSeconds(5));
            }
            RequestMeter.Usage sweeps = RequestMeter.usage();
            double million = 1_000_000.0;
            bench.add("reminders.save.requests", (double) saves.requests() / count, "requests", 2.0, null,
                    "per save of " + String.format("%,d", count) + ": 1 BatchGetItem + 1 transaction (saver, entry, count, reminder, deal check)");
            bench.add("reminders.save.writeUnits", saves.writeUnits() / count, "WCU", null, null,
                    "per save; a million saves: " + String.format("%,.0f", saves.writeUnits() / count * million) + " WCU");
            bench.add("reminders.sent", sent, "reminders", (double) count, null, "of " + count + " saves: each exactly once");
            bench.add("reminders.perReminder.requests", (double) sweeps.requests() / sent, "requests", null, null,
                    "the sweeps of every due minute, per reminder: a million reminders, "
                            + String.format("%,.0f", (double) sweeps.requests() / sent * million) + " requests");
            bench.add("reminders.perReminder.readUnits", sweeps.readUnits() / sent, "RCU", null, null,
                    "a million: " + String.format("%,.0f", sweeps.readUnits() / sent * million) + " RCU");
            bench.add("reminders.perReminder.writeUnits", sweeps.writeUnits() / sent, "WCU", null, null,
                    "message, reminded mark, reminder deleted; a million: "
                            + String.format("%,.0f", sweeps.writeUnits() / sent * million) + " WCU");
            bench.add("reminders.idleSweep.requests", idle.requests(), "requests", null, null,
                    "a minute with nothing due: the mark read, the minute's bucket queried, the mark written ("
                            + 1440 * idle.requests() + " a day)");
        }
    }

    private static int sweep(Database dynamo, Table seed, Instant at) {
        Table t = new Table(seed.client(), seed.name(), Clock.fixed(at, ZoneOffset.UTC), seed.cursors());
        return SavedReminders.of(t, Configuration.defaults()).send();
    }
}
