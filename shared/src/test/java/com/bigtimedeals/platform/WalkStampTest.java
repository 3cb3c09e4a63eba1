package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link WalkStore#stamp} pads by hand; every stamp already in the index was written by String.format's "%015d". */
class WalkStampTest {
    @Test
    void readsAsStringFormatReadIt() {
        long[] edges = {0, 1, 9, 10, 999_999_999_999_999L, 1_000_000_000_000_000L, 1_764_000_000_000L, -1, -123_456,
            Long.MAX_VALUE / 1_000_000, Instant.now().toEpochMilli()};
        for (long ms : edges) {
            assertEquals(String.format("%015d", ms), WalkStore.stamp(Instant.ofEpochMilli(ms)), "at " + ms);
        }
        Random random = new Random(43);
        for (int i = 0; i < 10_000; i++) {
            long ms = random.nextLong() >>> (1 + random.nextInt(62));
            assertEquals(String.format("%015d", ms), WalkStore.stamp(Instant.ofEpochMilli(ms)), "at " + ms);
        }
    }
}
