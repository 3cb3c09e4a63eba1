package com.bigtimedeals.community;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

import com.bigtimedeals.deals.Deal;

/**
 * A deal in the moderation queue: the counts of its open reports by reason, and when the first of them was made
 * (the queue's order: the longest waiting first).
 */
public record ReportedDeal(Deal deal, Map<ReportReason, Long> counts, Instant firstReportedAt) {
    public ReportedDeal {
        Map<ReportReason, Long> all = new EnumMap<>(ReportReason.class);
        for (ReportReason r : ReportReason.values()) {
            all.put(r, counts.getOrDefault(r, 0L));
        }
        counts = Collections.unmodifiableMap(all);
    }
}
