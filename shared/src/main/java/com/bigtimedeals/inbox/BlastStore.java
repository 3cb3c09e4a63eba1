package com.bigtimedeals.inbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.DealHistory;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.platform.Transactions;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Hot-deal blast requests (access pattern: send a Hot Deal Message to all Users). The API records the request
 * together with its segments, each a {@link WalkStore resumable walk} over one parallel-scan segment of the
 * user index, so the work exists, and the sweeper can find it, from the moment the request is answered: no
 * stream record has to arrive for a blast to be carried out. Progress is derived from the segments, never
 * counted on the blast item: parallel segments then share no item, and a checkpoint is one single-item
 * conditional write.
 */
public final class BlastStore {
    private final Table table;
    private final WalkStore walks;

    public BlastStore(Table table) {
        this.table = table;
        this.walks = new WalkStore(table);
    }

    /** The blast this call recorded, or the one the deal already had. */
    public record Recorded(Blast blast, boolean created) {
    }

    /**
     * A blast's segments are created in the same transaction as the blast, its deal's marker and the deal's
     * {@code blasted} event, so at most {@value #MAX_SEGMENTS} (TransactWriteItems takes 100 items): the bound of
     * {@link Setting#BLAST_SEGMENTS}, defined beside it.
     */
    public static final int MAX_SEGMENTS = Setting.MAX_BLAST_SEGMENTS;

    /**
     * The blast item's mark that its segments were written with it. A blast item without it (written by a
     * deployment that left segment creation to the stream consumer) still gets its segments from its INSERT record
     * (see {@link #createSegments}), so a blast requested while a deployment is under way is carried out.
     */
    public static final String WITH_SEGMENTS = "withSegments";

    /**
     * Records a blast unless its deal already has one: the deal's blast marker, the blast item and its segment
     * items in one transaction, each conditioned on not existing. A CMS double-click (or a retried request) then
     * finds the marker and gets the first blast back, so no user is sent a deal twice. The segments' INSERT
     * records start the work; the sweeper resumes any segment whose record never arrives (a record that
     * exhausted the mapping's retries, say), which a blast whose segments were still to be created from its
     * own record could not survive.
     */
    public Recorded record(Blast blast) {
        return record(blast, null);
    }

    /**
     * {@link #record(Blast)} by {@code editor}, with the deal's {@code blasted} event in the same transaction: the
     * marker's condition, which makes a second blast of the deal the first one, cancels a second event with it.
     */
    public Recorded record(Blast blast, String editor) {
        Map<String, AttributeValue> item = new ItemWriter(InboxKeys.blast(blast.id()), InboxKeys.BLAST)
                .string("id", blast.id()).string("dealId", blast.dealId()).string("subject", blast.subject())
                .string("body", blast.body()).instant("requestedAt", blast.requestedAt())
                .number("segments", blast.segments()).bool(WITH_SEGMENTS, true)
                .build();
        Map<String, AttributeValue> marker = new ItemWriter(InboxKeys.dealBlast(blast.dealId()), InboxKeys.DEAL_BLAST)
                .string("blastId", blast.id()).build();
        List<TransactWriteItem> puts = new ArrayList<>(List.of(createOnly(marker), createOnly(item)));
        puts.addAll(segmentPuts(blast));
        puts.add(DealHistory.put(table, blast.dealId(), new com.bigtimedeals.deals.DealEvent(table.clock().instant(), editor,
                com.bigtimedeals.deals.DealEvent.Action.BLASTED, Map.of()), blast.id()));
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(puts).build());
                return new Recorded(blast, true);
            } catch (TransactionCanceledException e) {
                if (Transactions.onlyConditionFailures(e)) {
                    Blast existing = ofDeal(blast.dealId());
                    if (existing != null) {
                        return new Recorded(existing, false);
                    }
                }
                if (!Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
    }

    private Blast ofDeal(String dealId) {
        Map<String, AttributeValue> marker = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(InboxKeys.dealBlast(dealId)).consistentRead(true).build()).item();
        return marker == null || marker.isEmpty() ? null : get(new ItemReader(marker).string("blastId"));
    }

    /**
     * A blast and its exact progress, summed from its segments (each segment's count only grows by a conditional
     * checkpoint, so a page is counted once whatever crashed): 2 requests, the blast and one BatchGetItem.
     */
    public Blast get(String blastId) {
        Blast blast = requested(blastId);
        int segments = blast.segments();
        List<Map<String, AttributeValue>> keys = new ArrayList<>(segments);
        for (int k = 0; k < segments; k++) {
            keys.add(InboxKeys.blastSegment(blastId, k));
        }
        int done = 0;
        long reached = 0;
        for (Map<String, AttributeValue> segment : TableReads.batchGet(table, KeysAndAttributes.builder().keys(keys)
                .consistentRead(true).projectionExpression("done, reached").build())) {
            ItemReader s = new ItemReader(segment);
            done += s.bool("done") ? 1 : 0;
            reached += s.number("reached");
        }
        return new Blast(blast.id(), blast.dealId(), blast.subject(), blast.body(), blast.requestedAt(), segments, done,
                reached);
    }

    /** The blast as requested, without its progress: one read. */
    public Blast requested(String blastId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(InboxKeys.blast(blastId)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("blast not found");
        }
        ItemReader r = new ItemReader(item);
        return new Blast(r.string("id"), r.string("dealId"), r.string("subject"), r.string("body"),
                r.instant("requestedAt"), (int) r.number("segments"), 0, 0);
    }

    /**
     * Creates the segment items of a blast recorded without them (no {@link #WITH_SEGMENTS} mark: a deployment
     * that left them to the stream consumer wrote it). A replay finds them all there and changes nothing (conditional
     * puts); a conflicting transaction is retried.
     */
    public void createSegments(Blast blast) {
        for (int attempt = 1; ; attempt++) {
            try {
                table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(segmentPuts(blast))
                        .build());
                return;
            } catch (TransactionCanceledException e) {
                if (Transactions.onlyConditionFailures(e)) {
                    return;
                }
                if (!Transactions.retryable(e, attempt)) {
                    throw e;
                }
            }
        }
    }

    /** The blast's segment items, each at the start of its scan segment and marked unfinished for the sweeper. */
    private List<TransactWriteItem> segmentPuts(Blast blast) {
        List<TransactWriteItem> puts = new ArrayList<>(blast.segments());
        for (int k = 0; k < blast.segments(); k++) {
            Map<String, AttributeValue> key = InboxKeys.blastSegment(blast.id(), k);
            puts.add(createOnly(WalkStore.pending(new ItemWriter(key, InboxKeys.BLAST_SEGMENT)
                    .string("blastId", blast.id()).number("segment", k).number("segments", blast.segments())
                    .number("reached", 0).bool("done", false), key.get(Keys.PK).s(), table.clock().instant()).build()));
        }
        return puts;
    }

    private TransactWriteItem createOnly(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    public BlastSegment segment(String blastId, int segment) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(InboxKeys.blastSegment(blastId, segment)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("blast segment not found");
        }
        ItemReader r = new ItemReader(item);
        return new BlastSegment(blastId, segment, (int) r.number("segments"), r.string("after"), r.number("reached"),
                r.bool("done"));
    }

    /**
     * Claims the page of the segment at {@code at.after()} for the calling run: true when no run started that page
     * before, so its messages may be written without conditions ({@link WalkStore#claim}).
     */
    public boolean claim(BlastSegment at) {
        return walks.claim(InboxKeys.blastSegment(at.blastId(), at.segment()), at.after());
    }

    /**
     * Checkpoints a segment after a page of messages was written: one conditional write to the segment alone.
     * False when another run moved it meanwhile: the caller stops, and no page is counted twice. With
     * {@code claimNext}, the caller also claims the next page (it goes on with it in the same run).
     */
    public boolean advance(BlastSegment from, String next, int reached, boolean claimNext) {
        return walks.advance(InboxKeys.blastSegment(from.blastId(), from.segment()), from.after(), next, reached, claimNext);
    }

    /** Asks for another run of an unfinished segment (an invocation out of time does this instead of a page). */
    public boolean requeue(String blastId, int segment) {
        return walks.requeue(InboxKeys.blastSegment(blastId, segment));
    }
}
