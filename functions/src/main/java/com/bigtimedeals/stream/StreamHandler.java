package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.changes.Change;
import com.bigtimedeals.deals.CountsGate;
import com.bigtimedeals.platform.PacedWork;
import com.bigtimedeals.lambda.ColdStart;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * The table's stream consumer. Records are handled in order; at the first failure that record and every later
 * one are reported in {@code batchItemFailures} ({@link BatchOutcome}), so Lambda resumes from it and earlier
 * records are never redone. Every reaction is idempotent, so a replay of any batch changes nothing. Records of one
 * walk are coalesced into one run ({@link Batch}), walks run side by side ({@link WalkRuns}), no page starts once
 * the time budget is spent, and the front-page cache is rebuilt once per batch, however many records touched it. So
 * are the deal counters carried into their copies ({@link CounterAggregation}), however many votes the batch holds.
 * Consecutive new-message records push to different recipients side by side ({@link PushRuns}).
 */
public final class StreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHandler.class);
    /** Readings of a deal taken again after one crossed another's: each one crosses only a write that came between. */
    private static final int CROSSED_REREADS = 4;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.STREAM_CONSUMER;

    private final ChangeReactions reactions;
    private final long reserveMillis;
    private final ColdStart coldStart;
    private final WalkRuns walkRuns;
    private final PushRuns pushRuns;
    /**
     * The batch's counted deals wait at their gates side by side: one after another, a batch naming five deals other
     * lanes are counting slept five paces (about 10 s), and every record queued behind it on the lane (pushes
     * included) waited as long. Side by side, the batch waits one pace at the most.
     */
    private final java.util.concurrent.ExecutorService gates = IdlingPool.orInline(8, "counts-gate");

    /**
     * For Lambda: what the container needs is built once, from its environment, and what the first batch needs beyond
     * the client alongside it ({@link FirstBatchWarmUp}).
     */
    public StreamHandler() {
        this(Container.fromProcess(FirstBatchWarmUp::run));
    }

    private StreamHandler(Container c) {
        this(ChangeReactions.of(c.table(), c.configuration()).withPush(new PushSender(c.table(), () -> Container.pushFromProcess(c.http()))),
                c.configuration(), c.runtime().initializationType());
    }

    public StreamHandler(ChangeReactions reactions, Configuration configuration) {
        this(reactions, configuration, null);
    }

    private StreamHandler(ChangeReactions reactions, Configuration configuration, String initializationType) {
        this.reactions = reactions;
        this.reserveMillis = configuration.workReserveMillis();
        this.coldStart = new ColdStart(initializationType);
        this.walkRuns = new WalkRuns(configuration.walksPerInvocation());
        this.pushRuns = new PushRuns(configuration.pushesInFlight());
        this.countsPaceMillis = configuration.countsPace().toMillis();
    }

    /** {@code COUNTS_PACE_MS}: the least time between two aggregations of one deal's counts (CountsGate); 0 off. */
    private final long countsPaceMillis;

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return PowertoolsLogging.withLogging(context, () -> handle(event, context));
    }

    private StreamsEventResponse handle(DynamodbEvent event, Context context) {
        coldStart.mark();
        TimeBudget budget = new TimeBudget(context, reserveMillis);
        List<DynamodbStreamRecord> records = event.getRecords() == null ? List.of() : event.getRecords();
        BatchOutcome outcome = new BatchOutcome(records);
        Batch batch = new Batch(records, outcome);
        WalkRuns.Started walks = walkRuns.begin();
        try {
            run(batch, budget, walks, outcome);
        } finally {
            // Every walk started is waited for, whatever happened meanwhile. One that succeeded after the first
            // failure is delivered again and finds its walk where it left it.
            walks.await(batch, outcome);
        }
        CounterAggregation.Run aggregation = null;
        java.util.Set<String> toCount = new java.util.LinkedHashSet<>();
        if (!outcome.countedDeals().isEmpty()) {
            try {
                java.util.Map<String, CountsGate.Outcome> gated = PacedWork.metered(() -> gate(outcome, budget));
                for (String id : outcome.countedDeals()) {
                    if (gated.get(id) != CountsGate.Outcome.COVERED) {
                        toCount.add(id); // claimed, or ungated: aggregated here either way
                    }
                }
                if (!toCount.isEmpty()) {
                    aggregation = PacedWork.metered(() -> reactions.startAggregation(toCount));
                    if (aggregation.frontPage()) {
                        outcome.countedOnFrontPage();
                    }
                }
            } catch (RuntimeException e) {
                LOG.error("counter aggregation failed", e);
                outcome.aggregationFailed();
            }
        }
        boolean rebuilt = true;
        if (outcome.frontPageChanged()) {
            try {
                java.util.Map<String, com.bigtimedeals.deals.DealCounts> counts = aggregation == null ? java.util.Map.of() : aggregation.counts();
                java.util.Set<String> touched = touched(batch);
                // A rebuild for counts alone is coalesced to a pace; one for a deal created, corrected or taken down is not.
                outcome.tally().cacheCopiesWritten += touched.isEmpty()
                        ? PacedWork.metered(() -> reactions.rebuildFrontPage(counts, touched))
                        : reactions.rebuildFrontPage(counts, touched);
            } catch (RuntimeException e) {
                LOG.error("front-page rebuild failed", e);
                outcome.frontPageRebuildFailed();
                rebuilt = false;
            }
        }
        if (aggregation != null && rebuilt) {
            // The deal items last: once one carries the counts, every copy of them is written (CounterAggregation).
            try {
                CounterAggregation.Run finishing = aggregation;
                PacedWork.metered(() -> {
                    CounterAggregation.Run run = finishing;
                    for (int round = 0; ; round++) {
                        java.util.List<String> crossed = run.isEmpty() ? List.of() : reactions.finishAggregation(run);
                        outcome.tally().dealsCounted += run.counts().size() - crossed.size();
                        // Then the gates: what was read is in every copy now, so the batches it covers have nothing to do.
                        if (countsPaceMillis > 0) {
                            run.read().forEach((id, writes) -> reactions.countsGate(countsPaceMillis).covered(id, writes));
                        }
                        if (crossed.isEmpty()) {
                            return null;
                        }
                        if (round == CROSSED_REREADS) {
                            // Redelivered (never left behind): its deals are read and written again then.
                            throw new IllegalStateException(crossed.size() + " deals' readings kept crossing");
                        }
                        // A reading taken now is at or past both crossed ones in every shard (DealCountsStore#apply).
                        run = reactions.startAggregation(crossed);
                        if (run.frontPage()) {
                            outcome.tally().cacheCopiesWritten += reactions.rebuildFrontPage(run.counts(), java.util.Set.of());
                        }
                    }
                });
            } catch (RuntimeException e) {
                LOG.error("counter aggregation failed", e);
                outcome.aggregationFailed();
            }
        }
        StreamsEventResponse response = outcome.response();
        BatchReport.log(outcome.tally());
        return response;
    }

    /** The deals the batch's changes created, corrected or took down (ChangeReactions#dealTouched). */
    private static java.util.Set<String> touched(Batch batch) {
        java.util.Set<String> ids = new java.util.LinkedHashSet<>();
        for (int i = 0; i < batch.size(); i++) {
            String id = ChangeReactions.dealTouched(batch.change(i));
            if (id != null) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** Each change in order: walks on their own threads (a walk never touches the front page), the rest inline. */
    private void run(Batch batch, TimeBudget budget, WalkRuns.Started walks, BatchOutcome outcome) {
        Tally tally = outcome.tally();
        for (int i = 0; i < batch.size(); i++) {
            Change change = batch.change(i);
            tally.records++;
            if (batch.coalesced(i)) {
                tally.coalesced++;
                continue;
            }
            if (change instanceof Change.CountersChanged c) {
                outcome.counted(i, c); // aggregated once for the whole batch, after it
                continue;
            }
            if (change instanceof Change.WalkPending && walkRuns.sideBySide()) {
                walks.start(i, own -> reactions.apply(change, budget, own));
                continue;
            }
            int endOfPushes = change instanceof Change.MessageArrived && pushRuns.sideBySide() ? PushRuns.endOfRun(batch, i) : i;
            if (endOfPushes - i > 1) {
                // Consecutive new messages: their pushes go out side by side, each recipient's in order (PushRuns says
                // why that keeps every push exactly once and the batch's failure report true); the next record runs
                // once they are all done.
                tally.records += endOfPushes - i - 1;
                if (!pushRuns.run(batch, i, endOfPushes, (c, own) -> reactions.apply(c, budget, own), outcome)) {
                    return;
                }
                i = endOfPushes - 1;
                continue;
            }
            try {
                if (reactions.apply(change, budget, tally)) {
                    outcome.changedFrontPage(i);
                }
            } catch (RuntimeException e) {
                DynamodbStreamRecord record = batch.record(i);
                LOG.error("stream record failed", entry("eventId", record.getEventID()),
                        entry("sequenceNumber", BatchOutcome.sequence(record)), e);
                outcome.failed(i);
                return;
            }
        }
    }

    /** Each counted deal's gate ({@link CountsGate#await}), side by side when the batch names more than one. */
    private java.util.Map<String, CountsGate.Outcome> gate(BatchOutcome outcome, TimeBudget budget) {
        java.util.Map<String, CountsGate.Outcome> gated = new java.util.HashMap<>();
        if (countsPaceMillis <= 0) {
            outcome.countedDeals().forEach(id -> gated.put(id, CountsGate.Outcome.UNGATED));
            return gated;
        }
        CountsGate gate = reactions.countsGate(countsPaceMillis);
        java.util.function.BooleanSupplier budgetLeft = () -> !budget.exhausted();
        if (gates == null || outcome.countedDeals().size() < 2) {
            outcome.countedDeals().forEach(id -> gated.put(id, gate.await(id, outcome.needed(id), budgetLeft)));
            return gated;
        }
        java.util.Map<String, java.util.concurrent.Future<CountsGate.Outcome>> waiting = new java.util.LinkedHashMap<>();
        for (String id : outcome.countedDeals()) {
            java.util.Map<Integer, Long> needed = outcome.needed(id);
            waiting.put(id, gates.submit(() -> gate.await(id, needed, budgetLeft)));
        }
        for (var w : waiting.entrySet()) {
            try {
                gated.put(w.getKey(), w.getValue().get());
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                gated.put(w.getKey(), CountsGate.Outcome.UNGATED); // aggregated here: never left uncounted
            }
        }
        return gated;
    }
}
