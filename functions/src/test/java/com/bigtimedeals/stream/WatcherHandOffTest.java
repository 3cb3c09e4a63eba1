package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.api.SyntheticContext;
import com.bigtimedeals.data.BlastStore;
import com.bigtimedeals.data.CatalogStore;
import com.bigtimedeals.data.CursorCodec;
import com.bigtimedeals.data.DealStore;
import com.bigtimedeals.data.DynamoDbTest;
import com.bigtimedeals.data.FeaturedStore;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.FrontPageCache;
import com.bigtimedeals.data.StreamRecords;
import com.bigtimedeals.data.StreamTap;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Blast;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.DealCorrection;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.FrontPage;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.NewDeal;
import com.bigtimedeals.domain.Relation;
import com.bigtimedeals.domain.UserProfile;
import com.bigtimedeals.service.DealService;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** A watcher list longer than one invocation can walk is handed on through the table and finished later. */
class WatcherHandOffTest extends StreamTest {
    @Test
    void aWatcherListThatOutlastsTheInvocationIsHandedOnAndFinishedLater() throws Exception {
        FollowStore follows = new FollowStore(table);
        parallel(1200, i -> follows.add(Likeable.BRAND, "globex", "w" + i, Relation.WATCH));
        parallel(30, i -> follows.add(Likeable.CATEGORY, "home", "h" + i, Relation.WATCH));
        tap.drain();
        Deal deal = newDeal("Lamp", "globex", "home");
        // Told it has almost no time: one page, then the rest is handed on through the table.
        assertTrue(deliver(tap.drain(), 1).getBatchItemFailures().isEmpty());
        assertTrue(messagesByUser(deal.id()).size() < 1230);
        pump(60_000);
        Map<String, Integer> counts = messagesByUser(deal.id());
        assertEquals(1230, counts.size());
        assertTrue(counts.values().stream().allMatch(c -> c == 1));
    }
}
