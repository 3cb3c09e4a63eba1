package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** One configuration per process: read from its settings once, with one default per setting, and every value checked. */
class SettingsTest {
    @Test
    void aConfigurationIsTheDefaultsUnlessItsSettingsNameOthers() {
        Configuration defaults = Configuration.defaults();
        assertEquals(Integer.parseInt(Setting.CACHE_SHARDS.defaultValue()), defaults.cacheShards());
        assertEquals(Duration.ofDays(Integer.parseInt(Setting.INBOX_RETENTION_DAYS.defaultValue())), defaults.inboxRetention().duration());
        Configuration named = Configuration.from(Settings.of(Map.of("CACHE_SHARDS", "17", "WALKS_PER_INVOCATION", " 4 ")));
        assertEquals(17, named.cacheShards());
        assertEquals(4, named.walksPerInvocation());
        assertEquals(defaults.blastSegments(), named.blastSegments());
    }

    @Test
    void theLocalStacksShorterClockIsTheSettingsOwnAndCheckedTheSameWay() {
        Settings process = Settings.of(Map.of());
        assertEquals(Setting.SWEEP_STALLED_AFTER_S.defaultValue(), process.value(Setting.SWEEP_STALLED_AFTER_S));
        assertEquals(Setting.SWEEP_STALLED_AFTER_S.localDefault(), process.forLocalStack().value(Setting.SWEEP_STALLED_AFTER_S));
        assertEquals(Setting.CACHE_SHARDS.defaultValue(), process.forLocalStack().value(Setting.CACHE_SHARDS));
        Settings outOfRange = Settings.of(Map.of("SWEEP_STALLED_AFTER_S", "0")).forLocalStack();
        assertThrows(IllegalArgumentException.class, () -> outOfRange.number(Setting.SWEEP_STALLED_AFTER_S));
    }

    @Test
    void aSettingWithoutADefaultIsAbsentUntilNamed() {
        assertNull(Settings.defaults().optionalNumber(Setting.STREAM_BATCH_SIZE));
        assertEquals(50, Settings.of(Map.of("STREAM_BATCH_SIZE", "50")).optionalNumber(Setting.STREAM_BATCH_SIZE));
        assertThrows(IllegalArgumentException.class,
                () -> Settings.of(Map.of("STREAM_PARALLELIZATION", "11")).optionalNumber(Setting.STREAM_PARALLELIZATION));
        assertNull(Settings.defaults().value(Setting.ALARM_EMAIL));
    }
}
