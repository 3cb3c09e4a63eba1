package com.bigtimedeals.deals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import com.bigtimedeals.platform.BatchWrites;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Words;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The deal side of the word index (access pattern: search deals by the words of their titles). For every word of a
 * live deal's title that a search could ask for ({@link Words#indexable}), one small item in the word's partition,
 * {@code WORD#<word>} / {@code DEAL#<dealId>}, carrying the title's whole word set, so a search for several words
 * reads one word's partition and keeps the deals that hold the others. The stream consumer keeps it current: a new
 * deal's words are written, a corrected title's words replaced, a taken-down deal's words removed. Every write is
 * a put or delete of a whole item, so a replayed record writes the same items again and changes nothing.
 */
public final class WordIndex {
    /** Entries one query of a search for several words looks at (about 200 bytes each: about 40 KB, 5 read units). */
    static final int LOOK_AHEAD = 200;
    /** A first look that finds too few matches looks once more; with the deals' read, 3 requests a page. */
    private static final int LOOKS = 2;
    /** How far back an alert's keywords are counted to find the rarest ({@link #recentDeals}). */
    static final Duration RARITY_WINDOW = Duration.ofDays(30);
    static final int RARITY_CAP = 100;

    private final Table table;

    public WordIndex(Table table) {
        this.table = table;
    }

    /** Writes a new deal's words (1 BatchWriteItem per 25 words); returns how many. */
    public int index(String dealId, SortedSet<String> words) {
        List<WriteRequest> puts = new ArrayList<>(words.size());
        for (String word : words) {
            puts.add(put(dealId, word, words));
        }
        write(puts);
        return puts.size();
    }

    /**
     * A corrected title: its words' entries replaced (each carries the whole word set, which changed), the words it
     * lost removed. Nothing when the words are the same, as for a correction of the price alone.
     */
    public void reindex(String dealId, SortedSet<String> before, SortedSet<String> after) {
        if (before.equals(after)) {
            return;
        }
        List<WriteRequest> writes = new ArrayList<>();
        for (String word : after) {
            writes.add(put(dealId, word, after));
        }
        for (String word : before) {
            if (!after.contains(word)) {
                writes.add(delete(dealId, word));
            }
        }
        write(writes);
    }

    /** A taken-down deal leaves every word's partition. Deleting twice is harmless. */
    public void remove(String dealId, Collection<String> words) {
        List<WriteRequest> deletes = new ArrayList<>(words.size());
        for (String word : words) {
            deletes.add(delete(dealId, word));
        }
        write(deletes);
    }

    private WriteRequest put(String dealId, String word, SortedSet<String> words) {
        Map<String, AttributeValue> item = new ItemWriter(DealKeys.wordDeal(word, dealId), DealKeys.DEAL_WORD)
                .string("dealId", dealId)
                .value("words", AttributeValue.fromSs(List.copyOf(words)))
                .build();
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }

    private static WriteRequest delete(String dealId, String word) {
        return WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(DealKeys.wordDeal(word, dealId)).build()).build();
    }

    private void write(List<WriteRequest> writes) {
        for (int from = 0; from < writes.size(); from += BatchWrites.MAX_ITEMS) {
            BatchWrites.write(table, writes.subList(from, Math.min(writes.size(), from + BatchWrites.MAX_ITEMS)));
        }
    }

    /**
     * One page of the deals whose title holds every one of {@code words}, newest first: at most 3 requests. One
     * word's partition is read (the {@link #anchor}) from the cursor, newest first, and the entries holding the other
     * words kept; a search for one word keeps them all and reads {@code limit + 1}. A search for several words looks
     * at up to {@link #LOOK_AHEAD} entries, and once more if that found fewer than {@code limit + 1}; then the deals
     * themselves are read, 1 BatchGetItem, so an answer is the deal as it is now (a taken-down deal is dropped, as is
     * one whose title lost a word since its entry was written). So a page may hold fewer than {@code limit} deals
     * while more follow; its cursor then stands after the last entry looked at, and every match is returned once.
     */
    public Page<Deal> search(List<String> words, int limit, String cursor) {
        if (limit < 1 || limit > DealStore.MAX_PAGE) {
            throw DomainException.invalid("limit", "limit must be an integer from 1 to " + DealStore.MAX_PAGE);
        }
        String anchor = anchor(words);
        Set<String> others = new HashSet<>(words);
        others.remove(anchor);
        String scope = scope(words);
        String from = null;
        if (cursor != null) {
            from = table.cursors().decode(scope, cursor, 1).get(0);
            if (!Ids.isValid(from)) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
        }
        int look = others.isEmpty() ? limit + 1 : Math.max(limit + 1, LOOK_AHEAD);
        List<String> matched = new ArrayList<>();
        String lastSeen = from;
        boolean more = true;
        for (int n = 0; n < LOOKS && more && matched.size() <= limit; n++) {
            QueryResponse r = entries(anchor, lastSeen, look);
            for (Map<String, AttributeValue> item : r.items()) {
                ItemReader entry = new ItemReader(item);
                String dealId = entry.string("dealId");
                if (dealId.equals(lastSeen)) {
                    continue; // the range is inclusive of the entry the last look ended on
                }
                lastSeen = dealId;
                AttributeValue held = item.get("words");
                if (held != null && held.hasSs() && held.ss().containsAll(others)) {
                    matched.add(dealId);
                    if (matched.size() > limit) {
                        break;
                    }
                }
            }
            more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        }
        String next;
        if (matched.size() > limit) {
            matched = matched.subList(0, limit);
            next = matched.get(limit - 1);
        } else {
            next = more ? lastSeen : null;
        }
        return new Page<>(deals(matched, words), next == null ? null : table.cursors().encode(scope, List.of(next)));
    }

    /**
     * The word whose partition a search reads: the longest, then the first in code-point order. Longer words are
     * rarer in titles (a 2- or 3-letter word is as often as not "tv", "for" or "and"), and knowing the true counts
     * would cost a request a page that the budget of 3 does not have. A poor choice costs pages, never more than
     * {@link #LOOKS} looks a page.
     */
    public static String anchor(List<String> words) {
        String best = null;
        for (String w : words) {
            int n = w.codePointCount(0, w.length());
            int b = best == null ? -1 : best.codePointCount(0, best.length());
            if (n > b || (n == b && w.compareTo(best) < 0)) {
                best = w;
            }
        }
        return best;
    }

    /** A word's deal entries newest first, up to {@code fromDealId} included (a look resumes where the last ended). */
    private QueryResponse entries(String word, String fromDealId, int look) {
        boolean resuming = fromDealId != null;
        return table.client().query(QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND SK BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(DealKeys.wordPk(word)),
                        ":lo", AttributeValue.fromS(DealKeys.dealSortKey("")),
                        ":hi", AttributeValue.fromS(DealKeys.dealSortKey(resuming ? fromDealId : Ids.LARGEST))))
                .scanIndexForward(false)
                .limit(resuming ? look + 1 : look)
                .build());
    }

    /** The matched deals as they are now, in the order matched: 1 BatchGetItem (a page is at most 100). */
    private List<Deal> deals(List<String> ids, List<String> words) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<Map<String, AttributeValue>> keys = new ArrayList<>(ids.size());
        ids.forEach(id -> keys.add(DealKeys.deal(id)));
        Map<String, Deal> byId = new HashMap<>();
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys).build())) {
            if (DealCodec.isLiveDeal(item)) {
                Deal d = DealCodec.read(item);
                if (Words.indexable(d.title()).containsAll(words)) {
                    byId.put(d.id(), d);
                }
            }
        }
        List<Deal> deals = new ArrayList<>(byId.size());
        for (String id : ids) {
            if (byId.containsKey(id)) {
                deals.add(byId.get(id));
            }
        }
        return deals;
    }

    /** A cursor is bound to its words (in any order), by a digest: five words of 30 letters would not fit in one. */
    private static String scope(List<String> words) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(String.join(" ", new TreeSet<>(words)).getBytes(StandardCharsets.UTF_8));
            return "SEARCH#" + Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(digest, 12));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }

    /**
     * How many deals of the last {@link #RARITY_WINDOW} hold {@code word}, counted up to {@link #RARITY_CAP}: 1 Query
     * with {@code Select COUNT}, at most about 5 read units. What filing an alert under its rarest keyword reads.
     */
    public int recentDeals(String word) {
        String since = Ids.smallestAt(table.clock().instant().minus(RARITY_WINDOW));
        return table.client().query(QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND SK BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(DealKeys.wordPk(word)),
                        ":lo", AttributeValue.fromS(DealKeys.dealSortKey(since)),
                        ":hi", AttributeValue.fromS(DealKeys.dealSortKey(Ids.LARGEST))))
                .select(Select.COUNT)
                .limit(RARITY_CAP)
                .build()).count();
    }
}
