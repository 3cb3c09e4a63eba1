package com.bigtimedeals.local;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.stream.ChangeFeed;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.StreamMapping;

import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The Lambda event source mapping, locally, as it behaves in AWS ({@link StreamMapping}: the deployed values).
 * <ul>
 * <li>Records pass the mapping's filter ({@link ChangeFeed#ofInterest}) or never reach the function.</li>
 * <li>Parallelization factor: each shard feeds that many lanes; a record goes to the lane of its partition key,
 *     so records of one key stay in order while different keys run side by side. Each lane is its own function
 *     instance (its own handler and clients), as concurrent batches are in Lambda.</li>
 * <li>Batches of up to the batch size, gathered for at most the batching window.</li>
 * <li>{@code batchItemFailures}: the records before the first reported failure are done; the batch is redelivered
 *     from it. A function error bisects the batch. After the retry attempts, the batch's sequence range goes to
 *     the on-failure destination (a JSON file per batch that {@code ./bigtimedeals failures} lists and
 *     {@code ./bigtimedeals redrive} delivers again), and the lane moves on.</li>
 * <li>Checkpoint: per shard, the last sequence number up to which every record is done (delivered, filtered out
 *     or sent to the destination). With a data directory it is written to a file after every change, atomically,
 *     and a restart resumes right after it: nothing acknowledged is redone needlessly, nothing unfinished is
 *     skipped, even after kill -9.</li>
 * <li>A clean stop lets the batches in flight finish (within a grace period) and writes the checkpoint; what was
 *     not finished is delivered again after the restart, which every reaction tolerates.</li>
 * </ul>
 */
public final class StreamDelivery implements AutoCloseable {
    private static final long POLL_MILLIS = 100;
    /**
     * Between reads of a shard that came back with less than a full page: Lambda documents that it polls each shard
     * of a DynamoDB stream at a base rate of four times a second, and reads again at once only while records keep
     * coming (a full page here).
     */
    private static final long SHARD_READ_MILLIS = 250;
    static final int FETCH = 1000;
    /** Fetched but unfinished records per shard before polling pauses (back-pressure). */
    private static final int MAX_BACKLOG = 20_000;
    private static final long STOP_GRACE_MILLIS = 10_000;

    /** The new-image attributes the mapping's filters read ({@link StreamMapping#FILTERS}). */
    private static final java.util.Set<String> FILTERED_ATTRIBUTES = filteredAttributes();

    private final DynamoDbStreamsClient streams;
    private final String streamArn;
    private final Supplier<RequestHandler<DynamodbEvent, StreamsEventResponse>> handlers;
    private final StreamMapping mapping;
    private final FailureDestination destination;
    private final Map<String, ShardState> shards = new HashMap<>();
    private final ShardCheckpoints checkpoints;
    private final Thread poller;
    private final List<Thread> lanes = new ArrayList<>();
    private volatile boolean running = true;
    private volatile long idleSince;
    /** When the latest poll that found every shard idle began: quiet counts only from a poll begun after the wait. */
    private volatile long idlePollStarted;

    private final AtomicLong redelivered = new AtomicLong();
    private final AtomicLong invocations = new AtomicLong();
    private final AtomicInteger invoking = new AtomicInteger();
    private final AtomicLong invocationsEnded = new AtomicLong();
    /** {@link System#nanoTime()} of the first invocation since {@link #mark()}; 0 while none, -1 before any mark. */
    private final AtomicLong firstInvocationSinceMark = new AtomicLong(-1);
    private final AtomicLong sentToDestination = new AtomicLong();
    /** The one lane whose inbox messages are delivered here; -1 (every lane) but in the bench's scaled push run. */
    private volatile int messagesOfLane = -1;

    public StreamDelivery(DynamoDbStreamsClient streams, String streamArn,
                   Supplier<RequestHandler<DynamodbEvent, StreamsEventResponse>> handlers, StreamMapping mapping,
                   Path checkpointDir, FailureDestination destination) {
        this.streams = streams;
        this.streamArn = streamArn;
        this.handlers = handlers;
        this.mapping = mapping;
        this.destination = destination;
        this.checkpoints = new ShardCheckpoints(checkpointDir);
        this.poller = new Thread(this::poll, "stream-poller");
        this.poller.setDaemon(true);
    }

    public void start() {
        poller.start();
    }

    /**
     * The bench's scaled push run only (docs/data-model.md, "Pushes at scale"; never called by the local stack): inbox
     * messages' records of every lane but {@code lane} are done without an invocation, as if the execution of their
     * lane, which in AWS runs on a vCPU of its own, had handled them elsewhere. Every other record (the deal's, its
     * fan-out's) is delivered as always, so the serial work stays full size and on this machine's cores.
     */
    public void runMessagesOfOneLaneOnly(int lane) {
        messagesOfLane = lane;
    }

    @SuppressWarnings("unchecked")
    private static java.util.Set<String> filteredAttributes() {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (Map<String, Object> filter : StreamMapping.FILTERS) {
            Map<String, Object> dynamodb = (Map<String, Object>) filter.get("dynamodb");
            names.addAll(((Map<String, Object>) dynamodb.get("NewImage")).keySet());
        }
        return names;
    }

    /** Records delivered again after a failure (reported, or a function error). */
    public long redelivered() {
        return redelivered.get();
    }

    public long invocations() {
        return invocations.get();
    }

    /** From now on, {@link #firstInvocationSinceMark()} is the moment the next invocation begins. */
    public void mark() {
        firstInvocationSinceMark.set(0);
    }

    /** When the first invocation since {@link #mark()} began ({@link System#nanoTime()}), or 0 while none has. */
    public long firstInvocationSinceMark() {
        return Math.max(0, firstInvocationSinceMark.get());
    }

    /** Invocations running now: a caller waiting for an effect can look for it when none is, at no cost to them. */
    public int invoking() {
        return invoking.get();
    }

    /**
     * Invocations that have returned (or thrown). Read before {@link #invoking()}: a caller that then finds none
     * running knows every invocation counted here has ended, and looks for its effect once per such count.
     */
    public long invocationsEnded() {
        return invocationsEnded.get();
    }

    public long sentToDestination() {
        return sentToDestination.get();
    }

    /** Waits until every fetched record is done and a poll of every shard found nothing new for {@code quietMillis}. */
    public boolean awaitCaughtUp(long quietMillis, long timeoutMillis) throws InterruptedException {
        long asked = System.currentTimeMillis();
        long deadline = asked + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            long since = idleSince;
            // A write answered just before this call is in no poll begun before it: with an idle stretch that began
            // earlier, the wait returned before that write's record was even read (QuietHoursEndToEndTest, once in CI).
            if (since != 0 && idlePollStarted >= asked && System.currentTimeMillis() - since >= quietMillis) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    private void poll() {
        long lastDescribe = 0;
        List<Shard> listed = List.of();
        while (running) {
            try {
                long pollStarted = System.currentTimeMillis();
                if (System.currentTimeMillis() - lastDescribe > 1_000) {
                    listed = streams.describeStream(DescribeStreamRequest.builder().streamArn(streamArn).build())
                            .streamDescription().shards();
                    lastDescribe = System.currentTimeMillis();
                }
                boolean busy = false;
                boolean outstanding = false;
                for (Shard shard : listed) {
                    ShardState state;
                    synchronized (shards) {
                        state = shards.computeIfAbsent(shard.shardId(), id -> new ShardState(id, shard.parentShardId()));
                    }
                    if (state.finished()) {
                        continue;
                    }
                    ShardState parent;
                    synchronized (shards) {
                        parent = state.parent == null ? null : shards.get(state.parent);
                    }
                    if (parent != null && !parent.finished()) {
                        outstanding = true;
                        continue; // a child waits until its parent is done, so order per key holds across the split
                    }
                    if (!state.drained && state.backlog() < MAX_BACKLOG) {
                        busy |= fetch(state);
                    }
                    outstanding |= state.backlog() > 0;
                }
                if (!busy && !outstanding) {
                    if (idleSince == 0 && !listed.isEmpty()) {
                        idleSince = System.currentTimeMillis();
                    }
                    if (idleSince != 0) {
                        idlePollStarted = pollStarted;
                    }
                } else {
                    idleSince = 0;
                }
                if (!busy) {
                    Thread.sleep(SHARD_READ_MILLIS);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (running) {
                    System.err.println("stream delivery: " + e);
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        }
    }

    /** One GetRecords on a shard; true when it should be read again at once (a full page came back, or no iterator). */
    private boolean fetch(ShardState shard) {
        if (shard.iterator == null) {
            shard.iterator = iteratorAfter(shard.id, shard.lastFetched != null ? shard.lastFetched : checkpoints.of(shard.id));
        }
        GetRecordsResponse r;
        try {
            r = streams.getRecords(GetRecordsRequest.builder().shardIterator(shard.iterator).limit(FETCH).build());
        } catch (ExpiredIteratorException e) {
            shard.iterator = null; // the next fetch asks again, right after the last record it fetched
            return true;
        }
        shard.iterator = r.nextShardIterator();
        if (r.records().isEmpty()) {
            if (shard.iterator == null) {
                synchronized (shard) {
                    shard.drained = true;
                }
            }
            return false;
        }
        synchronized (shard) {
            if (shard.laneQueues.isEmpty()) {
                startLanes(shard);
            }
            for (Record record : r.records()) {
                var keys = record.dynamodb().keys();
                String key = keys == null || keys.get("PK") == null ? "" : keys.get("PK").s();
                // The mapping's filter first, on the attributes it reads; only what passes is converted in full.
                boolean ofInterest = ChangeFeed.ofInterest(StreamRecords.filterView(record, FILTERED_ATTRIBUTES));
                Tracked t = new Tracked(record.dynamodb().sequenceNumber(), key,
                        ofInterest ? StreamRecords.toLambda(record, streamArn) : null);
                shard.inOrder.addLast(t);
                shard.lastFetched = t.sequence;
                int lane = Math.floorMod(key.hashCode(), mapping.parallelizationFactor());
                if (ofInterest && messagesOfLane >= 0 && lane != messagesOfLane
                        && key.startsWith(com.bigtimedeals.inbox.InboxKeys.MESSAGES_PREFIX)) {
                    t.done = true; // another lane's execution's, elsewhere (runMessagesOfOneLaneOnly)
                } else if (ofInterest) {
                    shard.laneQueues.get(lane).add(t);
                } else {
                    t.done = true; // the mapping's filter drops it: done without an invocation
                }
            }
            if (shard.iterator == null) {
                shard.drained = true;
            }
        }
        checkpoint(shard);
        return r.records().size() >= FETCH;
    }

    /** Right after {@code after}, or from the oldest record the stream keeps when there is none. */
    private String iteratorAfter(String shardId, String after) {
        if (after != null) {
            try {
                return streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(streamArn).shardId(shardId)
                        .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(after).build())
                        .shardIterator();
            } catch (TrimmedDataAccessException e) {
                // older than the stream keeps: start from what it still has
            }
        }
        return streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(streamArn).shardId(shardId)
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
    }

    private void startLanes(ShardState shard) {
        for (int i = 0; i < mapping.parallelizationFactor(); i++) {
            LinkedBlockingQueue<Tracked> queue = new LinkedBlockingQueue<>();
            shard.laneQueues.add(queue);
            Thread lane = new Thread(() -> runLane(shard, queue), "stream-lane-" + shard.id.hashCode() + "-" + i);
            lane.setDaemon(true);
            synchronized (lanes) {
                lanes.add(lane);
            }
            lane.start();
        }
    }

    /** One concurrent batch processor: its own function instance, batches in order of its keys. */
    private void runLane(ShardState shard, LinkedBlockingQueue<Tracked> queue) {
        RequestHandler<DynamodbEvent, StreamsEventResponse> handler = null;
        try {
            while (running) {
                Tracked first = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    if (shard.finished()) {
                        return;
                    }
                    continue;
                }
                List<Tracked> batch = Tracked.batch(first, queue, mapping);
                if (handler == null) {
                    handler = handlers.get();
                }
                deliver(shard, handler, batch);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void deliver(ShardState shard, RequestHandler<DynamodbEvent, StreamsEventResponse> handler, List<Tracked> batch)
            throws InterruptedException {
        ArrayDeque<List<Tracked>> pending = new ArrayDeque<>();
        pending.push(batch);
        while (!pending.isEmpty()) {
            List<Tracked> current = pending.pop();
            int attempts = 0;
            while (!current.isEmpty()) {
                if (!running) {
                    return; // a stop: the unfinished rest stays behind the checkpoint and comes again after a restart
                }
                StreamsEventResponse response;
                try {
                    invocations.incrementAndGet();
                    invoking.incrementAndGet();
                    firstInvocationSinceMark.compareAndSet(0, System.nanoTime());
                    try {
                        response = handler.handleRequest(StreamRecords.event(Tracked.records(current)), StoppableContext.of(
                                new SyntheticContext("stream-" + System.nanoTime(), LambdaFunction.STREAM_CONSUMER.id(),
                                        mapping.timeoutSeconds() * 1000L), () -> running));
                    } finally {
                        invoking.decrementAndGet();
                        invocationsEnded.incrementAndGet();
                    }
                } catch (RuntimeException e) {
                    attempts++;
                    if (mapping.bisectOnError() && current.size() > 1) {
                        pending.push(current.subList(current.size() / 2, current.size()));
                        pending.push(current.subList(0, current.size() / 2));
                        redelivered.addAndGet(current.size());
                        break;
                    }
                    if (attempts > mapping.retryAttempts()) {
                        giveUp(shard, current, "function error: " + e.getClass().getSimpleName());
                        break;
                    }
                    redelivered.addAndGet(current.size());
                    Thread.sleep(Math.min(2_000L, 50L << Math.min(attempts, 5)));
                    continue;
                }
                List<StreamsEventResponse.BatchItemFailure> failures = response == null ? null : response.getBatchItemFailures();
                int firstFailed = failures == null || failures.isEmpty() ? current.size() : Tracked.firstFailed(current, failures);
                done(shard, current.subList(0, firstFailed));
                current = current.subList(firstFailed, current.size());
                if (current.isEmpty()) {
                    break;
                }
                attempts++;
                if (attempts > mapping.retryAttempts()) {
                    giveUp(shard, current, "record " + current.get(0).sequence + " failed " + attempts + " times");
                    break;
                }
                redelivered.addAndGet(current.size());
                Thread.sleep(Math.min(2_000L, 50L << Math.min(attempts, 5)));
            }
        }
    }

    private void giveUp(ShardState shard, List<Tracked> batch, String reason) {
        destination.record(streamArn, shard.id, batch.get(0).sequence, batch.get(batch.size() - 1).sequence,
                batch.size(), reason);
        System.err.println("stream delivery: " + batch.size() + " records of shard " + shard.id
                + " went to the on-failure destination (" + reason + "); ./bigtimedeals failures lists them");
        sentToDestination.addAndGet(batch.size());
        done(shard, batch);
    }

    private void done(ShardState shard, List<Tracked> records) {
        if (records.isEmpty()) {
            return;
        }
        synchronized (shard) {
            for (Tracked t : records) {
                t.done = true;
            }
        }
        checkpoint(shard);
    }

    private void checkpoint(ShardState shard) {
        String last = shard.advance();
        if (last != null) {
            checkpoints.moveTo(shard.id, last);
        }
    }

    /** Stops polling, lets batches in flight finish within a grace period, and leaves the checkpoint written. */
    @Override
    public void close() {
        running = false;
        poller.interrupt();
        long deadline = System.currentTimeMillis() + STOP_GRACE_MILLIS;
        List<Thread> all;
        synchronized (lanes) {
            all = new ArrayList<>(lanes);
        }
        try {
            poller.join(2_000);
            for (Thread lane : all) {
                lane.join(Math.max(1, deadline - System.currentTimeMillis()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
