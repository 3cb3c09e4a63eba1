package com.bigtimedeals.community;

import java.time.Instant;

/**
 * One user's report of one deal. A user reports a deal at most once; later reports change nothing. The note's text
 * rule (no control characters, {@link com.bigtimedeals.platform.ContractRules#NOTE_MAX}) is checked where a request brings it (the body's
 * NOTE field), not here: a report is also built from what is stored, and a note stored under an older, looser rule
 * must still read rather than make its deal's reports unreadable. {@code counted}: whether it counts toward community
 * expiry (api.md, "Reports, tightened": its reporter's profile had reached the set age when it was filed).
 */
public record Report(String dealId, String username, ReportReason reason, String note, Instant reportedAt, boolean counted) {
    /** A report as it is asked for; whether it counts is decided where it is filed. */
    public Report(String dealId, String username, ReportReason reason, String note, Instant reportedAt) {
        this(dealId, username, reason, note, reportedAt, true);
    }

    public Report {
        if (note != null && note.isBlank()) {
            note = null; // "no note", however a form sends it
        }
    }
}
