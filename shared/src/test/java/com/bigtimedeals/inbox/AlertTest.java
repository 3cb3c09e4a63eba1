package com.bigtimedeals.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Words;

import org.junit.jupiter.api.Test;

/** The contract's matching rule for a new deal, and what an alert may hold. */
class AlertTest {
    static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

    static Deal deal(String title, String price, String brandId, String categoryId) {
        return new Deal("2Ob8YqPCahzVbVMpA4Ff0mu3Knb", title, "https://shop.example.com/x", new BigDecimal(price), brandId,
                "Brand", categoryId, "Category", null, null, NOW);
    }

    static boolean matches(String keywords, String title) {
        return alert(keywords, null, null, null).matches(deal(title, "100", "acme", "tech"), Words.indexable(title));
    }

    static Alert alert(String keywords, String maxPrice, String brandId, String categoryId) {
        return new Alert("2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA", NewAlert.of(keywords, maxPrice == null ? null : new BigDecimal(maxPrice),
                brandId, categoryId), NOW);
    }

    @Test
    void everyKeywordMustBeAWholeWordOfTheTitleInAnyCase() {
        assertTrue(matches("ps5", "PS5, console"), "punctuation ends a word");
        assertFalse(matches("ps5", "PS55 bundle"), "ps55 is another word");
        assertTrue(matches("ps5 console", "Sony PS5 Digital Console"), "every keyword, in any order and case");
        assertTrue(matches("console ps5", "(PS5) console!"), "keywords in any order");
        assertFalse(matches("ps5 console", "PS5 Digital Edition"), "one keyword missing");
        assertFalse(matches("head", "Headphones on sale"), "part of a word is not a word");
        assertTrue(matches("half price", "Half-price headphones"), "a hyphen separates words");
        assertTrue(matches("wh 1000xm5", "Sony WH-1000XM5"), "letters and digits run together");
        assertTrue(matches("49", "£49.99 at Acme"), "a decimal point separates digits");
    }

    @Test
    void unicodeLettersAndDigitsAreWordsToo() {
        assertTrue(matches("café", "CAFÉ crème beans"), "accented letters lowercase");
        assertTrue(matches("cafe\u0301", "Café crème"), "a combining accent is the precomposed letter");
        assertTrue(matches("東京", "東京 deals"), "letters without case");
        assertTrue(matches("हिन्दी", "हिन्दी किताब sale"), "marks belong to their word");
        assertTrue(matches("١٢٣", "Offer ١٢٣"), "Arabic-Indic digits are digits");
        assertFalse(matches("strasse", "Straße maps"), "lower case, not case folding");
    }

    @Test
    void priceBrandAndCategoryNarrowTheMatch() {
        Deal deal = deal("PS5 console", "399.99", "sony", "games");
        var words = Words.indexable(deal.title());
        assertTrue(alert("ps5", "399.99", null, null).matches(deal, words), "at most maxPrice: equal is in");
        assertFalse(alert("ps5", "399.98", null, null).matches(deal, words), "a cent above maxPrice is out");
        assertTrue(alert("ps5", null, "sony", null).matches(deal, words), "its brand");
        assertFalse(alert("ps5", null, "acme", null).matches(deal, words), "another brand");
        assertTrue(alert("ps5", null, null, "games").matches(deal, words), "its category");
        assertFalse(alert("ps5", null, null, "tech").matches(deal, words), "another category");
        assertTrue(alert("ps5 console", "400", "sony", "games").matches(deal, words), "everything at once");
        assertFalse(alert("ps5 console", "400", "sony", "tech").matches(deal, words), "everything but the category");
    }

    @Test
    void keywordsAreTheContractsWordsStoredLowercaseEachOnce() {
        assertEquals(List.of("ps5", "console"), NewAlert.of("  PS5 Console ps5 ", null, null, null).keywords());
        assertEquals("ps5 console", alert("PS5   console", null, null, null).keywordText());
        for (String bad : new String[] {"", "   ", "ps5,", "p", "a b", "one two three four five six", "x".repeat(31), "ps5\tx"}) {
            DomainException e = assertThrows(DomainException.class, () -> NewAlert.of(bad, null, null, null), bad);
            assertEquals("keywords", e.field());
        }
        DomainException price = assertThrows(DomainException.class, () -> NewAlert.of("ps5", new BigDecimal("1.999"), null, null));
        assertEquals("maxPrice", price.field());
        assertThrows(DomainException.class, () -> NewAlert.of("ps5", new BigDecimal("-1"), null, null));
        assertEquals(new BigDecimal("5"), NewAlert.of("ps5", new BigDecimal("5.00"), null, null).maxPrice());
    }
}
