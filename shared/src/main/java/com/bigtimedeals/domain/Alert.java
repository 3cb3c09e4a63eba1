package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A deal alert as the API shows it. The matching rule of the contract is here, once: every keyword is a whole word
 * of the deal's title ({@link Words}), the price is at most {@code maxPrice} when set, and the brand and the
 * category are the alert's when set.
 */
public record Alert(String id, List<String> keywords, BigDecimal maxPrice, String brandId, String categoryId,
                    Instant createdAt) {
    public Alert {
        NewAlert checked = new NewAlert(keywords, maxPrice, brandId, categoryId);
        keywords = checked.keywords();
        maxPrice = checked.maxPrice();
    }

    public Alert(String id, NewAlert draft, Instant createdAt) {
        this(id, draft.keywords(), draft.maxPrice(), draft.brandId(), draft.categoryId(), createdAt);
    }

    /** The keywords as the API writes them: lowercase, separated by single spaces. */
    public String keywordText() {
        return String.join(" ", keywords);
    }

    /**
     * Whether a new deal matches. {@code titleWords} are the deal title's words ({@link Words#indexable}: every
     * keyword is one of those lengths), computed once per deal rather than once per alert.
     */
    public boolean matches(Deal deal, Set<String> titleWords) {
        return titleWords.containsAll(keywords)
                && (maxPrice == null || deal.price().compareTo(maxPrice) <= 0)
                && (brandId == null || brandId.equals(deal.brandId()))
                && (categoryId == null || categoryId.equals(deal.categoryId()));
    }
}
