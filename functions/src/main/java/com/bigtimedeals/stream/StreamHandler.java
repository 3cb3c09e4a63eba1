package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.api.ColdStart;
import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.FrontPageCache;
import com.bigtimedeals.data.Setting;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.domain.Change;

import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * The table's stream consumer. Records are handled in order; at the first failure that record and every
 * later one are reported in {@code batchItemFailures}, so Lambda resumes from it (sequence-number
 * checkpointing) and earlier records are never redone. Every reaction is idempotent, so a replay of any
 * batch changes nothing. Records of one walk are coalesced into one run, and no page starts once the time
 * budget is spent. Walks of different keys run side by side ({@link Setting#WALKS_PER_INVOCATION}): each is its own
 * item and its own key, so nothing orders one against another, and a segment's round trips (its checkpoint read,
 * claim, scan) overlap another's writes instead of leaving the table idle. The front-page cache is rebuilt once
 * per batch, however many records touched it.
 */
public final class StreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHandler.class);

    /** The consumer's own metrics, as embedded-metric-format fields of its one log line per batch. */
    public static final String METRICS_NAMESPACE = "BigTimeDeals";
    public static final String METRICS_DIMENSION = "service";
    public static final String MESSAGES_WRITTEN = "MessagesWritten";
    public static final String RECORD_FAILURES = "RecordFailures";
    public static final String WORK_HANDED_ON = "WorkHandedOn";

    private final ChangeReactions reactions;
    private final long reserveMillis;
    private final ColdStart coldStart = new ColdStart();
    /** Runs a batch's walks side by side; null when one at a time. Threads start on first use and end when idle. */
    private final ExecutorService walkRuns;

    public StreamHandler() {
        this(ChangeReactions.of(Table.fromEnvironment(DynamoDbClients.fromEnvironment()), FrontPageCache.shardsFromEnvironment()),
                Setting.WORK_RESERVE_MS.number());
    }

    public StreamHandler(ChangeReactions reactions, long reserveMillis) {
        this(reactions, reserveMillis, Setting.WALKS_PER_INVOCATION.number());
    }

    public StreamHandler(ChangeReactions reactions, long reserveMillis, int walksPerInvocation) {
        this.reactions = reactions;
        this.reserveMillis = reserveMillis;
        if (walksPerInvocation > 1) {
            ThreadPoolExecutor pool = new ThreadPoolExecutor(walksPerInvocation, walksPerInvocation, 30, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "walk-run-" + WALK_THREADS.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
            pool.allowCoreThreadTimeOut(true);
            this.walkRuns = pool;
        } else {
            this.walkRuns = null;
        }
    }

    private static final java.util.concurrent.atomic.AtomicInteger WALK_THREADS = new java.util.concurrent.atomic.AtomicInteger();

    /** A walk started on its own thread, by the index of its record in the batch. */
    private record StartedWalk(int index, Future<Tally> tally) {
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return PowertoolsLogging.withLogging(context, () -> handle(event, context));
    }

    private StreamsEventResponse handle(DynamodbEvent event, Context context) {
        coldStart.mark();
        TimeBudget budget = new TimeBudget(context, reserveMillis);
        Tally tally = new Tally();
        List<DynamodbStreamRecord> records = event.getRecords() == null ? List.of() : event.getRecords();
        List<StreamsEventResponse.BatchItemFailure> failures = new ArrayList<>();
        int firstCacheChange = -1;
        int failedAt = -1;
        List<Change> changes = new ArrayList<>(records.size());
        for (int i = 0; i < records.size() && failedAt < 0; i++) {
            try {
                changes.add(ChangeFeed.decode(records.get(i)));
            } catch (RuntimeException e) {
                LOG.error("stream record failed to decode", entry("eventId", records.get(i).getEventID()),
                        entry("sequenceNumber", sequence(records.get(i))), e);
                failedAt = i;
            }
        }
        Map<Object, Integer> lastOfWalk = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            Object walk = walkOf(changes.get(i));
            if (walk != null) {
                lastOfWalk.put(walk, i);
            }
        }
        List<StartedWalk> started = new ArrayList<>();
        try {
            for (int i = 0; i < changes.size(); i++) {
                DynamodbStreamRecord record = records.get(i);
                Change change = changes.get(i);
                tally.records++;
                Object walk = walkOf(change);
                if (walk != null && lastOfWalk.get(walk) != i) {
                    // Every checkpoint of a walk is a record; a run reads the walk's current checkpoint anyway, so
                    // one run for the walk's last record in the batch does the work of all of them.
                    tally.coalesced++;
                    continue;
                }
                if (walk != null && walkRuns != null) {
                    // A walk's reaction never touches the front page; its counts come back with its tally.
                    started.add(new StartedWalk(i, walkRuns.submit(() -> {
                        Tally own = new Tally();
                        reactions.apply(change, budget, own);
                        return own;
                    })));
                    continue;
                }
                try {
                    if (reactions.apply(change, budget, tally) && firstCacheChange < 0) {
                        firstCacheChange = i;
                    }
                } catch (RuntimeException e) {
                    LOG.error("stream record failed", entry("eventId", record.getEventID()),
                            entry("sequenceNumber", sequence(record)), e);
                    failedAt = i;
                    break;
                }
            }
        } finally {
            // Every walk started is waited for, whatever happened meanwhile: they are writing, and must not go on
            // into a frozen or reused environment. A walk that failed is reported from its record on, like any
            // other record; one that succeeded after the first failure is delivered again and finds its walk
            // where it left it.
            int walkFailedAt = awaitWalks(started, records, tally);
            if (walkFailedAt >= 0) {
                failedAt = failedAt < 0 ? walkFailedAt : Math.min(failedAt, walkFailedAt);
            }
        }
        if (firstCacheChange >= 0) {
            try {
                tally.cacheCopiesWritten += reactions.rebuildFrontPage();
            } catch (RuntimeException e) {
                LOG.error("front-page rebuild failed", e);
                failedAt = failedAt < 0 ? firstCacheChange : Math.min(failedAt, firstCacheChange);
            }
        }
        if (failedAt >= 0) {
            for (int i = failedAt; i < records.size(); i++) {
                failures.add(new StreamsEventResponse.BatchItemFailure(sequence(records.get(i))));
            }
        }
        tally.failures = failures.size();
        LOG.info("batch", entry("records", tally.records), entry("messagesWritten", tally.messagesWritten),
                entry("pagesClaimed", tally.pagesClaimed),
                entry("handedOn", tally.handedOn), entry("coalesced", tally.coalesced),
                entry("checkpointsLost", tally.checkpointsLost), entry("cacheCopiesWritten", tally.cacheCopiesWritten),
                entry("failures", tally.failures), entry("_aws", emf()),
                entry(MESSAGES_WRITTEN, tally.messagesWritten), entry(RECORD_FAILURES, tally.failures),
                entry(WORK_HANDED_ON, tally.handedOn));
        return new StreamsEventResponse(failures);
    }

    /**
     * Waits for every walk started (through interrupts too), adds up their tallies, and answers the index of the
     * first that failed, or -1. A walk that died of an Error (out of memory, say) fails the invocation once all
     * are done, as it would have run inline: the mapping then retries and bisects the batch.
     */
    private static int awaitWalks(List<StartedWalk> started, List<DynamodbStreamRecord> records, Tally tally) {
        int failedAt = -1;
        boolean interrupted = false;
        Error fatal = null;
        for (StartedWalk run : started) {
            while (true) {
                try {
                    tally.add(run.tally().get());
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // keep waiting: the walk is still writing
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        fatal = fatal == null ? error : fatal;
                    }
                    DynamodbStreamRecord record = records.get(run.index());
                    LOG.error("stream record failed", entry("eventId", record.getEventID()),
                            entry("sequenceNumber", sequence(record)), e.getCause());
                    failedAt = failedAt < 0 ? run.index() : Math.min(failedAt, run.index());
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (fatal != null) {
            throw fatal;
        }
        return failedAt;
    }

    /** The walk a change continues (same key, same walk), or null for a change that is no walk's. */
    private static Object walkOf(Change change) {
        return change instanceof Change.BlastSegmentPending || change instanceof Change.FanOutPending
                || change instanceof Change.AccountDeletionPending ? change : null;
    }

    /**
     * CloudWatch embedded-metric-format directive: Lambda's log group turns these fields into metrics. Written by
     * hand rather than with powertools-metrics: the batch line is logged anyway, so three counters cost no extra
     * dependency, classes at init or log line, and nothing tries to reach a CloudWatch agent when the same
     * handler runs in the local stack.
     */
    private static Map<String, Object> emf() {
        return Map.of("Timestamp", System.currentTimeMillis(),
                "CloudWatchMetrics", List.of(Map.of("Namespace", METRICS_NAMESPACE,
                        "Dimensions", List.of(List.of(METRICS_DIMENSION)),
                        "Metrics", List.of(Map.of("Name", MESSAGES_WRITTEN, "Unit", "Count"),
                                Map.of("Name", RECORD_FAILURES, "Unit", "Count"),
                                Map.of("Name", WORK_HANDED_ON, "Unit", "Count")))));
    }

    private static String sequence(DynamodbStreamRecord record) {
        return record.getDynamodb() == null ? record.getEventID() : record.getDynamodb().getSequenceNumber();
    }
}
