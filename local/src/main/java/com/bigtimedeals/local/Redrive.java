package com.bigtimedeals.local;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.stream.ChangeFeed;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.StreamMapping;

import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** {@code ./bigtimedeals redrive}: the on-failure destination's batches, delivered to the stream consumer again. */
final class Redrive {
    private final DynamoDbStreamsClient streams;
    private final FailureDestination destination;
    private final RequestHandler<DynamodbEvent, StreamsEventResponse> handler;
    private final StreamMapping mapping;

    Redrive(DynamoDbStreamsClient streams, FailureDestination destination,
            RequestHandler<DynamodbEvent, StreamsEventResponse> handler, StreamMapping mapping) {
        this.streams = streams;
        this.destination = destination;
        this.handler = handler;
        this.mapping = mapping;
    }

    /**
     * Delivers every batch in the on-failure destination again, read back from the stream by its sequence range,
     * in batches of the mapping's size; an entry is removed once the function accepted all of its records.
     * Returns the entries still failing.
     */
    int run() {
        int failing = 0;
        for (var e : destination.list().entrySet()) {
            FailureDestination.Entry entry = e.getValue();
            List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>();
            String iterator = streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(entry.streamArn())
                    .shardId(entry.shardId()).shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER)
                    .sequenceNumber(entry.firstSequence()).build()).shardIterator();
            BigInteger last = new BigInteger(entry.lastSequence());
            boolean past = false;
            while (iterator != null && !past) {
                GetRecordsResponse r = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).limit(StreamDelivery.FETCH).build());
                for (Record record : r.records()) {
                    if (new BigInteger(record.dynamodb().sequenceNumber()).compareTo(last) > 0) {
                        past = true;
                        break;
                    }
                    DynamodbEvent.DynamodbStreamRecord converted = StreamRecords.toLambda(record, entry.streamArn());
                    if (ChangeFeed.ofInterest(converted)) {
                        records.add(converted);
                    }
                }
                if (r.records().isEmpty()) {
                    break; // an open shard with nothing more yet
                }
                iterator = r.nextShardIterator();
            }
            boolean accepted = true;
            for (int from = 0; from < records.size() && accepted; from += mapping.batchSize()) {
                var response = handler.handleRequest(StreamRecords.event(records.subList(from, Math.min(records.size(),
                        from + mapping.batchSize()))), new SyntheticContext("redrive-" + System.nanoTime(),
                        LambdaFunction.STREAM_CONSUMER.id(), mapping.timeoutSeconds() * 1000L));
                accepted = response.getBatchItemFailures() == null || response.getBatchItemFailures().isEmpty();
            }
            if (accepted) {
                destination.remove(e.getKey());
            } else {
                failing++;
            }
        }
        return failing;
    }
}
