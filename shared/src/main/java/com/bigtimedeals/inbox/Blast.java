package com.bigtimedeals.inbox;

import java.time.Instant;

/** A hot-deal blast and its progress. */
public record Blast(String id, String dealId, String subject, String body, Instant requestedAt,
                    int segments, int segmentsDone, long usersReached) {
    public boolean done() {
        return segments > 0 && segmentsDone >= segments;
    }
}
