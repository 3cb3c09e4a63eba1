package com.bigtimedeals.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;

/**
 * Reads a table's real stream through the Streams API, shard by shard and in order, remembering where it stopped,
 * and hands back what arrived since as Lambda stream records: the tests' event source mapping.
 */
public final class StreamTap {
    private final DynamoDbStreamsClient streams;
    private final String streamArn;
    private final Map<String, String> iterators = new LinkedHashMap<>();

    public StreamTap(DynamoDbClient client, DynamoDbStreamsClient streams, String tableName) {
        this.streams = streams;
        this.streamArn = client.describeTable(DescribeTableRequest.builder().tableName(tableName).build())
                .table().latestStreamArn();
    }

    /** Every record written since the last call, in order within each shard. */
    public List<DynamodbEvent.DynamodbStreamRecord> drain() {
        List<DynamodbEvent.DynamodbStreamRecord> out = new ArrayList<>();
        for (Shard shard : streams.describeStream(DescribeStreamRequest.builder().streamArn(streamArn).build())
                .streamDescription().shards()) {
            String iterator = iterators.get(shard.shardId());
            if (iterator == null && !iterators.containsKey(shard.shardId())) {
                iterator = streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(streamArn)
                        .shardId(shard.shardId()).shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
            }
            while (iterator != null) {
                GetRecordsResponse r = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).limit(1000).build());
                r.records().forEach(rec -> out.add(StreamRecords.toLambda(rec, streamArn)));
                iterator = r.nextShardIterator();
                if (r.records().isEmpty()) {
                    break;
                }
            }
            iterators.put(shard.shardId(), iterator);
        }
        return out;
    }
}
