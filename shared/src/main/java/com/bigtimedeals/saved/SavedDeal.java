package com.bigtimedeals.saved;

import java.time.Instant;

import com.bigtimedeals.deals.Deal;

/** A deal the user saved, and when (the first save: saving again changes nothing). {@code deal} is null in a PUT's answer. */
public record SavedDeal(String dealId, Instant savedAt, Deal deal) {
}
