package com.bigtimedeals.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class SettingTest {
    @Test
    void anUnsetValueIsTheDefaultAndAGivenOneWins() {
        assertEquals(Setting.CACHE_SHARDS.defaultValue(), Setting.CACHE_SHARDS.resolve(null));
        assertEquals(Setting.CACHE_SHARDS.defaultValue(), Setting.CACHE_SHARDS.resolve("  "));
        assertEquals(17, Setting.CACHE_SHARDS.number("17"));
        assertEquals(List.of("https://a.example", "https://b.example"), Setting.CORS_ORIGINS.list(" https://a.example, https://b.example,"));
        assertEquals(List.of(), Setting.ALARM_EMAIL.list(null));
    }

    @Test
    void outOfRangeOrMalformedValuesAreRejectedNamingTheSetting() {
        // 101 segments could not be created in one TransactWriteItems (100 actions).
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Setting.BLAST_SEGMENTS.number("101"));
        assertTrue(e.getMessage().contains("BLAST_SEGMENTS"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Setting.CACHE_SHARDS.resolve("0"));
        assertThrows(IllegalArgumentException.class, () -> Setting.WORK_RESERVE_MS.number("30s"));
    }

    @Test
    void everyDefaultIsValidAndEveryContextKeyIsUnique() {
        Set<String> keys = new HashSet<>();
        for (Setting s : Setting.values()) {
            s.resolve(null);
            assertTrue(keys.add(s.contextKey()), s.contextKey());
        }
    }
}
