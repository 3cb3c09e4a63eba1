package com.bigtimedeals.stream;

import java.util.ArrayList;
import java.util.List;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;

/**
 * What one batch ends with: the first record that failed (a record that did not decode, a reaction that threw, a
 * walk run that failed, a front-page rebuild a record asked for), and what the batch did. The mapping resumes from
 * the first failed record (sequence-number checkpointing), so every record from it on is reported and every earlier
 * one is done for good; whichever way a failure is found, the earliest wins.
 */
final class BatchOutcome {
    private final List<DynamodbStreamRecord> records;
    private final Tally tally = new Tally();
    private int firstFailed = -1;
    private int firstCacheChange = -1;
    private int firstCounted = -1;
    private final java.util.Set<String> counted = new java.util.LinkedHashSet<>();

    BatchOutcome(List<DynamodbStreamRecord> records) {
        this.records = records;
    }

    Tally tally() {
        return tally;
    }

    /** The record at {@code index} failed: it and every later record are delivered again. */
    void failed(int index) {
        firstFailed = firstFailed < 0 ? index : Math.min(firstFailed, index);
    }

    boolean hasFailed() {
        return firstFailed >= 0;
    }

    /** The record at {@code index} changed what the front page shows: the cache is rebuilt once, after the batch. */
    void changedFrontPage(int index) {
        if (firstCacheChange < 0 || index < firstCacheChange) {
            firstCacheChange = index;
        }
    }

    boolean frontPageChanged() {
        return firstCacheChange >= 0;
    }

    /** The rebuild failed: the first record that asked for it is where the batch resumes (if nothing failed earlier). */
    void frontPageRebuildFailed() {
        failed(firstCacheChange);
    }

    /** The record at {@code index} moved a deal's counters: they are aggregated once, after the batch. */
    void counted(int index, String dealId) {
        counted(index, new com.bigtimedeals.changes.Change.CountersChanged(dealId));
    }

    /** The same, with which first-view shard moved and its write count after the change (CountsGate). */
    void counted(int index, com.bigtimedeals.changes.Change.CountersChanged c) {
        if (firstCounted < 0) {
            firstCounted = index;
        }
        counted.add(c.dealId());
        java.util.Map<Integer, Long> shards = needed.computeIfAbsent(c.dealId(), k -> new java.util.HashMap<>());
        shards.merge(c.shard(), c.writes(), Math::max);
    }

    /** Per counted deal: each first-view shard its records moved, with the highest write count they name. */
    private final java.util.Map<String, java.util.Map<Integer, Long>> needed = new java.util.HashMap<>();

    /** What a reading of {@code dealId}'s counters must have seen to carry this batch's changes. */
    java.util.Map<Integer, Long> needed(String dealId) {
        return needed.getOrDefault(dealId, java.util.Map.of());
    }

    /** The deals whose counters moved in this batch. */
    java.util.Set<String> countedDeals() {
        return counted;
    }

    /** The aggregation failed: the batch resumes at the first counter record (if nothing failed earlier). */
    void aggregationFailed() {
        failed(firstCounted);
    }

    /** The aggregation's deals are on the front page: the batch's one rebuild answers for its first counter record. */
    void countedOnFrontPage() {
        changedFrontPage(firstCounted);
    }

    /** The answer to the mapping: every record from the first failure on; and the tally's count of them. */
    StreamsEventResponse response() {
        List<StreamsEventResponse.BatchItemFailure> failures = new ArrayList<>();
        for (int i = firstFailed < 0 ? records.size() : firstFailed; i < records.size(); i++) {
            failures.add(new StreamsEventResponse.BatchItemFailure(sequence(records.get(i))));
        }
        tally.failures = failures.size();
        return new StreamsEventResponse(failures);
    }

    static String sequence(DynamodbStreamRecord record) {
        return record.getDynamodb() == null ? record.getEventID() : record.getDynamodb().getSequenceNumber();
    }
}
