package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.bigtimedeals.inbox.MessageItems;

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
     * The inbox's retention rule is written once, as {@link Setting#INBOX_RETENTION_DAYS}'s range, and read wherever a
     * retention is taken: from settings, in a configuration built by hand, and by the message items the inbox writes.
     */
    @Test
    void theRetentionRuleIsTheSettingsRangeWhereverARetentionIsTaken() {
        Configuration defaults = Configuration.defaults();
        for (String days : List.of("0", "-1", "36501")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Configuration.from(Settings.of(java.util.Map.of("INBOX_RETENTION_DAYS", days))));
            assertTrue(e.getMessage().contains("INBOX_RETENTION_DAYS"), e.getMessage());
        }
        for (Duration retention : List.of(Duration.ZERO, Duration.ofHours(23), Duration.ofDays(-1), Duration.ofDays(36_501))) {
            IllegalArgumentException items = assertThrows(IllegalArgumentException.class, () -> new MessageItems(retention));
            assertTrue(items.getMessage().contains("INBOX_RETENTION_DAYS"), items.getMessage());
            IllegalArgumentException byHand = assertThrows(IllegalArgumentException.class, () -> withRetention(defaults, retention));
            assertEquals(items.getMessage(), byHand.getMessage());
        }
        for (Duration retention : List.of(Duration.ofDays(1), Duration.ofDays(36_500))) {
            new MessageItems(retention);
            assertEquals(retention, withRetention(defaults, retention).inboxRetention());
        }
        assertEquals(Duration.ofDays(1), Configuration.from(Settings.of(java.util.Map.of("INBOX_RETENTION_DAYS", "1"))).inboxRetention());
    }

    /**
     * {@code c} with another retention, built by its canonical constructor. Read through its record components, so a
     * setting added to the configuration does not change this test.
     */
    private static Configuration withRetention(Configuration c, Duration retention) {
        RecordComponent[] components = Configuration.class.getRecordComponents();
        Object[] values = new Object[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                values[i] = components[i].getName().equals("inboxRetention") ? retention : components[i].getAccessor().invoke(c);
            }
            return Configuration.class.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new)).newInstance(values);
        } catch (InvocationTargetException e) {
            throw (RuntimeException) e.getCause();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
