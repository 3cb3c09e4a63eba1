package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * {@link Deal} and {@link DealCounts} write their equals and hashCode out (cold start: see {@link Deal#equals}). A
 * component added to either record and left out of them would make two different deals equal: for every component,
 * two instances that differ in it alone must differ, and equal ones must hash alike.
 */
class RecordEqualityTest {
    /** Two distinct values of each component type; the second Instant stays before the first expiry below. */
    private static final Map<Class<?>, Object[]> VALUES = Map.of(
            String.class, new Object[] {"a", "b"},
            BigDecimal.class, new Object[] {new BigDecimal("1"), new BigDecimal("2")},
            Instant.class, new Object[] {Instant.EPOCH.plusSeconds(7_200), Instant.EPOCH.plusSeconds(3_600)},
            DealCounts.class, new Object[] {DealCounts.NONE, new DealCounts(1, 0, 0, 1, null)},
            long.class, new Object[] {1L, 2L});

    @Test
    void dealComparesEveryComponent() throws Exception {
        everyComponentCounts(Deal.class);
    }

    @Test
    void countsCompareEveryComponent() throws Exception {
        everyComponentCounts(DealCounts.class);
    }

    private static void everyComponentCounts(Class<? extends Record> type) throws Exception {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        var canonical = type.getDeclaredConstructor(types);
        Object base = canonical.newInstance(values(components, -1));
        Object same = canonical.newInstance(values(components, -1));
        assertEquals(base, same);
        assertEquals(base.hashCode(), same.hashCode());
        for (int i = 0; i < components.length; i++) {
            Object other = canonical.newInstance(values(components, i));
            assertNotEquals(base, other, type.getSimpleName() + "." + components[i].getName() + " is left out of equals");
            assertNotEquals(base.hashCode(), other.hashCode(), type.getSimpleName() + "." + components[i].getName()
                    + " is left out of hashCode");
        }
    }

    /** Each component's first value, and its second at {@code changed}; createdAt the earliest, so a deal is valid. */
    private static Object[] values(RecordComponent[] components, int changed) {
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            Object[] pair = VALUES.get(components[i].getType());
            if (pair == null) {
                throw new IllegalStateException("no test values for " + components[i].getType());
            }
            args[i] = pair[i == changed ? 1 : 0];
            if (components[i].getName().equals("createdAt")) {
                args[i] = Instant.EPOCH.plusSeconds(i == changed ? 60 : 0);
            }
        }
        return args;
    }
}
