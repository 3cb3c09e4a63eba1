package com.bigtimedeals.inbox;

/** One parallel-scan segment of a blast: where its scan stopped, how many users it reached, whether it is done. */
public record BlastSegment(String blastId, int segment, int segments, String after, long reached, boolean done) {
}
