package com.bigtimedeals.domain;

import java.time.Instant;

/**
 * A deleted account's clean-up, a resumable walk through the stream like a watcher fan-out: first every
 * follow, then every message, a page at a time. {@code position} is the walk's checkpoint as one string (null:
 * not started), so one conditional write moves it whatever the phase. {@code deletedAt} bounds what is removed:
 * a user who signs up again keeps what was made after it.
 */
public record AccountDeletion(String username, Instant deletedAt, String position, boolean done) {
    public enum Phase { FOLLOWS, MESSAGES }

    private static final String MESSAGES_PREFIX = "messages#";
    private static final String FOLLOWS_PREFIX = "follows#";

    public AccountDeletion {
        if (position != null && !position.startsWith(MESSAGES_PREFIX) && !position.startsWith(FOLLOWS_PREFIX)) {
            throw new IllegalArgumentException("not a deletion position: " + position);
        }
    }

    public Phase phase() {
        return position != null && position.startsWith(MESSAGES_PREFIX) ? Phase.MESSAGES : Phase.FOLLOWS;
    }

    /** The last sort key removed in the current phase; null at the phase's start. */
    public String after() {
        if (position == null) {
            return null;
        }
        String after = position.substring(phase() == Phase.MESSAGES ? MESSAGES_PREFIX.length() : FOLLOWS_PREFIX.length());
        return after.isEmpty() ? null : after;
    }

    /** The position after a page of {@code phase} that ended at {@code last} (null: the phase is finished). */
    public static String next(Phase phase, String last) {
        if (last != null) {
            return (phase == Phase.MESSAGES ? MESSAGES_PREFIX : FOLLOWS_PREFIX) + last;
        }
        return phase == Phase.FOLLOWS ? MESSAGES_PREFIX : null;
    }
}
