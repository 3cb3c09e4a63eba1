package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The front-page cache's payload format. The API functions read it and the stream consumer writes it, and they
 * deploy separately: either can be ahead for a while.
 */
class FrontPageFormatTest extends DynamoDbTest {
    static final int SHARDS = 3;

    private static Table built() {
        Table t = newTable(Fixtures.NOW);
        Fixtures.catalog(new CatalogStore(t));
        DealStore deals = new DealStore(t);
        for (int i = 0; i < 5; i++) {
            new DealPosting(deals).create(Fixtures.deal("F" + i, "acme", "tech", Fixtures.NOW.minusSeconds(i)));
        }
        assertEquals(SHARDS, new FrontPageCache(t, SHARDS).rebuild(new FeaturedStore(t), deals));
        return t;
    }

    /** What a newer stream consumer writes: a higher format, with a payload this code would misread. */
    private static void writeAsNewerWriter(Table t, int shard) {
        FrontPage page = new FrontPage(1_000, List.of(), List.of(), null);
        t.client().putItem(PutItemRequest.builder().tableName(t.name()).item(new ItemWriter(DealKeys.dealsCache(shard), DealKeys.DEALS_CACHE)
                .number("version", page.version())
                .number(FrontPageCache.FORMAT, DealCodec.FRONT_PAGE_FORMAT + 1)
                .value("payload", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {42, 7, 0, 1, 2, 3})))
                .value("addedByTheNewFormat", AttributeValue.fromS("x"))
                .build()).build());
    }

    @Test
    void anOldReaderMeetingANewerWritersCopyReadsNothingInsteadOfMisreadingIt() {
        Table t = built();
        for (int shard = 1; shard <= SHARDS; shard++) {
            writeAsNewerWriter(t, shard);
        }
        FrontPageCache reader = new FrontPageCache(t, SHARDS);
        for (int i = 0; i < 4 * SHARDS; i++) {
            RequestMeter.reset();
            assertNull(reader.read(), "a format this reader does not know is no copy at all: the caller serves the live query");
            assertEquals(1, RequestMeter.usage().requests());
        }
    }

    /** Format 1 (before the format was recorded) had no expiresAt: such a copy is served from the sources. */
    @Test
    void copiesWrittenBeforeTheFormatWasRecordedAreFormatOneAndServedLive() {
        Table t = built();
        FrontPage expected = FrontPageCache.live(7, new FeaturedStore(t), new DealStore(t));
        for (int shard = 1; shard <= SHARDS; shard++) {
            Map<String, AttributeValue> item = new java.util.HashMap<>(FrontPageCache.item(expected, shard));
            item.remove(FrontPageCache.FORMAT);
            t.client().putItem(PutItemRequest.builder().tableName(t.name()).item(item).build());
        }
        assertNull(new FrontPageCache(t, SHARDS).read(), "format 1 is not this reader's layout");
    }

    /**
     * The layout's fingerprint for FRONT_PAGE_FORMAT. When this fails, the layout changed: bump
     * DealCodec.FRONT_PAGE_FORMAT (readers that don't know it serve the live query), then record the new fingerprint.
     */
    @Test
    void aLayoutChangeWithoutAFormatBumpFails() throws Exception {
        Deal deal = new Deal("2ABCDEFGHIJKLMNOPQRSTUVWXYZ", "Headphones", "https://shop.example.com/h", new BigDecimal("49.99"),
                "acme", "Acme", "tech", "Tech", null, "Great", Instant.parse("2026-11-20T12:00:00Z"), null,
                new com.bigtimedeals.deals.DealCounts(120, 7, 3, 130, Instant.parse("2026-11-20T13:00:00Z")));
        byte[] layout = DealCodec.layout(new FrontPage(3, List.of(deal), List.of(deal, deal), "next"));
        String fingerprint = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(layout));
        assertEquals(Map.of(4, "88768e38008a866e258f1fef77800892a99876819147222d6a32906cdaa992ca"),
                Map.of(DealCodec.FRONT_PAGE_FORMAT, fingerprint));
    }
}
