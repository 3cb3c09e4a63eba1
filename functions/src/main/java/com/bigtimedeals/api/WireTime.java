package com.bigtimedeals.api;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * How every instant in every answer is written: UTC, whole seconds, a {@code Z} ({@code 2026-11-20T13:42:26Z}).
 * Items store what the clock gave (hot-deal messages and blasts carry nanoseconds), and Swift's {@code .iso8601}
 * decoder refuses fractions, so the answer, not the item, is where precision is cut. Every response writer
 * calls this one function.
 */
final class WireTime {
    private WireTime() {
    }

    static String format(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
