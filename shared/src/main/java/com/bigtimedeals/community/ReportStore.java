package com.bigtimedeals.community;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealHistory;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Community reports and the moderation queue (docs/data-model.md, "Reports"). A user's report of a deal is one item,
 * created once. The deal's case item counts the open reports by reason and holds the round they belong to: dismissing
 * closes every open report at once by moving to the next round (nothing walks the reports), and takes the case out of
 * the queue, a sparse part of GSI1 sorted by the first open report's moment.
 */
public final class ReportStore {
    private static final String ROUND = "round";
    private static final String FIRST = "firstReportedAt";
    private static final String LAST = "lastReportedAt";

    private static final String COUNTED = "counted";

    private final Table table;
    private final java.time.Duration reporterMinAge;

    /**
     * {@code reporterMinAge}: how old a reporter's profile must be for their report to count toward community expiry
     * ({@link com.bigtimedeals.platform.Setting#REPORTER_MIN_AGE_S}).
     */
    public ReportStore(Table table, java.time.Duration reporterMinAge) {
        this.table = table;
        this.reporterMinAge = reporterMinAge;
    }

    /** For closing and reading reports (the stream's reactions), and for tests where every profile counts. */
    public ReportStore(Table table) {
        this(table, java.time.Duration.ZERO);
    }

    /**
     * The case attribute counting the open reports for one reason that do not count toward community expiry (their
     * reporter's profile was younger than the set age), e.g. {@code uncountedExpiredReports}; the queue shows both.
     */
    static String uncounted(ReportReason reason) {
        String c = counter(reason);
        return "uncounted" + Character.toUpperCase(c.charAt(0)) + c.substring(1);
    }

    /** The case attribute counting the open reports for one reason, e.g. {@code wrongPriceReports}. */
    static String counter(ReportReason reason) {
        String[] words = reason.wire().split("-");
        StringBuilder b = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            b.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return b.append("Reports").toString();
    }

    /** What {@link #report} did: the caller's report (the first one, unchanged), and whether this call made it. */
    public record Filed(Report report, boolean created) {
    }

    /**
     * Files the caller's report, once per user and deal: a repeat answers the first report, unchanged. 1 BatchGetItem
     * (deal, case, the caller's report) and 1 TransactWriteItems (the report, and the case's count for its reason,
     * conditioned on the round it read: a dismissal in between makes it read again). NOT_FOUND for an unknown or
     * taken-down deal; FORBIDDEN for a caller without a profile (the same BatchGetItem reads it). Only a report
     * whose reporter's profile has reached the set age adds to its reason's count; a younger one adds to the reason's
     * uncounted count, which the queue shows and community expiry ignores.
     */
    public Filed report(Report report) {
        for (int attempt = 1; ; attempt++) {
            Map<String, AttributeValue> deal = null;
            Map<String, AttributeValue> kase = null;
            Map<String, AttributeValue> mine = null;
            Map<String, AttributeValue> profile = null;
            for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder()
                    .keys(DealKeys.deal(report.dealId()), CommunityKeys.reportCase(report.dealId()), CommunityKeys.report(report.dealId(), report.username()),
                            AccountKeys.user(report.username()))
                    .consistentRead(true).build())) {
                String type = new ItemReader(item).type();
                if (DealKeys.DEAL.equals(type)) {
                    deal = item;
                } else if (CommunityKeys.REPORT_CASE.equals(type)) {
                    kase = item;
                } else if (CommunityKeys.REPORT.equals(type)) {
                    mine = item;
                } else if (AccountKeys.USER.equals(type)) {
                    profile = item;
                }
            }
            if (profile == null) {
                throw DomainException.forbidden("reporting needs a profile: create yours with POST /me first");
            }
            if (!DealCodec.isLiveDeal(deal)) {
                throw DomainException.notFound("deal not found");
            }
            if (mine != null) {
                return new Filed(read(mine), false);
            }
            Instant at = report.reportedAt().truncatedTo(ChronoUnit.SECONDS);
            long round = kase == null ? 0 : new ItemReader(kase).number(ROUND);
            Instant memberSince = new ItemReader(profile).instant("memberSince");
            boolean counted = memberSince == null || !memberSince.plus(reporterMinAge).isAfter(at);
            Report filed = new Report(report.dealId(), report.username(), report.reason(), report.note(), at, counted);
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().put(Put.builder().tableName(table.name())
                                .item(new ItemWriter(CommunityKeys.report(filed.dealId(), filed.username()), CommunityKeys.REPORT)
                                        .string("dealId", filed.dealId()).string("username", filed.username())
                                        .string("reason", filed.reason().wire()).string("note", filed.note())
                                        .instant("reportedAt", at).number(ROUND, round)
                                        .bool(COUNTED, counted).build())
                                .conditionExpression("attribute_not_exists(PK)").build()).build(),
                        TransactWriteItem.builder().update(count(filed, round, kase == null)).build()).build());
                return new Filed(filed, true);
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
                boolean mineRaced = !reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code());
                boolean roundMoved = reasons.size() > 1 && "ConditionalCheckFailed".equals(reasons.get(1).code());
                // Our own report made meanwhile (a double tap), or the case moved on (another report created it, a
                // dismissal): read again. A conflict with a concurrent report: back off and read again.
                if (!mineRaced && !roundMoved && !Transactions.retryable(e, attempt)) {
                    if (Contention.cancelledBy(e)) {
                        throw DomainException.unavailable("too many concurrent reports of this deal; try again");
                    }
                    throw e;
                }
                if (attempt >= Transactions.CONFLICT_ATTEMPTS) {
                    throw DomainException.unavailable("too many concurrent reports of this deal; try again");
                }
            }
        }
    }

    /** The case's update for one more open report: its reason's count, its times, and its place in the queue. */
    private Update count(Report r, long round, boolean newCase) {
        Map<String, String> names = new HashMap<>();
        names.put("#t", Keys.TYPE);
        names.put("#n", r.counted() ? counter(r.reason()) : uncounted(r.reason()));
        names.put("#round", ROUND);
        names.put("#first", FIRST);
        names.put("#last", LAST);
        names.put("#qpk", TableDefinition.GSI1.partitionKey());
        names.put("#qsk", TableDefinition.GSI1.sortKey());
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":type", AttributeValue.fromS(CommunityKeys.REPORT_CASE));
        values.put(":deal", AttributeValue.fromS(r.dealId()));
        values.put(":one", AttributeValue.fromN("1"));
        values.put(":round", AttributeValue.fromN(Long.toString(round)));
        values.put(":at", AttributeValue.fromS(r.reportedAt().toString()));
        values.put(":queue", AttributeValue.fromS(CommunityKeys.REPORT_QUEUE));
        values.put(":qsk", AttributeValue.fromS(CommunityKeys.reportQueueSk(r.reportedAt(), r.dealId())));
        return Update.builder().tableName(table.name()).key(CommunityKeys.reportCase(r.dealId()))
                .updateExpression("SET #t = :type, dealId = :deal, #round = :round, #first = if_not_exists(#first, :at), "
                        + "#last = :at, #qpk = :queue, #qsk = if_not_exists(#qsk, :qsk) ADD #n :one")
                .conditionExpression(newCase ? "attribute_not_exists(PK)" : "#round = :round")
                .expressionAttributeNames(names).expressionAttributeValues(values).build();
    }

    /**
     * Closes a deal's open reports and takes it out of the queue, with no editor named (see below): the case moves
     * to the next round and drops its counts. A later report opens a new round. NOT_FOUND for an unknown deal; a deal with no
     * open report is a success that changes nothing.
     */
    public void dismiss(String dealId) {
        dismiss(dealId, null);
    }

    /**
     * Dismisses by {@code editor}: the open reports closed and the deal's {@code reports-dismissed} event, in one
     * transaction. 1 consistent GetItem of the case (the round its open reports belong to), then 1 TransactWriteItems:
     * the case moved to the next round, conditioned on it still being that round with reports open, and the event,
     * named by the round it closed. Each round is closed once, so two dismissals (or a dismissal and a takedown's
     * close) in the same millisecond make two events, never one key twice (which cancelled the second with a 500);
     * and a repeat of this dismissal (a retried request) meets the moved round, so it adds no second event. A round
     * that moved meanwhile (another dismissal, a new case) is read again; a transaction holding the case (a new
     * report's) is backed off from and tried again, as every contended write is (Transactions).
     */
    public void dismiss(String dealId, String editor) {
        Instant now = table.clock().instant();
        for (int attempt = 1; ; attempt++) {
            Map<String, AttributeValue> kase = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(CommunityKeys.reportCase(dealId)).consistentRead(true).build()).item();
            if (kase == null || kase.isEmpty() || !kase.containsKey(TableDefinition.GSI1.partitionKey())) {
                if (!dealExists(dealId)) {
                    throw DomainException.notFound("deal not found");
                }
                return; // none open: nothing to dismiss, nothing to record
            }
            long round = new ItemReader(kase).number(ROUND);
            Update.Builder closing = closing(dealId);
            Update built = closing.build();
            Map<String, String> names = new HashMap<>(built.expressionAttributeNames());
            Map<String, AttributeValue> values = new HashMap<>(built.expressionAttributeValues());
            values.put(":was", AttributeValue.fromN(Long.toString(round)));
            TransactWriteItem close = TransactWriteItem.builder().update(closing.expressionAttributeNames(names)
                    .expressionAttributeValues(values).conditionExpression(built.conditionExpression() + " AND #round = :was")
                    .build()).build();
            // Fixed width, so that in one millisecond a later round's event sorts after an earlier one's.
            TransactWriteItem event = DealHistory.put(table, dealId, new com.bigtimedeals.deals.DealEvent(now, editor,
                    com.bigtimedeals.deals.DealEvent.Action.REPORTS_DISMISSED, Map.of()), String.format("r%010d", round));
            try {
                Transactions.retrying(() -> table.client().transactWriteItems(TransactWriteItemsRequest.builder()
                        .transactItems(close, event).build()));
                return;
            } catch (TransactionCanceledException e) {
                if (!Transactions.conditionFailed(e, 0)) {
                    throw e;
                }
                if (attempt >= Transactions.CONFLICT_ATTEMPTS) {
                    throw DomainException.unavailable("the deal's reports kept changing while they were dismissed; try again");
                }
                // The round moved since it was read (closed by another dismissal, or a takedown): read again.
            }
        }
    }

    /** The update that closes a deal's open reports, conditioned on any being open (they are while it is queued). */
    private Update.Builder closing(String dealId) {
        StringBuilder remove = new StringBuilder("#first, #last, #qpk, #qsk");
        Map<String, String> names = new HashMap<>();
        names.put("#round", ROUND);
        names.put("#first", FIRST);
        names.put("#last", LAST);
        names.put("#qpk", TableDefinition.GSI1.partitionKey());
        names.put("#qsk", TableDefinition.GSI1.sortKey());
        for (ReportReason r : ReportReason.values()) {
            names.put("#" + r.name(), counter(r));
            names.put("#u" + r.name(), uncounted(r));
            remove.append(", #").append(r.name()).append(", #u").append(r.name());
        }
        return Update.builder().tableName(table.name())
                .key(CommunityKeys.reportCase(dealId)).updateExpression("ADD #round :one REMOVE " + remove)
                .conditionExpression("attribute_exists(#qpk)").expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")));
    }

    /** Closes the open reports, if any (a takedown's reaction does this too). False when none was open. */
    public boolean close(String dealId) {
        Update closing = closing(dealId).build();
        try {
            // A report's transaction may hold the case: retried (closing twice closes once: the condition).
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(closing.tableName())
                    .key(closing.key()).updateExpression(closing.updateExpression())
                    .conditionExpression(closing.conditionExpression())
                    .expressionAttributeNames(closing.expressionAttributeNames())
                    .expressionAttributeValues(closing.expressionAttributeValues()).build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /**
     * The moderation queue, the longest waiting first: 1 Query of the queue's GSI1 partition and 1 BatchGetItem of
     * the page's deals. A deal taken down since it was reported is left out (its takedown closes its reports).
     */
    public Page<ReportedDeal> queue(int limit, String cursor) {
        if (limit < 1 || limit > DealStore.MAX_PAGE) {
            throw DomainException.invalid("limit", "limit must be an integer from 1 to " + DealStore.MAX_PAGE);
        }
        String scope = CommunityKeys.REPORT_QUEUE;
        Map<String, AttributeValue> values = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        values.put(":q", AttributeValue.fromS(CommunityKeys.REPORT_QUEUE));
        names.put("#pk", TableDefinition.GSI1.partitionKey());
        String condition = "#pk = :q";
        if (cursor != null) {
            String after = table.cursors().decode(scope, cursor, 1).get(0);
            values.put(":after", AttributeValue.fromS(after));
            names.put("#sk", TableDefinition.GSI1.sortKey());
            condition += " AND #sk > :after";
        }
        QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                .indexName(TableDefinition.GSI1.name())
                .keyConditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .limit(limit + 1).build());
        List<Map<String, AttributeValue>> cases = r.items().subList(0, Math.min(limit, r.items().size()));
        Map<String, Deal> deals = new HashMap<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>(cases.size());
        cases.forEach(c -> keys.add(DealKeys.deal(new ItemReader(c).string("dealId"))));
        for (Map<String, AttributeValue> item : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys).build())) {
            if (DealCodec.isLiveDeal(item)) {
                Deal d = DealCodec.read(item);
                deals.put(d.id(), d);
            }
        }
        List<ReportedDeal> page = new ArrayList<>(cases.size());
        for (Map<String, AttributeValue> c : cases) {
            ItemReader kase = new ItemReader(c);
            Deal d = deals.get(kase.string("dealId"));
            if (d != null) {
                Map<ReportReason, Long> counts = new EnumMap<>(ReportReason.class);
                for (ReportReason reason : ReportReason.values()) {
                    counts.put(reason, kase.number(counter(reason)) + kase.number(uncounted(reason)));
                }
                page.add(new ReportedDeal(d, counts, kase.instant(FIRST)));
            }
        }
        String next = r.items().size() > limit
                ? table.cursors().encode(scope, List.of(cases.get(cases.size() - 1).get(TableDefinition.GSI1.sortKey()).s()))
                : null;
        return new Page<>(page, next);
    }

    /**
     * A deal's open reports with their notes, oldest first: 1 GetItem of the case (its round says which reports are
     * open) and 1 Query of the deal's reports. None for a deal never reported; NOT_FOUND for an unknown deal.
     */
    public List<Report> open(String dealId) {
        Map<String, AttributeValue> kase = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(CommunityKeys.reportCase(dealId)).consistentRead(true).build()).item();
        if (kase == null || kase.isEmpty()) {
            if (!dealExists(dealId)) {
                throw DomainException.notFound("deal not found");
            }
            return List.of();
        }
        long round = new ItemReader(kase).number(ROUND);
        List<Report> reports = new ArrayList<>();
        for (Map<String, AttributeValue> item : TableReads.partition(table, CommunityKeys.reportsPk(dealId), true)) {
            ItemReader r = new ItemReader(item);
            if (CommunityKeys.REPORT.equals(r.type()) && r.number(ROUND) == round) {
                reports.add(read(item));
            }
        }
        reports.sort(java.util.Comparator.comparing(Report::reportedAt).thenComparing(Report::username));
        return reports;
    }

    /**
     * What a write to a case means to the stream consumer: the write that took its open {@code expired} reports to
     * the contract's threshold within one round, which exactly one write does (each report adds one, a dismissal
     * starts the next round from none), however reports race. Null for every other write.
     */
    public static ExpiryReached reachedExpiry(Map<String, AttributeValue> before, Map<String, AttributeValue> now) {
        ItemReader after = new ItemReader(now);
        long round = after.number(ROUND);
        String expired = counter(ReportReason.EXPIRED);
        long earlier = before == null || new ItemReader(before).number(ROUND) != round ? 0 : new ItemReader(before).number(expired);
        if (earlier < ContractRules.EXPIRED_REPORTS_TO_EXPIRE && after.number(expired) >= ContractRules.EXPIRED_REPORTS_TO_EXPIRE) {
            return new ExpiryReached(after.string("dealId"), after.instant(LAST), round);
        }
        return null;
    }

    /** A case's round whose expired reports reached the threshold, with the moment of the last of them. */
    public record ExpiryReached(String dealId, Instant lastReportedAt, long round) {
    }

    /** Whether the id was ever a deal: taken down or not, its reports can still be closed. */
    private boolean dealExists(String dealId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(DealKeys.deal(dealId)).projectionExpression("#t").expressionAttributeNames(Map.of("#t", Keys.TYPE)).build()).item();
        return item != null && DealKeys.DEAL.equals(new ItemReader(item).type());
    }

    private static Report read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        boolean counted = !r.has(COUNTED) || r.bool(COUNTED);
        return new Report(r.string("dealId"), r.string("username"), ReportReason.of(r.string("reason")), r.string("note"),
                r.instant("reportedAt"), counted); // filed before profiles were required: it counted
    }
}
