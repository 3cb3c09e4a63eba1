package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.b;
import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.bs;
import static com.bigtimedeals.engine.expr.Fixtures.item;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.ns;
import static com.bigtimedeals.engine.expr.Fixtures.nul;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.value.ItemSize;

/** Item sizes by the Developer Guide's "Item sizes and formats", to the byte the service charges. */
class ItemSizeTest {
    @Test
    void guideExampleOfTwoShortStrings() {
        assertEquals(23, ItemSize.of(item("shirt-color", s("R"), "shirt-size", s("M"))));
    }

    @Test
    void stringsCountUtf8BytesAndNamesCountToo() {
        assertEquals(1 + 2 + 3 + 4, ItemSize.of(s("a\u00e9\u20ac\ud83d\ude00")));
        assertEquals(2 + 4, ItemSize.of(item("\u00e9", s("ab\u00e9"))));
        assertEquals(0, ItemSize.of(s("")));
    }

    @Test
    void binariesCountRawBytes() {
        assertEquals(5, ItemSize.of(b("hello")));
    }

    @Test
    void booleansAndNullsCostOneByte() {
        assertEquals(1, ItemSize.of(bool(false)));
        assertEquals(1, ItemSize.of(nul()));
    }

    /** Each figure measured against the service at the 400 KB limit, to the byte. */
    @ParameterizedTest
    @CsvSource({"0, 1", "1, 2", "12, 2", "123, 3", "1234, 3", "12345678901234567890123456789012345678, 20",
        "0042, 2", "100, 2", "1010, 3", "0.0000001, 2", "1E125, 2", "1E-100, 2", "1.5, 3", "15, 2", "1.2, 3",
        "1.200, 3", "1.234, 4", "3.14159, 5", "123456, 4", "100.5, 4", "0.15, 2", "-42, 3", "-0, 1"})
    void numbersCostOneBytePlusTheirDigitPairsAlignedOnThePoint(String literal, long bytes) {
        assertEquals(bytes, ItemSize.of(n(literal)));
    }

    @Test
    void listsAndMapsCostThreeBytesPlusOnePerElement() {
        assertEquals(3, ItemSize.of(l()));
        assertEquals(3, ItemSize.of(m()));
        assertEquals(3 + (1 + 1) + (1 + 2), ItemSize.of(l(s("a"), n("7"))));
        assertEquals(3 + (1 + 1 + 2) + (1 + 2 + 1), ItemSize.of(m("a", s("xy"), "bb", bool(true))));
        assertEquals(3 + 1 + (3 + 1 + 1 + 1), ItemSize.of(l(m("k", s("v")))));
    }

    @Test
    void setsCostTheSumOfTheirMembers() {
        assertEquals(3 + 1, ItemSize.of(ss("abc", "d")));
        assertEquals(2 + 3, ItemSize.of(ns("1", "-12")));
        assertEquals(2 + 3, ItemSize.of(bs("ab", "cde")));
    }

    @Test
    void theLimitIsFourHundredKilobytes() {
        assertEquals(409_600, ItemSize.MAX_ITEM_BYTES);
        assertEquals(409_600, ItemSize.of(item("pk", s("x".repeat(409_598)))));
    }

    /** Write units of items measured against the service with ReturnConsumedCapacity (one per started kilobyte). */
    @ParameterizedTest
    @CsvSource({"l500, 500, 2", "l1500, 1500, 5", "l3000, 3000, 9", "under, 130000, 381"})
    void denseListsCostWhatTheServiceCharges(String key, int count, long writeUnits) {
        com.bigtimedeals.engine.value.Value[] elements = new com.bigtimedeals.engine.value.Value[count];
        java.util.Arrays.fill(elements, s("aa"));
        assertEquals(writeUnits, kilobytes(ItemSize.of(item("pk", s(key), "data", l(elements)))));
    }

    @Test
    void denseAndNestedMapsCostWhatTheServiceCharges() {
        java.util.Map<String, com.bigtimedeals.engine.value.Value> entries = new java.util.LinkedHashMap<>();
        java.util.Map<String, com.bigtimedeals.engine.value.Value> lists = new java.util.LinkedHashMap<>();
        for (int i = 0; i < 800; i++) {
            entries.put("k" + i, s("v"));
            if (i < 500) {
                lists.put("k" + i, l(s("b")));
            }
        }
        assertEquals(5, kilobytes(ItemSize.of(item("pk", s("m800"), "data", new com.bigtimedeals.engine.value.Value.M(
                entries)))));
        assertEquals(5, kilobytes(ItemSize.of(item("pk", s("mapl"), "data", new com.bigtimedeals.engine.value.Value.M(
                lists)))));
        com.bigtimedeals.engine.value.Value[] maps = new com.bigtimedeals.engine.value.Value[500];
        java.util.Arrays.fill(maps, m("a", s("b")));
        assertEquals(4, kilobytes(ItemSize.of(item("pk", s("nest"), "data", l(maps)))));
    }

    private static long kilobytes(long bytes) {
        return (bytes + 1023) / 1024;
    }
}
