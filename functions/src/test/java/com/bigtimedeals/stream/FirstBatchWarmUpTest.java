package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import org.junit.jupiter.api.Test;

/**
 * The container swallows a warm-up's failure (it built nothing the handler keeps), so a warm-up broken by a change to
 * the shapes or codec it builds would only go quietly slower: this holds it to completing.
 */
class FirstBatchWarmUpTest {
    @Test
    void completes() {
        assertDoesNotThrow(FirstBatchWarmUp::run);
    }
}
