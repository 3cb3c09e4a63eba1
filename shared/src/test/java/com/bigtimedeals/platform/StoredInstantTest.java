package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link StoredInstant#parse} answers exactly as {@link Instant#parse}: the same instant, or the same refusal. */
class StoredInstantTest {
    @Test
    void readsWhatToStringWritesAsInstantParseDoes() {
        Random random = new Random(43);
        long min = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            long second = min + (long) (random.nextDouble() * (max - min));
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            String s = Instant.ofEpochSecond(second, nanos).toString();
            assertEquals(Instant.parse(s), StoredInstant.parse(s), s);
        }
    }

    @Test
    void readsEveryFractionLengthAndTheCalendarsEdges() {
        for (String s : List.of("1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59.999999999Z", "2000-02-29T12:00:00Z", "2024-02-29T23:59:59Z", "1900-03-01T00:00:00Z",
                "2026-12-04T18:43:46.1Z", "2026-12-04T18:43:46.12Z", "2026-12-04T18:43:46.1234Z",
                "2026-12-04T18:43:46.12345Z", "2026-12-04T18:43:46.1234567Z", "2026-12-04T18:43:46.12345678Z",
                "2026-12-04T18:43:46.000000001Z", "2026-12-04T18:43:46.100Z")) {
            assertEquals(Instant.parse(s), StoredInstant.parse(s), s);
        }
    }

    @Test
    void answersAnyOtherFormAsInstantParseDoes() {
        for (String s : List.of("2026-12-04t18:43:46z", "2026-12-04T18:43:46+01:00", "+12026-12-04T18:43:46Z",
                "2026-12-04T23:59:60Z", "2026-12-04T24:00:00Z", "", "2026", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
                "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-01-00T00:00:00Z",
                "2026-01-01T25:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:61Z", "2026-01-01T00:00:00.Z",
                "2026-01-01T00:00:00.1234567890Z", "2026-01-01T00:00:00.12a4Z", "2026-0a-01T00:00:00Z",
                "2026-01-01 00:00:00Z", "2026-01-01T00:00:00", "\u0662\u0660\u0662\u0666-01-01T00:00:00Z",
                "2026-01-01T00:00:00.-1Z", "-026-01-01T00:00:00Z", "2026-01-01T00:00:00.123456789+00:00")) {
            Instant expected;
            try {
                expected = Instant.parse(s);
            } catch (DateTimeParseException e) {
                DateTimeParseException got = assertThrows(DateTimeParseException.class, () -> StoredInstant.parse(s), s);
                assertEquals(e.getMessage(), got.getMessage(), s);
                continue;
            }
            assertEquals(expected, StoredInstant.parse(s), s);
        }
    }
}
