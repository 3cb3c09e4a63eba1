package com.bigtimedeals.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;

/** What deleting a heavy account costs: the request and the stream walk that clears its follows and inbox. */
final class AccountDeletionCost {
    private AccountDeletionCost() {
    }

    /** Requests and units to delete a user with 5,000 messages and 300 follows, request and stream walk together. */
    static void measure(Bench bench) throws Exception {
        Instant now = bench.now();
        try (Database dynamo = Database.start()) {
            Table table = BenchTables.fresh(dynamo, "Deletion");
            CatalogStore catalog = new CatalogStore(table);
            FollowStore follows = new FollowStore(table);
            for (int i = 0; i < 150; i++) {
                catalog.createBrand("b" + i, "Brand " + i, null);
            }
            BenchTables.parallel(150, 4, i -> {
                follows.add(Likeable.BRAND, "b" + i, "zoe", Relation.LIKE);
                follows.add(Likeable.BRAND, "b" + i, "zoe", Relation.WATCH);
            });
            List<Message> messages = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                Instant at = now.minusSeconds(i);
                messages.add(new Message(Ids.messageId(at, "zoe", "m" + i), "zoe", "S", "B", null, true, at, MessageKind.WATCH));
            }
            new InboxDelivery(table, 8, bench.configuration().inboxRetention()).deliver(messages);
            StreamTap tap = new StreamTap(table.client(), DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), table.name());
            tap.drain();
            // One delivery thread, so that every request is made (and counted) on this thread.
            Configuration oneThread = Configuration.from(bench.settings().with(Setting.DELIVERY_THREADS, 1));
            StreamHandler handler = new StreamHandler(ChangeReactions.of(table, oneThread), oneThread);
            RequestMeter.reset();
            new AccountStore(table).delete("zoe");
            int invocations = 0;
            for (List<DynamodbEvent.DynamodbStreamRecord> r = tap.drain(); !r.isEmpty(); r = tap.drain()) {
                handler.handleRequest(StreamRecords.event(r), new SyntheticContext("bench", "stream", 900_000));
                invocations++;
            }
            RequestMeter.Usage used = RequestMeter.usage();
            if (!follows.follows("zoe").brands().isEmpty() || !new InboxStore(table, bench.configuration().inboxRetention()).list("zoe", false, 1, null).items().isEmpty()) {
                throw new IllegalStateException("the deletion left follows or messages behind");
            }
            bench.add("deletion.5000Messages300Follows.requests", used.requests(), "requests", null, null,
                    invocations + " stream invocations; 300 follow transactions, 200 BatchWriteItems, queries and checkpoints");
            bench.add("deletion.5000Messages300Follows.writeUnits", used.writeUnits(), "WCU", null, null,
                    "as the engine bills them: the service's documented rules, transactions twice");
        }
    }
}
