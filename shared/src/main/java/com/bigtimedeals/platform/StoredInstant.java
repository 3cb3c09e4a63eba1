package com.bigtimedeals.platform;

import java.time.Instant;

/**
 * {@link Instant#parse} for the one form the table stores ({@link Instant#toString}: {@code 2026-12-04T18:43:46Z}, with
 * 1 to 9 fraction digits), read by hand. {@code Instant.parse} runs the JDK's general ISO formatter (its parse
 * context, field resolution and chronology), which at a cold start's interpreted speed cost the stream consumer's
 * first batch about 6% of its constructing thread's samples (JFR) for the few deals it reads. Anything else (another
 * year form, an offset, lower case, a field out of range, a day its month does not have, a leap second) goes to
 * {@code Instant.parse}, which answers it or refuses it exactly as before. {@code StoredInstantTest} holds the two equal.
 */
public final class StoredInstant {
    private StoredInstant() {
    }

    public static Instant parse(String s) {
        int n = s.length();
        if (n < 20 || n > 30 || n == 21 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T'
                || s.charAt(13) != ':' || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z' || (n > 20 && s.charAt(19) != '.')) {
            return Instant.parse(s);
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        int hour = digits(s, 11, 13);
        int minute = digits(s, 14, 16);
        int second = digits(s, 17, 19);
        int nanos = 0;
        if (n > 20) {
            int fraction = digits(s, 20, n - 1);
            if (fraction < 0) {
                return Instant.parse(s);
            }
            nanos = fraction;
            for (int i = n - 1 - 20; i < 9; i++) {
                nanos *= 10;
            }
        }
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return Instant.parse(s);
        }
        long epochDay = epochDay(year, month, day);
        return Instant.ofEpochSecond(epochDay * 86_400L + hour * 3_600L + minute * 60L + second, nanos);
    }

    /** The decimal value of {@code s[from, to)}, or -1 if any of it is not an ASCII digit. */
    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean leap(int year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    private static int daysIn(int year, int month) {
        return switch (month) {
            case 2 -> leap(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (LocalDate#toEpochDay's arithmetic, for years 0 to 9999). */
    private static long epochDay(int year, int month, int day) {
        long y = year;
        long total = 365 * y;
        total += (y + 3) / 4 - (y + 99) / 100 + (y + 399) / 400;
        total += (367 * month - 362) / 12;
        total += day - 1;
        if (month > 2) {
            total--;
            if (!leap(year)) {
                total--;
            }
        }
        return total - 719_528L; // days from 0000-01-01 to 1970-01-01
    }
}
