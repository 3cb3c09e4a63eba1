package com.bigtimedeals.engine.stream;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Shard iterators: opaque to clients, in the service's outer form ({@code <stream ARN>|1|<token>}); the token
 * names the shard, the next position to read and when the iterator was made (iterators last 15 minutes).
 */
public final class ShardIterators {
    /** A decoded iterator. */
    public record Position(String streamArn, String shardId, long position, long createdMillis) {
    }

    private ShardIterators() {
    }

    public static String encode(String streamArn, String shardId, long position, long createdMillis) {
        String token = shardId + ";" + position + ";" + createdMillis;
        return streamArn + "|1|" + Base64.getUrlEncoder().withoutPadding().encodeToString(token.getBytes(StandardCharsets.UTF_8));
    }

    /** The iterator's content, or null when it is not one of ours. */
    public static Position decode(String iterator) {
        int bar = iterator.indexOf("|1|");
        if (bar <= 0) {
            return null;
        }
        try {
            String token = new String(Base64.getUrlDecoder().decode(iterator.substring(bar + 3)), StandardCharsets.UTF_8);
            String[] parts = token.split(";");
            if (parts.length != 3) {
                return null;
            }
            return new Position(iterator.substring(0, bar), parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2]));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
