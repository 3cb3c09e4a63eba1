package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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

    /**
     * The inbox's retention rule is written once, as {@link Setting#INBOX_RETENTION_DAYS}'s range, and checked once, by
     * {@link InboxRetention}: settings are read into one, and the configuration and the inbox take one (so hold no
     * check of their own; ArchitectureTest keeps {@code Setting.checked} to it). A retention given in code is refused
     * with the same words as one given as a setting.
     */
    @Test
    void theRetentionRuleIsTheSettingsRangeCheckedOnceByItsValue() {
        for (String days : List.of("0", "-1", "36501")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Configuration.from(Settings.of(Map.of("INBOX_RETENTION_DAYS", days))));
            assertEquals("INBOX_RETENTION_DAYS must be between 1 and 36500, not " + days, e.getMessage());
            IllegalArgumentException byValue = assertThrows(IllegalArgumentException.class,
                    () -> InboxRetention.ofDays(Long.parseLong(days)));
            assertEquals(e.getMessage(), byValue.getMessage());
        }
        for (Duration retention : List.of(Duration.ZERO, Duration.ofHours(23), Duration.ofDays(-1), Duration.ofDays(36_501))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new InboxRetention(retention));
            assertTrue(e.getMessage().startsWith("INBOX_RETENTION_DAYS must be between 1 and 36500"), e.getMessage());
        }
        for (Duration retention : List.of(Duration.ofDays(1), Duration.ofDays(36_500))) {
            assertEquals(retention, new InboxRetention(retention).duration());
        }
        assertEquals(InboxRetention.ofDays(1), Configuration.from(Settings.of(Map.of("INBOX_RETENTION_DAYS", "1"))).inboxRetention());
        assertEquals(Duration.ofDays(180), Configuration.defaults().inboxRetention().duration());
    }
}
