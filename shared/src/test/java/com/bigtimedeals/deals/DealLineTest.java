package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;

import com.bigtimedeals.platform.ContractRules;

import org.junit.jupiter.api.Test;

/** A deal as a new-deal or hot-deal message reads it: the price with its currency and two decimals, the shop named. */
class DealLineTest {
    @Test
    void aPriceReadsWithItsCurrencyAndTheShopIsNamed() {
        assertEquals("Socks: $5.00 at Globex.", ContractRules.dealLine("Socks", new BigDecimal("5"), "Globex"));
        assertEquals("Headphones: $19.99 at Acme.", ContractRules.dealLine("Headphones", new BigDecimal("19.99"), "Acme"));
        assertEquals("A sample: free at Acme.", ContractRules.dealLine("A sample", BigDecimal.ZERO, "Acme"));
    }

    @Test
    void aLongLineIsCutToTheBodyLimitWithAnEllipsis() {
        String line = ContractRules.dealLine("x".repeat(ContractRules.BODY_MAX), new BigDecimal("1.50"), "Acme");
        String body = ContractRules.shorten(line, ContractRules.BODY_MAX);
        assertEquals(ContractRules.BODY_MAX, body.codePointCount(0, body.length()));
        assertEquals('…', body.charAt(body.length() - 1));
    }
}
