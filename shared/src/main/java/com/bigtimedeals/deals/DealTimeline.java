package com.bigtimedeals.deals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition.Index;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.TableReads;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The newest-first list of deals in one scope (all deals, one brand, one category), kept so that any page
 * costs at most 3 requests however sparse the history is (docs/data-model.md, sparse history).
 *
 * <p>Deals sit in index partitions called buckets, each named by the UTC day it opened on. A bucket is only
 * closed ("sealed") once it holds {@code capacity} deals (at least the largest page), and a new one opens
 * on a later UTC day. So every sealed bucket can fill a page on its own: a page reads the rest of one bucket
 * and at most the start of the previous one. Each bucket has a marker item in its own index partition whose
 * sort key sorts below every deal and which names the previous bucket, so the walk learns where to go next
 * from the query it already made. The buckets are also listed under {@code TIMELINE#scope} in the base
 * table; the newest one there is the head a first page starts from (1 small read).
 */
final class DealTimeline {
    static final String GENESIS = "0000-00-00";
    private static final DateTimeFormatter UTC_DAY = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    /** One list of deals and the index that holds it. */
    record Scope(String key, Index index) {
        static Scope all() {
            return new Scope(DealKeys.scopeAll(), TableDefinition.GSI1);
        }

        static Scope brand(String brandId) {
            return new Scope(DealKeys.scopeBrand(brandId), TableDefinition.GSI2);
        }

        static Scope category(String categoryId) {
            return new Scope(DealKeys.scopeCategory(categoryId), TableDefinition.GSI3);
        }
    }

    /** Where a new deal goes in one scope, and the bucket writes that must commit with it. */
    record Placement(Scope scope, String bucketId, List<TransactWriteItem> writes) {
    }

    private record Bucket(String id, String previous, String successor, long count, String newestDay) {
        static Bucket of(Map<String, AttributeValue> item) {
            ItemReader r = new ItemReader(item);
            return new Bucket(r.string("bucketId"), r.string("previous"), r.string("successor"), r.number("count"),
                    r.string("newestDay"));
        }
    }

    private final Table table;
    private final int capacity;

    DealTimeline(Table table, int capacity) {
        this.table = table;
        this.capacity = capacity;
    }

    static String utcDay(Instant instant) {
        return UTC_DAY.format(instant);
    }

    /** The first bucket of a brand or category, created with it: its presence is how we know the scope exists. */
    Map<String, AttributeValue> genesisItem(Scope scope, long count, String newestDay) {
        return bucketItem(scope, GENESIS, null, count, newestDay);
    }

    private Map<String, AttributeValue> bucketItem(Scope scope, String bucketId, String previous, long count,
                                                   String newestDay) {
        ItemWriter w = new ItemWriter(DealKeys.bucket(scope.key(), bucketId), DealKeys.DEAL_BUCKET)
                .index(scope.index().partitionKey(), DealKeys.bucketPartition(scope.key(), bucketId))
                .index(scope.index().sortKey(), DealKeys.BUCKET_MARKER_SORT_KEY)
                .string("scope", scope.key())
                .string("bucketId", bucketId)
                .string("previous", previous)
                .number("count", count)
                .string("newestDay", newestDay);
        return w.build();
    }

    /** Index attributes that put a deal into its bucket of this scope. */
    static void index(ItemWriter deal, String dealId, Placement placement) {
        deal.index(placement.scope().index().partitionKey(), DealKeys.bucketPartition(placement.scope().key(), placement.bucketId()))
                .index(placement.scope().index().sortKey(), DealKeys.dealSortKey(dealId));
    }

    /**
     * Chooses the bucket for a deal of {@code day}: the newest bucket not after that day (a backfill goes back
     * into history). Opens a new bucket when the newest is full and the day is later than anything in it.
     * The conditions make concurrent placements retry rather than break the order. Null when the scope does
     * not exist (a brand or category never created).
     */
    Placement place(Scope scope, String day) {
        QueryResponse head = table.client().query(QueryRequest.builder()
                .tableName(table.name())
                .keyConditionExpression("PK = :pk AND SK <= :sk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(DealKeys.timelinePk(scope.key())),
                        ":sk", AttributeValue.fromS(DealKeys.bucketSk(day))))
                .scanIndexForward(false)
                .limit(1)
                .consistentRead(true)
                .build());
        if (!head.hasItems() || head.items().isEmpty()) {
            if (!scope.key().equals(DealKeys.scopeAll())) {
                return null;
            }
            // The overall list starts with the first deal ever made.
            return new Placement(scope, GENESIS, List.of(TransactWriteItem.builder().put(Put.builder()
                    .tableName(table.name()).item(genesisItem(scope, 1, day))
                    .conditionExpression("attribute_not_exists(PK)").build()).build()));
        }
        Bucket b = Bucket.of(head.items().get(0));
        Map<String, AttributeValue> bucketKey = DealKeys.bucket(scope.key(), b.id());
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":day", AttributeValue.fromS(day));
        if (b.successor() == null && b.count() >= capacity && b.newestDay() != null && b.newestDay().compareTo(day) < 0) {
            values.put(":cap", AttributeValue.fromN(Integer.toString(capacity)));
            TransactWriteItem open = TransactWriteItem.builder().put(Put.builder().tableName(table.name())
                    .item(bucketItem(scope, day, b.id(), 1, day))
                    .conditionExpression("attribute_not_exists(PK)").build()).build();
            TransactWriteItem seal = TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                    .key(bucketKey)
                    .updateExpression("SET successor = :day")
                    .conditionExpression("attribute_not_exists(successor) AND newestDay < :day AND #count >= :cap")
                    .expressionAttributeNames(Map.of("#count", "count"))
                    .expressionAttributeValues(values).build()).build();
            return new Placement(scope, day, List.of(open, seal));
        }
        values.put(":one", AttributeValue.fromN("1"));
        boolean newer = b.newestDay() == null || b.newestDay().compareTo(day) < 0;
        // The bucket must still be there: a brand or category deleted since the head was read has none.
        String condition = "attribute_exists(PK) AND (attribute_not_exists(successor) OR successor > :day)"
                + (newer ? " AND (attribute_not_exists(newestDay) OR newestDay <= :day)" : "");
        TransactWriteItem join = TransactWriteItem.builder().update(Update.builder().tableName(table.name())
                .key(bucketKey)
                .updateExpression("ADD #count :one" + (newer ? " SET newestDay = :day" : ""))
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#count", "count"))
                .expressionAttributeValues(values).build()).build();
        return new Placement(scope, b.id(), List.of(join));
    }

    /**
     * One page, newest first. At most 3 requests: the head (first page only), the rest of the current bucket,
     * and the previous bucket, which being sealed holds at least {@code capacity >= limit} deals.
     */
    Page<Deal> page(Scope scope, int limit, String cursor) {
        Placed page = placedPage(scope, limit, cursor);
        return new Page<>(page.deals(), page.nextCursor());
    }

    /** A page with the bucket each of its deals sits in (same order), for a cursor after any one of them. */
    private record Placed(List<Deal> deals, List<String> buckets, String nextCursor) {
    }

    private Placed placedPage(Scope scope, int limit, String cursor) {
        if (limit < 1 || limit > capacity) {
            throw DomainException.invalid("limit", "limit must be an integer from 1 to " + capacity);
        }
        String bucket;
        String after = null;
        Bucket head = null;
        if (cursor == null) {
            QueryResponse newest = table.client().query(QueryRequest.builder()
                    .tableName(table.name())
                    .keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(DealKeys.timelinePk(scope.key()))))
                    .scanIndexForward(false)
                    .limit(1)
                    .build());
            if (!newest.hasItems() || newest.items().isEmpty()) {
                if (scope.key().equals(DealKeys.scopeAll())) {
                    return new Placed(List.of(), List.of(), null);
                }
                throw DomainException.notFound("not found");
            }
            head = Bucket.of(newest.items().get(0));
            bucket = head.id();
        } else {
            List<String> position = table.cursors().decode(scope.key(), cursor, 2);
            bucket = position.get(0);
            after = position.get(1).isEmpty() ? null : position.get(1);
            if (!isBucketId(bucket) || (after != null && !Ids.isValid(after))) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
        }
        List<Deal> out = new ArrayList<>(limit);
        List<String> buckets = new ArrayList<>(limit);
        // The capacity rule bounds this loop at 2 buckets; the guard only stops a corrupted chain.
        for (int hops = 0; hops < 8; hops++) {
            int need = limit - out.size();
            QueryResponse q = queryBucket(scope, bucket, after, need + 1);
            List<Deal> deals = new ArrayList<>();
            Bucket marker = null;
            for (Map<String, AttributeValue> item : q.items()) {
                if (DealKeys.DEAL_BUCKET.equals(new ItemReader(item).type())) {
                    marker = Bucket.of(item);
                } else {
                    deals.add(DealCodec.read(item));
                }
            }
            if (deals.size() > need) {
                out.addAll(deals.subList(0, need));
                buckets.addAll(java.util.Collections.nCopies(need, bucket));
                return new Placed(out, buckets, cursorAt(scope, bucket, out.get(out.size() - 1).id()));
            }
            out.addAll(deals);
            buckets.addAll(java.util.Collections.nCopies(deals.size(), bucket));
            if (marker == null) {
                if (q.hasLastEvaluatedKey() && !q.lastEvaluatedKey().isEmpty() && !deals.isEmpty()) {
                    after = deals.get(deals.size() - 1).id(); // 1 MB page limit: continue in the same bucket
                    continue;
                }
                if (head != null && bucket.equals(head.id())) {
                    // A bucket opened moments ago whose marker the index has not caught up with (a GSI is eventually
                    // consistent): the table's copy of the marker, read as the head, says where the list goes on. Only
                    // the newest deals are left out, as any read within the index's lag leaves them out. Without this,
                    // a first page read inside the index's lag failed as if its own cursor were bad.
                    marker = head;
                } else if (bucketExists(scope, bucket)) {
                    // A bucket the list holds whose marker this read of the index does not show: one GSI read may see
                    // less than the read before it, whose page made this cursor. Going on to the previous bucket would
                    // skip, mid-list, the deals of this one it does not see, and a 400 would tell the client to drop a
                    // good cursor: a retry (503, Retry-After; a stream record's redelivery) reads the index again.
                    throw DomainException.unavailable("this list is catching up with a recent change; try again");
                } else {
                    throw DomainException.invalid("cursor", "cursor is not valid for this list");
                }
            }
            if (marker.previous() == null) {
                return new Placed(out, buckets, null);
            }
            if (out.size() == limit) {
                return new Placed(out, buckets, cursorAt(scope, marker.previous(), ""));
            }
            bucket = marker.previous();
            after = null;
        }
        throw new IllegalStateException("deal timeline " + scope.key() + " is longer than its capacity allows");
    }

    /**
     * The first page of all deals as the deal items say it is, for the cached front page, which is rebuilt by the
     * very stream records that precede the index: a new deal's rebuild reads an index that may not list it yet, and
     * nothing rebuilds the page after the last one, so it would stay missing; a taken-down deal may still be listed
     * a moment after its own rebuild left it out; a corrected one may still be listed with its old text. So the
     * index's page is checked against what the rebuild knows: the deals the cached copy showed ({@code shown}) and
     * the deals recent changes touched ({@code touched}). Every deal on which they disagree (listed but not shown,
     * shown but not listed, listed and shown with different content, touched), and which could be on the page, is
     * read from the table, strongly consistent (one BatchGetItem per 100): a live one takes its place by id with its
     * current content, a gone one leaves, and a page left short by one that left reads on in the index. Where the
     * index and the copy agree nothing is read, so a rebuild with nothing in flight costs what it did (the first
     * rebuild, with no copy yet, reads the whole page once). The cursor continues after the page's last deal.
     */
    Page<Deal> frontPage(int limit, List<Deal> shown, java.util.Collection<String> touched) {
        Scope scope = Scope.all();
        Placed indexed = placedPage(scope, limit, null);
        Map<String, Deal> listed = new HashMap<>();
        indexed.deals().forEach(d -> listed.put(d.id(), d));
        Map<String, Deal> before = new HashMap<>();
        shown.forEach(d -> before.put(d.id(), d));
        String oldestListed = indexed.deals().isEmpty() ? null : indexed.deals().get(indexed.deals().size() - 1).id();
        // A deal older than a full page's last cannot be on the page; the page's own deals and newer ones can.
        java.util.function.Predicate<String> couldShow = id -> indexed.deals().size() < limit || id.compareTo(oldestListed) > 0;
        java.util.Set<String> suspects = new java.util.LinkedHashSet<>();
        for (String id : touched) {
            if (listed.containsKey(id) || couldShow.test(id)) {
                suspects.add(id);
            }
        }
        for (Deal d : indexed.deals()) {
            if (!DealCodec.cachedAs(d, before.get(d.id()))) {
                suspects.add(d.id()); // not shown before, or shown with other content: which is current?
            }
        }
        for (Deal d : shown) {
            if (!listed.containsKey(d.id()) && couldShow.test(d.id())) {
                suspects.add(d.id());
            }
        }
        if (suspects.isEmpty()) {
            return new Page<>(indexed.deals(), indexed.nextCursor());
        }
        Map<String, Map<String, AttributeValue>> read = readDeals(suspects);
        // The index's order, each suspect confirmed or dropped, then the live ones it did not list, merged in by id.
        List<Deal> deals = new ArrayList<>();
        List<String> buckets = new ArrayList<>();
        for (int i = 0; i < indexed.deals().size(); i++) {
            Deal d = indexed.deals().get(i);
            if (!suspects.contains(d.id())) {
                deals.add(d);
                buckets.add(indexed.buckets().get(i));
            } else if (DealCodec.isLiveDeal(read.get(d.id()))) {
                deals.add(DealCodec.read(read.get(d.id())));
                buckets.add(indexed.buckets().get(i));
            }
        }
        List<String> unlisted = new ArrayList<>();
        for (String id : suspects) {
            if (!listed.containsKey(id) && DealCodec.isLiveDeal(read.get(id)) && bucketOf(read.get(id)) != null) {
                unlisted.add(id);
            }
        }
        unlisted.sort(java.util.Comparator.reverseOrder());
        for (String id : unlisted) {
            int at = 0;
            while (at < deals.size() && deals.get(at).id().compareTo(id) > 0) {
                at++;
            }
            deals.add(at, DealCodec.read(read.get(id)));
            buckets.add(at, bucketOf(read.get(id)));
        }
        if (deals.size() > limit) {
            String last = deals.get(limit - 1).id();
            String cursor = last.equals(oldestListed) ? indexed.nextCursor() : cursorAt(scope, buckets.get(limit - 1), last);
            return new Page<>(new ArrayList<>(deals.subList(0, limit)), cursor);
        }
        if (deals.size() == limit || indexed.nextCursor() == null) {
            return new Page<>(deals, indexed.nextCursor());
        }
        // Short (a listed deal was gone) while the list goes on: read on after the index's page, as a page would.
        Placed more = placedPage(scope, limit - deals.size(), indexed.nextCursor());
        java.util.Set<String> check = new java.util.LinkedHashSet<>();
        more.deals().forEach(d -> {
            if (touched.contains(d.id())) {
                check.add(d.id());
            }
        });
        Map<String, Map<String, AttributeValue>> confirmed = check.isEmpty() ? Map.of() : readDeals(check);
        for (Deal d : more.deals()) {
            if (!check.contains(d.id())) {
                deals.add(d);
            } else if (DealCodec.isLiveDeal(confirmed.get(d.id()))) {
                deals.add(DealCodec.read(confirmed.get(d.id())));
            }
        }
        return new Page<>(deals, more.nextCursor());
    }

    /** Deal items by id, strongly consistent, 100 to a BatchGetItem. */
    private Map<String, Map<String, AttributeValue>> readDeals(java.util.Collection<String> ids) {
        Map<String, Map<String, AttributeValue>> read = new HashMap<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        ids.forEach(id -> keys.add(DealKeys.deal(id)));
        for (Map<String, AttributeValue> item : TableReads.batchGetConsistent(table, keys)) {
            read.put(new ItemReader(item).string("id"), item);
        }
        return read;
    }

    /** The bucket a live deal item sits in on the list of all deals, from its index key; null when it has none. */
    private static String bucketOf(Map<String, AttributeValue> item) {
        AttributeValue pk = item.get(TableDefinition.GSI1.partitionKey());
        String prefix = DealKeys.bucketPartition(DealKeys.scopeAll(), "");
        return pk == null || pk.s() == null || !pk.s().startsWith(prefix) ? null : pk.s().substring(prefix.length());
    }

    private QueryResponse queryBucket(Scope scope, String bucket, String afterDealId, int limit) {
        Index index = scope.index();
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":pk", AttributeValue.fromS(DealKeys.bucketPartition(scope.key(), bucket)));
        String condition = "#pk = :pk";
        if (afterDealId != null) {
            values.put(":after", AttributeValue.fromS(DealKeys.dealSortKey(afterDealId)));
            condition += " AND #sk < :after";
        }
        Map<String, String> names = new HashMap<>();
        names.put("#pk", index.partitionKey());
        if (afterDealId != null) {
            names.put("#sk", index.sortKey());
        }
        return table.client().query(QueryRequest.builder()
                .tableName(table.name())
                .indexName(index.name())
                .keyConditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .scanIndexForward(false)
                .limit(limit)
                .build());
    }

    /** Whether the table holds this bucket of the scope (its marker, read strongly consistent). */
    private boolean bucketExists(Scope scope, String bucket) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(DealKeys.bucket(scope.key(), bucket)).consistentRead(true).projectionExpression("PK").build()).item();
        return item != null && !item.isEmpty();
    }

    private String cursorAt(Scope scope, String bucket, String lastDealId) {
        return table.cursors().encode(scope.key(), List.of(bucket, lastDealId));
    }

    private static boolean isBucketId(String s) {
        return s.matches("\\d{4}-\\d{2}-\\d{2}");
    }
}
