package com.bigtimedeals.local;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.api.SyntheticContext;
import com.bigtimedeals.data.ChangeFeed;
import com.bigtimedeals.data.StreamRecords;

import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The Lambda event source mapping, locally: polls the table's stream, hands records to the stream handler
 * in order per shard and in batches, and honours {@code batchItemFailures} by redelivering from the first
 * failed record. After {@link #MAX_RETRIES} redeliveries the failing record is logged and skipped, as an
 * on-failure destination would take it, and the records behind it go on.
 */
final class StreamDelivery implements Runnable, AutoCloseable {
    static final int BATCH = 100;
    static final int MAX_RETRIES = 3;
    private static final long POLL_MILLIS = 100;

    private final DynamoDbStreamsClient streams;
    private final String streamArn;
    private final RequestHandler<DynamodbEvent, StreamsEventResponse> handler;
    private final ShardIteratorType startAt;
    private final Map<String, String> iterators = new LinkedHashMap<>();
    private final Set<String> finished = new HashSet<>();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long delivered;
    private volatile long idleSince = 0;

    @SuppressWarnings("unchecked")
    StreamDelivery(DynamoDbStreamsClient streams, String streamArn, String handlerClass, ShardIteratorType startAt) {
        this.streams = streams;
        this.streamArn = streamArn;
        this.startAt = startAt;
        try {
            this.handler = (RequestHandler<DynamodbEvent, StreamsEventResponse>) Class.forName(handlerClass)
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load stream handler " + handlerClass, e);
        }
        this.thread = new Thread(this, "stream-delivery");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    long delivered() {
        return delivered;
    }

    /** Waits until a full poll of every shard found nothing new for {@code quietMillis}, or the timeout passes. */
    boolean awaitCaughtUp(long quietMillis, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            long since = idleSince;
            if (since != 0 && System.currentTimeMillis() - since >= quietMillis) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    @Override
    public void run() {
        long lastDescribe = 0;
        List<Shard> shards = List.of();
        while (running) {
            try {
                if (System.currentTimeMillis() - lastDescribe > 1_000) {
                    shards = streams.describeStream(DescribeStreamRequest.builder().streamArn(streamArn).build())
                            .streamDescription().shards();
                    lastDescribe = System.currentTimeMillis();
                }
                boolean busy = false;
                for (Shard shard : shards) {
                    if (finished.contains(shard.shardId())) {
                        continue;
                    }
                    if (shard.parentShardId() != null && iterators.containsKey(shard.parentShardId())
                            && !finished.contains(shard.parentShardId())) {
                        continue; // a child waits until its parent is drained, so order per item holds
                    }
                    busy |= poll(shard);
                }
                if (!busy) {
                    if (idleSince == 0 && !shards.isEmpty()) {
                        idleSince = System.currentTimeMillis();
                    }
                    Thread.sleep(POLL_MILLIS);
                } else {
                    idleSince = 0;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (running) {
                    System.err.println("stream delivery: " + e);
                    sleepQuietly();
                }
            }
        }
    }

    private boolean poll(Shard shard) {
        String iterator = iterators.computeIfAbsent(shard.shardId(), id -> streams.getShardIterator(
                GetShardIteratorRequest.builder().streamArn(streamArn).shardId(id).shardIteratorType(startAt).build())
                .shardIterator());
        GetRecordsResponse r;
        try {
            r = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).limit(BATCH).build());
        } catch (ExpiredIteratorException e) {
            iterators.remove(shard.shardId());
            return true;
        }
        if (r.nextShardIterator() == null) {
            finished.add(shard.shardId());
        } else {
            iterators.put(shard.shardId(), r.nextShardIterator());
        }
        if (r.records().isEmpty()) {
            return false;
        }
        // DynamoDB Local truncates ApproximateCreationDateTime to the minute (embedded: off by 1000x);
        // the records get the time they were read, to the second, as the service would give.
        Date now = new Date(System.currentTimeMillis() / 1000 * 1000);
        List<DynamodbEvent.DynamodbStreamRecord> batch = new ArrayList<>();
        for (Record record : r.records()) {
            DynamodbEvent.DynamodbStreamRecord converted = StreamRecords.toLambda(record, streamArn, now);
            // The mapping's event filter, as deployed: records the consumer ignores never invoke it.
            if (ChangeFeed.ofInterest(converted)) {
                batch.add(converted);
            }
        }
        if (!batch.isEmpty()) {
            deliver(batch);
        }
        return true;
    }

    private void deliver(List<DynamodbEvent.DynamodbStreamRecord> batch) {
        int retries = 0;
        while (!batch.isEmpty()) {
            StreamsEventResponse response = handler.handleRequest(StreamRecords.event(batch),
                    new SyntheticContext("stream-" + System.nanoTime(), "Stream", 300_000));
            List<StreamsEventResponse.BatchItemFailure> failures = response.getBatchItemFailures();
            if (failures == null || failures.isEmpty()) {
                delivered += batch.size();
                return;
            }
            int first = indexOf(batch, failures.get(0).getItemIdentifier());
            delivered += first;
            batch = batch.subList(first, batch.size());
            if (++retries > MAX_RETRIES) {
                System.err.println("stream delivery: record " + batch.get(0).getEventID() + " ("
                        + batch.get(0).getEventName() + ") failed " + retries + " times; sent to the on-failure destination");
                batch = batch.subList(1, batch.size());
                retries = 0;
            }
        }
    }

    private static int indexOf(List<DynamodbEvent.DynamodbStreamRecord> batch, String sequenceNumber) {
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i).getDynamodb().getSequenceNumber().equals(sequenceNumber)) {
                return i;
            }
        }
        return 0; // an identifier we did not send: redeliver everything, as Lambda does
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
