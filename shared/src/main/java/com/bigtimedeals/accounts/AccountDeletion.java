package com.bigtimedeals.accounts;

import java.time.Instant;

/**
 * A deleted account's clean-up, a resumable walk through the stream like a watcher fan-out: first every
 * follow, then every vote (each temperature back by one), then every alert, then every comment (anonymised), then
 * every message, a page at a time. {@code position} is the walk's checkpoint as one string (null: not started), so one
 * conditional write moves it whatever the phase. {@code deletedAt} bounds what is touched: a user who signs up again
 * keeps what was made after it.
 */
public record AccountDeletion(String username, Instant deletedAt, String position, boolean done) {
    /** The phases, in the order the walk takes them; each position starts with its phase's prefix. */
    public enum Phase {
        FOLLOWS("follows#"), VOTES("votes#"), ALERTS("alerts#"), COMMENTS("comments#"), SAVED("saved#"),
        MESSAGES("messages#"), SETTINGS("settings#");

        private final String prefix;

        Phase(String prefix) {
            this.prefix = prefix;
        }
    }

    public AccountDeletion {
        if (position != null && phaseOf(position) == null) {
            throw new IllegalArgumentException("not a deletion position: " + position);
        }
    }

    private static Phase phaseOf(String position) {
        for (Phase p : Phase.values()) {
            if (position.startsWith(p.prefix)) {
                return p;
            }
        }
        return null;
    }

    public Phase phase() {
        return position == null ? Phase.FOLLOWS : phaseOf(position);
    }

    /** The last sort key done in the current phase; null at the phase's start. */
    public String after() {
        if (position == null) {
            return null;
        }
        String after = position.substring(phase().prefix.length());
        return after.isEmpty() ? null : after;
    }

    /** The position after a page of {@code phase} that ended at {@code last} (null: the walk is finished). */
    public static String next(Phase phase, String last) {
        if (last != null) {
            return phase.prefix + last;
        }
        return phase.ordinal() + 1 < Phase.values().length ? Phase.values()[phase.ordinal() + 1].prefix : null;
    }
}
