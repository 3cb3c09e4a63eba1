package com.bigtimedeals.engine.http;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The Date header, formatted once a second rather than on every response. */
final class HttpDates {
    private record Cached(long second, String text) {
    }

    private static volatile Cached cached = new Cached(-1, "");

    private HttpDates() {
    }

    static String now() {
        long second = System.currentTimeMillis() / 1000;
        Cached c = cached;
        if (c.second != second) {
            c = new Cached(second, DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    ZonedDateTime.ofInstant(java.time.Instant.ofEpochSecond(second), ZoneOffset.UTC)));
            cached = c;
        }
        return c.text;
    }
}
