package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of a deal's history: when, which editor ({@code null} for the community's expiry), what was done, and each
 * field it changed with its value before and after ({@code null} where there was none). A value is a String, a
 * BigDecimal (a price) or null; instants are their ISO text, as the answers write them.
 */
public record DealEvent(Instant at, String editor, Action action, Map<String, FieldChange> changes) {
    /** What an editor (or the community) did to a deal; {@link #wire} is the contract's name for it. */
    public enum Action {
        CREATED("created"), CORRECTED("corrected"), TAKEN_DOWN("taken-down"), BLASTED("blasted"),
        REPORTS_DISMISSED("reports-dismissed"), COMMUNITY_EXPIRED("community-expired");

        private final String wire;

        Action(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        public static Action ofWire(String wire) {
            for (Action a : values()) {
                if (a.wire.equals(wire)) {
                    return a;
                }
            }
            throw new IllegalArgumentException("not an action: " + wire);
        }
    }

    /** A field's value before and after. */
    public record FieldChange(Object from, Object to) {
    }

    public DealEvent {
        changes = changes == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }

    /**
     * The fields an editor can change that differ between {@code before} and {@code after}, in the order the Deal shape
     * lists them (brand and category names too: a rename reaches them, though no correction does).
     */
    public static Map<String, FieldChange> changes(Deal before, Deal after) {
        Map<String, FieldChange> c = new LinkedHashMap<>();
        add(c, "title", before == null ? null : before.title(), after.title());
        add(c, "link", before == null ? null : before.link(), after.link());
        add(c, "price", before == null ? null : before.price(), after.price());
        add(c, "imageUrl", before == null ? null : before.imageUrl(), after.imageUrl());
        add(c, "description", before == null ? null : before.description(), after.description());
        add(c, "expiresAt", before == null || before.expiresAt() == null ? null : before.expiresAt().toString(),
                after.expiresAt() == null ? null : after.expiresAt().toString());
        return c;
    }

    private static void add(Map<String, FieldChange> c, String field, Object from, Object to) {
        boolean same = from instanceof BigDecimal a && to instanceof BigDecimal b ? a.compareTo(b) == 0 : Objects.equals(from, to);
        if (!same) {
            c.put(field, new FieldChange(from, to));
        }
    }
}
