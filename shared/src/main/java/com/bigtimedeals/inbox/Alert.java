package com.bigtimedeals.inbox;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import com.bigtimedeals.deals.Deal;

/**
 * A deal alert as the API shows it. The matching rule of the contract is here, once: every keyword is a whole word
 * of the deal's title ({@link com.bigtimedeals.platform.Words}), none of the excluded words is, the price is at most {@code maxPrice} when set,
 * and the brand and the category are the alert's when set. An alert with {@code minTemperature} is matched only when
 * the deal's temperature first reaches it (the stream's counter aggregation), never at the deal's creation.
 */
public record Alert(String id, List<String> keywords, BigDecimal maxPrice, String brandId, String categoryId,
                    List<String> excludeWords, Integer minTemperature, Instant createdAt) {
    public Alert {
        NewAlert checked = new NewAlert(keywords, maxPrice, brandId, categoryId, excludeWords, minTemperature);
        keywords = checked.keywords();
        maxPrice = checked.maxPrice();
        excludeWords = checked.excludeWords();
    }

    public Alert(String id, List<String> keywords, BigDecimal maxPrice, String brandId, String categoryId, Instant createdAt) {
        this(id, keywords, maxPrice, brandId, categoryId, List.of(), null, createdAt);
    }

    public Alert(String id, NewAlert draft, Instant createdAt) {
        this(id, draft.keywords(), draft.maxPrice(), draft.brandId(), draft.categoryId(), draft.excludeWords(),
                draft.minTemperature(), createdAt);
    }

    /** The keywords as the API writes them: lowercase, separated by single spaces. */
    public String keywordText() {
        return String.join(" ", keywords);
    }

    /** The excluded words as the API writes them: {@code ""} when none. */
    public String excludeText() {
        return String.join(" ", excludeWords);
    }

    /**
     * Whether a deal matches on everything but the temperature. {@code titleWords} are the deal title's words
     * ({@link com.bigtimedeals.platform.Words#indexable}: every keyword and excluded word is one of those lengths), computed once per deal
     * rather than once per alert.
     */
    public boolean matches(Deal deal, Set<String> titleWords) {
        return titleWords.containsAll(keywords)
                && excludeWords.stream().noneMatch(titleWords::contains)
                && (maxPrice == null || deal.price().compareTo(maxPrice) <= 0)
                && (brandId == null || brandId.equals(deal.brandId()))
                && (categoryId == null || categoryId.equals(deal.categoryId()));
    }
}
