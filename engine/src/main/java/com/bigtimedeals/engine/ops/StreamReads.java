package com.bigtimedeals.engine.ops;

import java.util.regex.Pattern;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.StreamLog;

/** What the DynamoDB Streams operations share: stream ARNs, lookups and sequence numbers. */
final class StreamReads {
    private static final Pattern ARN = Pattern.compile(
            "arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:[0-9]{12}:table/[a-zA-Z0-9_.-]{3,255}/stream/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}");

    private StreamReads() {
    }

    static StreamLog stream(Context ctx, String arn) {
        if (!ARN.matcher(arn).matches()) {
            throw ApiException.validation("Invalid StreamArn");
        }
        StreamLog stream = ctx.catalog().stream(arn);
        if (stream == null) {
            throw ApiException.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
        }
        return stream;
    }

    static Shard shard(StreamLog stream, String shardId) {
        Shard shard = stream.shard(shardId);
        if (shard == null) {
            throw ApiException.resourceNotFound("Requested resource not found: Shard: " + shardId + " in Stream: " + stream.arn + " not found");
        }
        return shard;
    }

    private static final String ZEROS = "000000000000000000000";

    /**
     * Sequence numbers on the wire: decimal digits, 21 wide, so they also sort as strings. Padded by hand: every
     * record of every GetRecords answer has one, and {@code String.format} (a Formatter parsing its pattern each
     * time) was a seventh of a stream reader's CPU.
     */
    static String sequence(long n) {
        String digits = Long.toString(n);
        return digits.length() >= ZEROS.length() ? digits : ZEROS.substring(digits.length()) + digits;
    }

    static long parseSequence(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw ApiException.validation("Invalid SequenceNumber: " + text);
        }
    }

    static ApiException trimmed() {
        return new ApiException(ApiException.DYNAMODB + "TrimmedDataAccessException",
                "The operation attempted to read past the oldest stream record in a shard.");
    }
}
