package com.bigtimedeals.deals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The hottest lists ({@code GET /hottest?window=day|week|month}, requirement 11): one small computed item per window,
 * like the front-page cache, read in 1 GetItem; never a ranking index rewritten on every vote.
 *
 * <p><b>Sources.</b> Per UTC day of deal creation, {@link #RANKING_PARTS} ranking items ({@code RANKING#<day>#<part>},
 * the part fixed by the deal's id) hold every counted deal of that day, one attribute each: its counts, version and
 * creation second. The stream's aggregation writes each deal's entry only over an older version ({@link #record}): one
 * UpdateItem per day and part per batch. An UpdateItem is billed for the whole item, so the parts keep each rewrite (and
 * each item, under DynamoDB's 400 KB) at a fraction of a day's deals: about 66 bytes a deal, so a part holds some
 * 6,000 deals and a day of {@code RANKING_PARTS} parts four times that. A rebuild reads the days a month window can
 * reach in two BatchGetItems, so the lists are exact however temperatures rise and fall.
 *
 * <p><b>Ageing.</b> A deal leaves a window by time alone, with no vote. Each list therefore holds the top
 * {@link HottestWindow#SIZE} of the deals that stay in the window for the next {@link #HORIZON}, plus the deals that age
 * out within it and could still rank (as many as outrank the 50th), and the read filters at the moment of the answer
 * ({@link HottestWindow#answer}): for that horizon the answer is exactly the top 50 of the deals in the window, with no
 * rebuild. The sweeper rebuilds the lists before the horizon runs out (every few minutes in AWS), so ageing never
 * waits for a vote.
 *
 * <p><b>Races.</b> A rebuild takes a version from a counter before it reads, and writes each list only over an older
 * version, as the front-page cache does: a rebuild that started later saw every change an earlier one was started for.
 */
public final class HottestLists {
    /** How long a rebuilt list stays exact with no rebuild at all. */
    public static final Duration HORIZON = Duration.ofHours(1);
    /** The sweeper rebuilds a list with less than this left of its horizon. */
    public static final Duration REBUILD_BEFORE = HORIZON.dividedBy(2);

    private final Table table;

    public HottestLists(Table table) {
        this.table = table;
    }

    private static String attribute(String dealId) {
        return "d" + dealId;
    }

    /** Ranking items per day of creation. Readers and writers must agree on it (a deal's part is fixed by its id). */
    static final int RANKING_PARTS = 4;

    /** The part of its day a deal's entry lives in: {@link String#hashCode} is the same in every JVM. */
    private static int part(String dealId) {
        return Math.floorMod(dealId.hashCode(), RANKING_PARTS);
    }

    private static Map<String, AttributeValue> ranking(Instant createdAt, String dealId) {
        return DealKeys.dealRanking(DealTimeline.utcDay(createdAt), part(dealId));
    }

    // ---- Sources: the ranking items ----

    /**
     * Records the counts of these deals in their days' ranking items, each entry only over an older version: one
     * UpdateItem per day and part, or one per entry when a replay or a parallel lane got to one of them first. Deals too
     * old for any window are not recorded.
     */
    public void record(Collection<Deal> counted) {
        Instant oldest = table.clock().instant().minus(HottestWindow.MONTH.length()).minus(HORIZON);
        Map<Map<String, AttributeValue>, List<Deal>> byItem = new LinkedHashMap<>();
        for (Deal d : counted) {
            if (d.createdAt().isAfter(oldest)) {
                byItem.computeIfAbsent(ranking(d.createdAt(), d.id()), k -> new ArrayList<>()).add(d);
            }
        }
        byItem.forEach((item, deals) -> {
            for (int from = 0; from < deals.size(); from += PER_UPDATE) {
                List<Deal> some = deals.subList(from, Math.min(deals.size(), from + PER_UPDATE));
                if (!recordAll(item, some)) {
                    some.forEach(d -> recordAll(item, List.of(d)));
                }
            }
        });
    }

    /** Entries per UpdateItem: each adds about 50 characters to the condition, which may have at most 4 KB. */
    private static final int PER_UPDATE = 40;

    private boolean recordAll(Map<String, AttributeValue> key, List<Deal> deals) {
        String day = DealTimeline.utcDay(deals.get(0).createdAt());
        StringBuilder set = new StringBuilder("SET #t = :type, #day = :day");
        StringBuilder condition = new StringBuilder();
        Map<String, String> names = new HashMap<>(Map.of("#t", Keys.TYPE, "#day", "day", "#v", "v"));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":type", AttributeValue.fromS(DealKeys.DEAL_RANKING),
                ":day", AttributeValue.fromS(day)));
        for (int i = 0; i < deals.size(); i++) {
            Deal d = deals.get(i);
            DealCounts c = d.counts();
            names.put("#e" + i, attribute(d.id()));
            values.put(":e" + i, AttributeValue.fromM(Map.of("h", n(c.hot()), "c", n(c.cold()), "m", n(c.comments()),
                    "v", n(c.version()), "at", n(d.createdAt().getEpochSecond()))));
            values.put(":v" + i, n(c.version()));
            set.append(", #e").append(i).append(" = :e").append(i);
            condition.append(i == 0 ? "" : " AND ").append("(attribute_not_exists(#e").append(i).append(") OR #e").append(i)
                    .append(".#v < :v").append(i).append(')');
        }
        try {
            // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(key)
                    .updateExpression(set.toString()).conditionExpression(condition.toString())
                    .expressionAttributeNames(names).expressionAttributeValues(values).build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false; // one entry already newer: the others are written one by one
        }
    }

    /** A taken-down deal leaves the sources (the rebuild that follows drops it from the lists). Idempotent. */
    public void forget(String dealId, Instant createdAt) {
        try {
            // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(ranking(createdAt, dealId))
                    .updateExpression("REMOVE #e").conditionExpression("attribute_exists(PK)")
                    .expressionAttributeNames(Map.of("#e", attribute(dealId))).build()));
        } catch (ConditionalCheckFailedException e) {
            // No ranking item for that day: the deal was never counted.
        }
    }

    /** One deal's ranking entry, as read back from a ranking item. */
    private record Entry(String dealId, DealCounts counts, Instant createdAt) {
        long temperature() {
            return counts.temperature();
        }
    }

    private List<Entry> entries(Instant now) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        Instant from = now.minus(HottestWindow.MONTH.length()).minus(HORIZON);
        Set<String> days = new LinkedHashSet<>();
        for (Instant day = from; !day.isAfter(now.plus(Duration.ofDays(1))); day = day.plus(Duration.ofDays(1))) {
            days.add(DealTimeline.utcDay(day));
        }
        for (String day : days) {
            for (int part = 0; part < RANKING_PARTS; part++) {
                keys.add(DealKeys.dealRanking(day, part));
            }
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int at = 0; at < keys.size(); at += TableReads.MAX_BATCH_GET) {
            items.addAll(TableReads.batchGet(table, KeysAndAttributes.builder()
                    .keys(keys.subList(at, Math.min(keys.size(), at + TableReads.MAX_BATCH_GET))).consistentRead(true).build()));
        }
        List<Entry> entries = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            item.forEach((name, value) -> {
                if (name.startsWith("d") && value.hasM()) {
                    Map<String, AttributeValue> e = value.m();
                    entries.add(new Entry(name.substring(1), new DealCounts(num(e, "h"), num(e, "c"), num(e, "m"),
                            num(e, "v"), null), Instant.ofEpochSecond(num(e, "at"))));
                }
            });
        }
        return entries;
    }

    private static long num(Map<String, AttributeValue> m, String name) {
        AttributeValue v = m.get(name);
        return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
    }

    // ---- The lists ----

    /** A stored list: its deals (more than the answer, see the class comment) and until when it stays exact. */
    public record Stored(List<Deal> deals, Instant validUntil, long version) {
    }

    /** The answer of {@code GET /hottest}: 1 eventually consistent GetItem of the window's list, filtered at {@code now}. */
    public List<Deal> read(HottestWindow window, Instant now) {
        Stored stored = stored(window, false);
        return stored == null ? List.of() : window.answer(stored.deals(), now);
    }

    /** A window's list as stored; null before the first rebuild or in a payload format this code does not know. */
    public Stored stored(HottestWindow window, boolean consistent) {
        return stored(table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(DealKeys.hottest(window.wire())).consistentRead(consistent).build()).item());
    }

    private static Stored stored(Map<String, AttributeValue> item) {
        if (item == null || item.isEmpty() || new ItemReader(item).number(FrontPageCache.FORMAT) != DealCodec.FRONT_PAGE_FORMAT) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        return new Stored(DealCodec.decompressDeals(item.get("payload").b()), r.instant("validUntil"), r.number("version"));
    }

    /** All three lists in one eventually consistent BatchGetItem (a window with no list maps to null). */
    private Map<HottestWindow, Stored> storedAll() {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (HottestWindow w : HottestWindow.values()) {
            keys.add(DealKeys.hottest(w.wire()));
        }
        Map<HottestWindow, Stored> all = new EnumMap<>(HottestWindow.class);
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys).build())) {
            all.put(HottestWindow.parse(new ItemReader(item).string("window")), stored(item));
        }
        return all;
    }

    /**
     * Whether these newly counted deals can change any list: one is listed (its temperature or rank moves), or it is
     * in a window with a temperature above 0 and would enter a list that is not full or whose last deal it outranks.
     * Anything else (a vote on an old deal, a cold deal far down) leaves every list as it is.
     */
    public boolean affectedBy(Collection<Deal> counted, Instant now) {
        Map<HottestWindow, Stored> all = storedAll();
        for (HottestWindow w : HottestWindow.values()) {
            Stored stored = all.get(w);
            List<Deal> listed = stored == null ? List.of() : stored.deals();
            Set<String> ids = new java.util.HashSet<>();
            listed.forEach(d -> ids.add(d.id()));
            Deal last = listed.size() < HottestWindow.SIZE ? null
                    : listed.stream().sorted(HottestWindow.ORDER).skip(HottestWindow.SIZE - 1L).findFirst().orElse(null);
            for (Deal d : counted) {
                if (ids.contains(d.id())) {
                    return true;
                }
                if (d.temperature() > 0 && w.holds(d.createdAt(), now)
                        && (last == null || HottestWindow.ORDER.compare(d, last) < 0)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a list runs out of its horizon soon (or was never built): the sweeper then rebuilds. */
    public boolean due() {
        Instant now = table.clock().instant();
        Map<HottestWindow, Stored> all = storedAll();
        for (HottestWindow w : HottestWindow.values()) {
            Stored stored = all.get(w);
            if (stored == null || stored.validUntil() == null || stored.validUntil().minus(REBUILD_BEFORE).isBefore(now)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rebuilds the three lists from the ranking items (strongly consistent), with each deal's content read from its
     * item ({@code fresh} overrides it: a correction's own copy, which a read may not show yet). Counts are the newest of
     * the ranking entry and the copy. Returns how many lists were written (0 when newer rebuilds got there first).
     */
    public int rebuild(Map<String, Deal> fresh) {
        long version = nextVersion();
        Instant now = table.clock().instant();
        List<Entry> entries = entries(now);
        Map<HottestWindow, List<Entry>> chosen = new EnumMap<>(HottestWindow.class);
        Set<String> ids = new LinkedHashSet<>();
        for (HottestWindow w : HottestWindow.values()) {
            chosen.put(w, choose(w, entries, now));
            chosen.get(w).forEach(e -> ids.add(e.dealId()));
        }
        Map<String, Deal> deals = deals(ids, fresh);
        Map<String, Entry> byId = new HashMap<>();
        entries.forEach(e -> byId.put(e.dealId(), e));
        int written = 0;
        for (HottestWindow w : HottestWindow.values()) {
            List<Deal> list = new ArrayList<>();
            for (Entry e : chosen.get(w)) {
                Deal d = deals.get(e.dealId());
                if (d != null) {
                    list.add(d.withCounts(d.counts().newer(byId.get(e.dealId()).counts())));
                }
            }
            list.sort(HottestWindow.ORDER);
            written += write(w, list, version, now.plus(HORIZON));
        }
        return written;
    }

    /**
     * What a window's list keeps: the top {@link HottestWindow#SIZE} of the deals that stay in the window for the whole
     * horizon, and those that age out within it yet outrank the 50th of the others (they may be in an answer until
     * they age out; the rest never can be, since ageing only removes deals).
     */
    private static List<Entry> choose(HottestWindow w, List<Entry> entries, Instant now) {
        Comparator<Entry> order = Comparator.comparingLong(Entry::temperature).reversed()
                .thenComparing(Entry::createdAt, Comparator.reverseOrder())
                .thenComparing(Entry::dealId, Comparator.reverseOrder());
        Instant horizonEnd = now.plus(HORIZON);
        List<Entry> staying = new ArrayList<>();
        List<Entry> leaving = new ArrayList<>();
        for (Entry e : entries) {
            if (e.temperature() > 0 && w.holds(e.createdAt(), now)) {
                (w.holds(e.createdAt(), horizonEnd) ? staying : leaving).add(e);
            }
        }
        staying.sort(order);
        List<Entry> kept = new ArrayList<>(staying.subList(0, Math.min(HottestWindow.SIZE, staying.size())));
        Entry fiftieth = kept.size() < HottestWindow.SIZE ? null : kept.get(kept.size() - 1);
        for (Entry e : leaving) {
            if (fiftieth == null || order.compare(e, fiftieth) < 0) {
                kept.add(e);
            }
        }
        return kept;
    }

    /** The live deals among {@code ids}: strongly consistent BatchGetItems, taken-down ones left out. */
    private Map<String, Deal> deals(Set<String> ids, Map<String, Deal> fresh) {
        Map<String, Deal> deals = new LinkedHashMap<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (String id : ids) {
            if (fresh.containsKey(id)) {
                deals.put(id, fresh.get(id));
            } else {
                keys.add(DealKeys.deal(id));
            }
        }
        for (int from = 0; from < keys.size(); from += TableReads.MAX_BATCH_GET) {
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                    .keys(keys.subList(from, Math.min(keys.size(), from + TableReads.MAX_BATCH_GET)))
                    .consistentRead(true).build())) {
                if (DealCodec.isLiveDeal(item)) {
                    Deal d = DealCodec.read(item);
                    deals.put(d.id(), d);
                }
            }
        }
        return deals;
    }

    private int write(HottestWindow w, List<Deal> deals, long version, Instant validUntil) {
        Map<String, AttributeValue> item = new ItemWriter(DealKeys.hottest(w.wire()), DealKeys.HOTTEST_LIST)
                .string("window", w.wire())
                .number("version", version)
                .number(FrontPageCache.FORMAT, DealCodec.FRONT_PAGE_FORMAT)
                .instant("validUntil", validUntil)
                .value("payload", AttributeValue.fromB(DealCodec.compressDeals(deals)))
                .build();
        try {
            // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(version) OR version < :v")
                    .expressionAttributeValues(Map.of(":v", n(version))).build()));
            return 1;
        } catch (ConditionalCheckFailedException e) {
            return 0; // a newer rebuild already wrote this list
        }
    }

    /** Taken before a rebuild reads anything, so a higher version saw newer sources. */
    long nextVersion() {
        // Refused while a transaction holds the item, which wrote nothing: the same write again (Transactions.retrying).
        Map<String, AttributeValue> after = Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                .key(DealKeys.hottestVersion())
                .updateExpression("ADD version :one SET #t = :type")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE))
                .expressionAttributeValues(Map.of(":one", n(1), ":type", AttributeValue.fromS(DealKeys.HOTTEST_VERSION)))
                .returnValues(ReturnValue.UPDATED_NEW).build())).attributes();
        return Long.parseLong(after.get("version").n());
    }

    private static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
