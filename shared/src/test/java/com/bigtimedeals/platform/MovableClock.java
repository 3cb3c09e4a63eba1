package com.bigtimedeals.platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that stands still until the test moves it: what makes time-dependent tests independent of timing. */
public final class MovableClock extends Clock {
    private volatile Instant now;

    public MovableClock(Instant start) {
        this.now = start;
    }

    public void set(Instant instant) {
        now = instant;
    }

    public void set(String instant) {
        now = Instant.parse(instant);
    }

    /** Moves it on by {@code by}; one mover at a time (a test's own thread, or a sender's pause). */
    public synchronized void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
