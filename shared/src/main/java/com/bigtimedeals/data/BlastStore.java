package com.bigtimedeals.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.domain.Blast;
import com.bigtimedeals.domain.BlastSegment;
import com.bigtimedeals.domain.DomainException;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Hot-deal blast requests (access pattern: send a Hot Deal Message to all Users). The API only records the
 * request; its INSERT on the stream starts the chunked fan-out, whose progress is kept on the same item.
 */
public final class BlastStore {
    private final Table table;

    public BlastStore(Table table) {
        this.table = table;
    }

    public Blast record(Blast blast) {
        Map<String, AttributeValue> item = new ItemWriter(Keys.blast(blast.id()), Keys.BLAST)
                .string("id", blast.id()).string("dealId", blast.dealId()).string("subject", blast.subject())
                .string("body", blast.body()).instant("requestedAt", blast.requestedAt())
                .number("segments", blast.segments()).number("segmentsDone", 0).number("usersReached", 0)
                .build();
        table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build());
        return blast;
    }

    /** A blast's progress: users reached and segments done. */
    public Blast get(String blastId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.blast(blastId)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("blast not found");
        }
        return read(item);
    }

    /**
     * Creates the blast's segment items, each starting at the beginning of its scan segment. Their INSERT
     * records start the work, one chunk per segment. A replay finds them all there and changes nothing.
     */
    public void createSegments(Blast blast) {
        List<TransactWriteItem> puts = new ArrayList<>();
        for (int k = 0; k < blast.segments(); k++) {
            Map<String, AttributeValue> item = new ItemWriter(Keys.blastSegment(blast.id(), k), Keys.BLAST_SEGMENT)
                    .string("blastId", blast.id()).number("segment", k).number("segments", blast.segments())
                    .number("reached", 0).bool("done", false).build();
            puts.add(TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)").build()).build());
        }
        try {
            table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(puts).build());
        } catch (TransactionCanceledException e) {
            if (!DealStore.onlyConditionFailures(e)) {
                throw e;
            }
        }
    }

    public BlastSegment segment(String blastId, int segment) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.blastSegment(blastId, segment)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("blast segment not found");
        }
        ItemReader r = new ItemReader(item);
        return new BlastSegment(blastId, segment, (int) r.number("segments"), r.string("after"), r.number("reached"),
                r.bool("done"));
    }

    /**
     * Checkpoints a segment after a page of messages was written, and counts the page on the blast, in one
     * transaction conditioned on the segment still being where this invocation found it. False when another
     * invocation moved it meanwhile: the caller stops, and no page is counted twice.
     */
    public boolean advance(BlastSegment from, String next, int reached) {
        boolean done = next == null;
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":n", AttributeValue.fromN(Integer.toString(reached)));
        values.put(":done", AttributeValue.fromBool(done));
        values.put(":false", AttributeValue.fromBool(false));
        String set = "SET done = :done";
        if (!done) {
            values.put(":next", AttributeValue.fromS(next));
            set += ", #after = :next";
        }
        String condition = "done = :false AND ";
        if (from.after() == null) {
            condition += "attribute_not_exists(#after)";
        } else {
            values.put(":from", AttributeValue.fromS(from.after()));
            condition += "#after = :from";
        }
        Update segment = Update.builder().tableName(table.name()).key(Keys.blastSegment(from.blastId(), from.segment()))
                .updateExpression(set + " ADD reached :n" + (done ? " REMOVE #after" : ""))
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#after", "after"))
                .expressionAttributeValues(values).build();
        Map<String, AttributeValue> blastValues = new HashMap<>();
        blastValues.put(":n", AttributeValue.fromN(Integer.toString(reached)));
        if (done) {
            blastValues.put(":one", AttributeValue.fromN("1"));
        }
        Update blast = Update.builder().tableName(table.name()).key(Keys.blast(from.blastId()))
                .updateExpression("ADD usersReached :n" + (done ? ", segmentsDone :one" : ""))
                .expressionAttributeValues(blastValues).build();
        try {
            table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
                    TransactWriteItem.builder().update(segment).build(),
                    TransactWriteItem.builder().update(blast).build()).build());
            return true;
        } catch (TransactionCanceledException e) {
            if (DealStore.onlyConditionFailures(e)) {
                return false;
            }
            throw e;
        }
    }

    static Blast read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Blast(r.string("id"), r.string("dealId"), r.string("subject"), r.string("body"),
                r.instant("requestedAt"), (int) r.number("segments"), (int) r.number("segmentsDone"),
                r.number("usersReached"));
    }
}
