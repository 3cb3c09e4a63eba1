package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import org.junit.jupiter.api.Test;

/** As {@link FirstBatchWarmUpTest}: the container swallows a warm-up's failure, so this holds it to completing. */
class FirstSweepWarmUpTest {
    @Test
    void completes() {
        assertDoesNotThrow(FirstSweepWarmUp::run);
    }
}
