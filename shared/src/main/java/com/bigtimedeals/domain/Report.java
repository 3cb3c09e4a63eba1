package com.bigtimedeals.domain;

import java.time.Instant;

/** One user's report of one deal. A user reports a deal at most once; later reports change nothing. */
public record Report(String dealId, String username, ReportReason reason, String note, Instant reportedAt) {
    public Report {
        if (note != null && note.isBlank()) {
            note = null; // "no note", however a form sends it
        }
        note = ContractRules.text("note", note, ContractRules.NOTE_MAX);
    }
}
