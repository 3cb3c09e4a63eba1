package com.bigtimedeals.domain;

import java.time.Instant;

/**
 * A deleted account's clean-up, walked through the stream like a watcher fan-out: first every follow, then
 * every message, a page at a time, each checkpoint ({@code phase}, {@code after}) written back so that its
 * stream record continues the walk. {@code deletedAt} bounds what is removed: a user who signs up again
 * keeps what was made after it.
 */
public record AccountDeletion(String username, Instant deletedAt, Phase phase, String after, boolean done) {
    public enum Phase { FOLLOWS, MESSAGES }
}
