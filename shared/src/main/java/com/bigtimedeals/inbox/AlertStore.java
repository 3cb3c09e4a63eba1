package com.bigtimedeals.inbox;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;

import com.bigtimedeals.accounts.AccountDeletion;
import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.accounts.Recipients;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Slug;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Deal alerts (docs/data-model.md, "Words: search and deal alerts"). An alert lives under its user
 * ({@code ALERTS#<user>}, beside the user's alert count and the tombstones of deleted alerts) and is filed once in
 * the word index, under its rarest keyword: a new deal then finds every alert it can match by reading, for each
 * distinct word of its title, that word's alerts, never a pass over all alerts. A word's alerts spread over one
 * more partition per {@link #PER_SHARD} alerts, as its head item records.
 */
public final class AlertStore {
    /** The contract's limit of alerts per user, held by the count item under concurrent creates. */
    public static final int MAX_PER_USER = 20;
    /** Alerts a word partition holds before the word opens another shard: about 250 KB, one query page. */
    static final int PER_SHARD = 1_000;
    /** On a word's head: how many of its alerts have a {@code minTemperature} (a crossing skips a word with none). */
    static final String HEAT_COUNT = "heat";
    static final String EXCLUDE_WORDS = "excludeWords";
    static final String MIN_TEMPERATURE = "minTemperature";

    private final Table table;
    private final WordIndex words;
    private final int perShard;

    public AlertStore(Table table) {
        this(table, PER_SHARD);
    }

    /** Fewer alerts a shard let a test spread a word over many shards with few alerts. */
    public AlertStore(Table table, int perShard) {
        this.table = table;
        this.words = new WordIndex(table);
        this.perShard = perShard;
    }

    /**
     * POST /me/alerts. A brand or category that does not exist is NOT_FOUND; a 21st alert is INVALID. One
     * transaction, retried on a conflict: the count (conditioned on being under the limit, so concurrent creates
     * cannot pass it together), the alert, its index entry, and the word's head (count, and the shards it spreads
     * over, which only ever grow so that no entry is left in a shard nobody reads).
     */
    public Alert create(String username, NewAlert draft) {
        requireOwners(draft);
        String word = rarest(draft.keywords());
        // The id from the untruncated moment: alerts created in one second still list newest first (Ids).
        Instant at = table.clock().instant();
        Alert alert = new Alert(Ids.alertId(at), draft, at.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        for (int attempt = 1; ; attempt++) {
            Head head = head(word);
            int shards = Math.max(head.shards(), (int) (head.count() / perShard) + 1);
            int shard = Math.floorMod(alert.id().hashCode(), shards);
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                        update(InboxKeys.alertCount(username), InboxKeys.ALERT_COUNT, 1, "attribute_not_exists(#n) OR #n < :max",
                                Map.of(":max", AttributeValue.fromN(Integer.toString(MAX_PER_USER)))),
                        put(alertItem(username, alert, word, shard)),
                        put(entry(username, alert, word, shard)),
                        TransactWriteItem.builder().update(Update.builder().tableName(table.name()).key(InboxKeys.alertWord(word))
                                .updateExpression("SET #t = :type, shards = :shards ADD #n :one"
                                        + (alert.minTemperature() == null ? "" : ", " + HEAT_COUNT + " :one"))
                                .conditionExpression("attribute_not_exists(shards) OR shards <= :shards")
                                .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "count"))
                                .expressionAttributeValues(Map.of(":type", AttributeValue.fromS(InboxKeys.ALERT_WORD),
                                        ":shards", AttributeValue.fromN(Integer.toString(shards)),
                                        ":one", AttributeValue.fromN("1"))).build()).build()).build());
                return alert;
            } catch (TransactionCanceledException e) {
                if (Transactions.conditionFailed(e, 0)) {
                    throw DomainException.invalid(null, "a user has at most " + MAX_PER_USER + " alerts: delete one first");
                }
                // Another create spread the word over more shards meanwhile: read its head again and place anew.
                if (!Transactions.conditionFailed(e, 3) && !Transactions.retryable(e, attempt)) {
                    if (Contention.cancelledBy(e)) {
                        throw DomainException.unavailable("too many alerts are being made at once; try again");
                    }
                    throw e;
                }
            }
        }
    }

    /** GET /me/alerts: 1 Query of the user's partition, newest first, consistent (exact right after a change). */
    public List<Alert> list(String username) {
        QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND begins_with(SK, :alert)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(InboxKeys.alertsPk(username)),
                        ":alert", AttributeValue.fromS(InboxKeys.alertSk(""))))
                .scanIndexForward(false).consistentRead(true).build());
        List<Alert> alerts = new ArrayList<>(r.items().size());
        r.items().forEach(item -> alerts.add(read(new ItemReader(item))));
        return alerts;
    }

    /**
     * DELETE /me/alerts/{alertId}: 1 BatchGetItem (the alert and its tombstone) + 1 transaction that removes the alert
     * and its index entry, leaves a tombstone and counts both down. A repeat finds the tombstone and succeeds again;
     * an id that never was the caller's alert is NOT_FOUND. From the transaction on, no new deal matches the alert.
     */
    public void delete(String username, String alertId) {
        List<Map<String, AttributeValue>> found = TableReads.batchGet(table, KeysAndAttributes.builder()
                .keys(InboxKeys.alert(username, alertId), InboxKeys.deletedAlert(username, alertId)).consistentRead(true).build());
        ItemReader alert = null;
        boolean tombstone = false;
        for (Map<String, AttributeValue> item : found) {
            ItemReader r = new ItemReader(item);
            alert = InboxKeys.ALERT.equals(r.type()) ? r : alert;
            tombstone |= InboxKeys.DELETED_ALERT.equals(r.type());
        }
        if (alert == null) {
            if (tombstone) {
                return;
            }
            throw DomainException.notFound("alert not found");
        }
        Map<String, AttributeValue> dead = new ItemWriter(InboxKeys.deletedAlert(username, alertId), InboxKeys.DELETED_ALERT)
                .string("id", alertId).instant("createdAt", alert.instant("createdAt"))
                .instant("deletedAt", table.clock().instant()).build();
        remove(username, alert, put(dead));
    }

    /**
     * Removes an alert, its index entry and its counts in one transaction, with {@code also} (its tombstone) when
     * given. The alert must still exist: a concurrent delete that got there first leaves nothing to do.
     */
    private void remove(String username, ItemReader alert, TransactWriteItem also) {
        String alertId = alert.string("id");
        String word = alert.string("word");
        Integer heat = alert.has(MIN_TEMPERATURE) ? (int) alert.number(MIN_TEMPERATURE) : null;
        TransactWriteItem head = update(InboxKeys.alertWord(word), InboxKeys.ALERT_WORD, -1, null, Map.of());
        if (heat != null) {
            head = TransactWriteItem.builder().update(head.update().toBuilder()
                    .updateExpression(head.update().updateExpression() + ", " + HEAT_COUNT + " :d").build()).build();
        }
        List<TransactWriteItem> writes = new ArrayList<>(List.of(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.name()).key(InboxKeys.alert(username, alertId))
                        .conditionExpression("attribute_exists(PK)").build()).build(),
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.name())
                        .key(entryKey(word, (int) alert.number("shard"), alertId, heat)).build()).build(),
                head,
                update(InboxKeys.alertCount(username), InboxKeys.ALERT_COUNT, -1, null, Map.of())));
        if (also != null) {
            writes.add(also);
        }
        Transactions.removing(table.client(), writes, "the alert");
    }

    /**
     * One page of the users whose alerts a new deal matches, from {@code position} (null: the start): the alerts
     * filed under each distinct word of the title ({@code titleWords}), word after word, shard after shard, up to
     * {@code pageSize} alerts read. A word no alert is filed under costs one query that reads nothing. Reads are
     * strongly consistent, so an alert deleted before the page matches nothing. A user with several matching alerts
     * may be named more than once: the delivery writes one message per user and deal however often it is named.
     */
    public Recipients matching(Deal deal, NavigableSet<String> titleWords, String position, int pageSize) {
        MatchPosition at = position == null ? MatchPosition.first(titleWords) : MatchPosition.parse(position);
        List<String> users = new ArrayList<>();
        int read = 0;
        while (at != null && read < pageSize) {
            Map<String, AttributeValue> values = new java.util.HashMap<>();
            values.put(":pk", AttributeValue.fromS(InboxKeys.wordShardPk(at.word(), at.shard())));
            values.put(":alerts", AttributeValue.fromS(InboxKeys.ALERTS_PREFIX));
            QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :alerts)")
                    .expressionAttributeValues(values).consistentRead(true).limit(pageSize - read);
            if (at.after() != null) {
                q.exclusiveStartKey(Keys.key(InboxKeys.wordShardPk(at.word(), at.shard()), at.after()));
            }
            QueryResponse r = table.client().query(q.build());
            int shards = at.shards();
            for (Map<String, AttributeValue> item : r.items()) {
                ItemReader entry = new ItemReader(item);
                if (InboxKeys.ALERT_WORD.equals(entry.type())) {
                    shards = Math.max(shards, (int) entry.number("shards"));
                    continue;
                }
                read++;
                if (read(entry).matches(deal, titleWords)) {
                    users.add(entry.string("username"));
                }
            }
            boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
            at = more ? new MatchPosition(at.word(), at.shard(), shards, r.lastEvaluatedKey().get(Keys.SK).s())
                    : at.next(titleWords, shards);
        }
        return new Recipients(users, at == null ? null : at.encode());
    }

    /**
     * One step of an account deletion's alerts phase: up to {@code limit} items of the user's alert partition made
     * up to the deletion. An alert goes as a delete request would take it (index entry and counts with it), a
     * tombstone goes, the count goes once nothing is left to count. Safe to run twice: each removal needs its item.
     */
    public AccountStore.Cleared removeForDeletion(AccountDeletion d, int limit) {
        QueryResponse r = TableReads.page(table, InboxKeys.alertsPk(d.username()), d.after(), null, limit);
        int removed = 0;
        for (Map<String, AttributeValue> item : r.items()) {
            ItemReader i = new ItemReader(item);
            Instant made = i.instant("createdAt");
            if (made != null && made.isAfter(d.deletedAt())) {
                continue; // made by the user who signed up again
            }
            if (InboxKeys.ALERT.equals(i.type())) {
                remove(d.username(), i, null);
                removed++;
            } else if (InboxKeys.DELETED_ALERT.equals(i.type())) {
                Transactions.retrying(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
                        .key(Keys.key(item.get(Keys.PK).s(), item.get(Keys.SK).s())).build()));
            } else if (InboxKeys.ALERT_COUNT.equals(i.type())) {
                // Alerts of the account signed up again are counted here: the count stays.
                TableReads.deleteEmptyCount(table, InboxKeys.alertCount(d.username()));
            }
        }
        return new AccountStore.Cleared(TableReads.next(r), removed);
    }

    /** Where a new deal's matching stands: a word of its title, a shard of that word, the last entry read there. */
    record MatchPosition(String word, int shard, int shards, String after) {
        static MatchPosition first(NavigableSet<String> words) {
            return words.isEmpty() ? null : new MatchPosition(words.first(), 0, 1, null);
        }

        /** The next partition: the word's next shard, else the next word's own partition; null after the last. */
        MatchPosition next(NavigableSet<String> words, int shardsSeen) {
            if (shard + 1 < shardsSeen) {
                return new MatchPosition(word, shard + 1, shardsSeen, null);
            }
            String following = words.higher(word);
            return following == null ? null : new MatchPosition(following, 0, 1, null);
        }

        /** One string, for a walk's checkpoint: words hold no '#', and the last entry's sort key comes last. */
        String encode() {
            return word + "#" + shard + "#" + shards + "#" + (after == null ? "" : after);
        }

        static MatchPosition parse(String position) {
            String[] p = position.split("#", 4);
            return new MatchPosition(p[0], Integer.parseInt(p[1]), Integer.parseInt(p[2]), p[3].isEmpty() ? null : p[3]);
        }
    }

    /**
     * The keyword an alert is filed under: the one fewest deals of the last month hold (1 Query per keyword, counting
     * at most {@link WordIndex#RARITY_CAP}), so the alert is read for as few new deals as possible; ties go to the
     * longest, then the first in code-point order ({@link WordIndex#anchor}, the same choice search makes).
     */
    String rarest(List<String> keywords) {
        if (keywords.size() == 1) {
            return keywords.get(0);
        }
        List<String> fewest = new ArrayList<>();
        int least = Integer.MAX_VALUE;
        for (String keyword : keywords) {
            int n = words.recentDeals(keyword);
            if (n < least) {
                fewest.clear();
                least = n;
            }
            if (n == least) {
                fewest.add(keyword);
            }
        }
        return WordIndex.anchor(fewest);
    }

    private record Head(long count, int shards) {
    }

    private Head head(String word) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(InboxKeys.alertWord(word)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            return new Head(0, 1);
        }
        ItemReader r = new ItemReader(item);
        return new Head(r.number("count"), (int) Math.max(1, r.number("shards")));
    }

    /** A brand or category the alert names must exist: 1 BatchGetItem, only when it names any. */
    private void requireOwners(NewAlert draft) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(2);
        for (String[] owner : Arrays.asList(new String[] {draft.brandId(), "brand"}, new String[] {draft.categoryId(), "category"})) {
            if (owner[0] != null && !Slug.isValid(owner[0])) {
                throw DomainException.notFound(owner[1] + " not found");
            }
        }
        if (draft.brandId() != null) {
            keys.add(CatalogKeys.brand(draft.brandId()));
        }
        if (draft.categoryId() != null) {
            keys.add(CatalogKeys.category(draft.categoryId()));
        }
        if (keys.isEmpty()) {
            return;
        }
        List<String> found = new ArrayList<>();
        TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys).projectionExpression("#t")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE)).build()).forEach(i -> found.add(new ItemReader(i).type()));
        if (draft.brandId() != null && !found.contains(CatalogKeys.BRAND)) {
            throw DomainException.notFound("brand not found");
        }
        if (draft.categoryId() != null && !found.contains(CatalogKeys.CATEGORY)) {
            throw DomainException.notFound("category not found");
        }
    }

    private Map<String, AttributeValue> alertItem(String username, Alert a, String word, int shard) {
        return fields(new ItemWriter(InboxKeys.alert(username, a.id()), InboxKeys.ALERT), username, a)
                .instant("createdAt", a.createdAt()).string("word", word).number("shard", shard).build();
    }

    /**
     * The alert as filed in the word index: everything a match needs, so matching reads nothing else. An alert with
     * {@code minTemperature} is filed apart from the others, by its threshold ({@link InboxKeys#heatEntry}): a new deal's
     * matching never reads it, and a temperature crossing reads only the thresholds it passed.
     */
    private Map<String, AttributeValue> entry(String username, Alert a, String word, int shard) {
        return fields(new ItemWriter(entryKey(word, shard, a.id(), a.minTemperature()), InboxKeys.ALERT_ENTRY), username, a)
                .instant("createdAt", a.createdAt()).build();
    }

    private static Map<String, AttributeValue> entryKey(String word, int shard, String alertId, Integer minTemperature) {
        return minTemperature == null ? InboxKeys.alertEntry(word, shard, alertId) : InboxKeys.heatEntry(word, shard, minTemperature, alertId);
    }

    private static ItemWriter fields(ItemWriter w, String username, Alert a) {
        w.string("id", a.id()).string("username", username).string("keywords", a.keywordText())
                .decimal("maxPrice", a.maxPrice()).string("brandId", a.brandId()).string("categoryId", a.categoryId());
        if (!a.excludeWords().isEmpty()) {
            w.string(EXCLUDE_WORDS, a.excludeText());
        }
        if (a.minTemperature() != null) {
            w.number(MIN_TEMPERATURE, a.minTemperature());
        }
        return w;
    }

    private static Alert read(ItemReader r) {
        String exclude = r.string(EXCLUDE_WORDS);
        return new Alert(r.string("id"), List.of(r.string("keywords").split(" ")), r.decimal("maxPrice"), r.string("brandId"),
                r.string("categoryId"), exclude == null ? List.of() : List.of(exclude.split(" ")),
                r.has(MIN_TEMPERATURE) ? (int) r.number(MIN_TEMPERATURE) : null, r.instant("createdAt"));
    }

    /**
     * The users whose temperature alerts a deal's crossing concerns: the alerts filed under a word of its title with
     * a {@code minTemperature} above {@code fromExclusive} and at most {@code toInclusive}, whose other conditions
     * the deal meets. 1 BatchGetItem of the title words' heads (which say whether a word holds such alerts and over
     * how many shards), then for each word that does, 1 Query per shard of the threshold range only
     * ({@code SK BETWEEN HEAT#<from+1> AND HEAT#<to>~}): never a pass over the alerts that the crossing does not
     * concern. Strongly consistent: an alert deleted before matches nothing. {@code each} takes every page of users.
     */
    public int crossing(Deal deal, NavigableSet<String> titleWords, long fromExclusive, long toInclusive,
                        java.util.function.Consumer<List<String>> each) {
        long lo = Math.max(fromExclusive + 1, NewAlert.MIN_TEMPERATURE);
        long hi = Math.min(toInclusive, NewAlert.MAX_TEMPERATURE);
        if (lo > hi || titleWords.isEmpty()) {
            return 0;
        }
        List<Map<String, AttributeValue>> heads = new ArrayList<>();
        titleWords.forEach(w -> heads.add(InboxKeys.alertWord(w)));
        int matched = 0;
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(heads)
                .consistentRead(true).build())) {
            ItemReader head = new ItemReader(item);
            if (!head.has(HEAT_COUNT) || head.number(HEAT_COUNT) <= 0) {
                continue;
            }
            String word = item.get(Keys.PK).s().substring(DealKeys.wordPk("").length());
            int shards = (int) Math.max(1, head.number("shards"));
            for (int shard = 0; shard < shards; shard++) {
                Map<String, AttributeValue> start = null;
                do {
                    QueryRequest.Builder q = QueryRequest.builder().tableName(table.name())
                            .keyConditionExpression("PK = :pk AND SK BETWEEN :lo AND :hi")
                            .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(InboxKeys.wordShardPk(word, shard)),
                                    ":lo", AttributeValue.fromS(InboxKeys.heatSk((int) lo, "")),
                                    ":hi", AttributeValue.fromS(InboxKeys.heatSk((int) hi, "~"))))
                            .consistentRead(true);
                    if (start != null) {
                        q.exclusiveStartKey(start);
                    }
                    QueryResponse r = table.client().query(q.build());
                    List<String> users = new ArrayList<>();
                    for (Map<String, AttributeValue> e : r.items()) {
                        if (read(new ItemReader(e)).matches(deal, titleWords)) {
                            users.add(new ItemReader(e).string("username"));
                        }
                    }
                    matched += users.size();
                    if (!users.isEmpty()) {
                        each.accept(users);
                    }
                    start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                } while (start != null);
            }
        }
        return matched;
    }

    private TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    /** {@code ADD count delta} on a counting item, typed, with an optional condition. */
    private TransactWriteItem update(Map<String, AttributeValue> key, String type, int delta, String condition,
                                     Map<String, AttributeValue> conditionValues) {
        Map<String, AttributeValue> values = new java.util.HashMap<>(conditionValues);
        values.put(":d", AttributeValue.fromN(Integer.toString(delta)));
        values.put(":type", AttributeValue.fromS(type));
        Update.Builder u = Update.builder().tableName(table.name()).key(key).updateExpression("SET #t = :type ADD #n :d")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "count")).expressionAttributeValues(values);
        if (condition != null) {
            u.conditionExpression(condition);
        }
        return TransactWriteItem.builder().update(u.build()).build();
    }

}
