package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeStream: the stream and its shards (with parents and sequence number ranges), paged by shard. */
public final class DescribeStream implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("StreamArn", Shape.string().notNull().length(37, 1024))
            .field("Limit", Shape.integer().min(1).max(100))
            .field("ExclusiveStartShardId", Shape.string().length(28, 65))
            .field("ShardFilter", Shape.fieldStruct("ShardFilter")
                    .field("Type", Shape.string().notNull().oneOf("CHILD_SHARDS"))
                    .field("ShardId", Shape.string().notNull().length(28, 65)));

    private final Context ctx;

    public DescribeStream(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        StreamLog stream = StreamReads.stream(ctx, Req.string(req, "StreamArn"));
        Long limitValue = Req.number(req, "Limit");
        int limit = limitValue == null ? 100 : limitValue.intValue();
        String start = Req.string(req, "ExclusiveStartShardId");
        List<Shard> shards = shards(stream, Req.map(req, "ShardFilter"));
        // Shard ids sort in creation order (they start with the creation time), and a page resumes after the
        // named id whether or not that shard still exists: an id past every shard gives an empty page.
        int from = 0;
        if (start != null) {
            while (from < shards.size() && shards.get(from).id.compareTo(start) <= 0) {
                from++;
            }
        }
        int to = Math.min(shards.size(), from + limit);
        out.writeStartObject();
        out.writeObjectFieldStart("StreamDescription");
        out.writeStringField("StreamArn", stream.arn);
        out.writeStringField("StreamLabel", stream.label);
        out.writeStringField("StreamStatus", stream.status());
        out.writeStringField("StreamViewType", stream.viewType);
        out.writeFieldName("CreationRequestDateTime");
        TableDescriptions.seconds(out, stream.createdMillis);
        out.writeStringField("TableName", stream.tableName);
        TableDescriptions.keySchema(out, stream.key);
        out.writeArrayFieldStart("Shards");
        for (Shard s : shards.subList(from, to)) {
            shard(out, s);
        }
        out.writeEndArray();
        if (to < shards.size()) {
            out.writeStringField("LastEvaluatedShardId", shards.get(to - 1).id);
        }
        out.writeEndObject();
        out.writeEndObject();
    }

    /** The stream's shards; with a CHILD_SHARDS filter, those that took over from the one named (readers follow a closed shard). */
    private static List<Shard> shards(StreamLog stream, Map<String, Object> filter) {
        List<Shard> shards = stream.shards();
        if (filter == null) {
            return shards;
        }
        String parent = Req.string(filter, "ShardId");
        List<Shard> children = new java.util.ArrayList<>();
        for (Shard s : shards) {
            if (parent.equals(s.parentId)) {
                children.add(s);
            }
        }
        return children;
    }

    private static void shard(JsonGenerator out, Shard s) throws IOException {
        out.writeStartObject();
        out.writeStringField("ShardId", s.id);
        out.writeObjectFieldStart("SequenceNumberRange");
        out.writeStringField("StartingSequenceNumber", StreamReads.sequence(s.startingSequence));
        if (s.closed()) {
            out.writeStringField("EndingSequenceNumber", StreamReads.sequence(s.endingSequence()));
        }
        out.writeEndObject();
        if (s.parentId != null) {
            out.writeStringField("ParentShardId", s.parentId);
        }
        out.writeEndObject();
    }
}
