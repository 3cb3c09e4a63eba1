package com.bigtimedeals.platform;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves forward a little every time it is read, from a fixed start: each write that takes its moment
 * from it is later than the one before, in the order they asked, on any thread, however fast the test runs.
 */
public final class TickingClock extends Clock {
    private final AtomicLong micros;
    private final long stepMicros;

    public TickingClock(Instant start, long stepMicros) {
        this.micros = new AtomicLong(start.getEpochSecond() * 1_000_000L + start.getNano() / 1_000);
        this.stepMicros = stepMicros;
    }

    @Override
    public Instant instant() {
        long now = micros.getAndAdd(stepMicros);
        return Instant.ofEpochSecond(now / 1_000_000L, (now % 1_000_000L) * 1_000);
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
