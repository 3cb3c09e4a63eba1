package com.bigtimedeals.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The text and email rules, in the server's check and in the pattern the OpenAPI document states: each input below
 * is refused (or taken) by both, so a client validating with the document never disagrees with the server.
 */
class ContractRulesTest {
    private static final Pattern TEXT = Pattern.compile(ContractRules.TEXT_PATTERN);
    private static final Pattern EMAIL = Pattern.compile(ContractRules.EMAIL_PATTERN);

    @Test
    void textRefusesEveryControlCharacterButTabAndNewlinesC1Included() {
        for (String bad : new String[] {"\u0085", "\u0085\u0085", "a\u0085b", "a\u0080", "\u009fa", "a\u007fb", "a\u0000",
            "\u001f", " ", "\u00a0", "\u2028", "\t\n"}) {
            assertThrows(DomainException.class, () -> ContractRules.text("title", bad, 200), escape(bad));
            assertTrue(!TEXT.matcher(bad).matches(), "the pattern takes " + escape(bad));
        }
        for (String good : new String[] {"a", "Deal\tof the day", "line one\nline two\r\n", "caf\u00e9", "\u00a0a", "\ud83c\udfa7"}) {
            assertEquals(good, ContractRules.text("title", good, 200));
            assertTrue(TEXT.matcher(good).matches(), "the pattern refuses " + escape(good));
        }
    }

    @Test
    void emailNeedsAWellFormedLocalPartAndDomainLabels() {
        for (String bad : new String[] {"a@-example.com", "a@example-.com", "a@example.-com", "a.@example.com", ".a@example.com",
            "a..b@example.com", "a@b", "a@.example.com", "a@example..com", "a@example.com.", "@example.com",
            "a\u0085@example.com", "ann\u00a0lee@example.com", "a@exa\u3000mple.com", "x".repeat(65) + "@example.com", "a b@example.com"}) {
            assertThrows(DomainException.class, () -> ContractRules.email("email", bad), bad);
            assertTrue(!EMAIL.matcher(bad).matches(), "the pattern takes " + escape(bad));
        }
        for (String good : new String[] {"a@b.c", "ann.lee@example.com", "a+tag@mail.example.co.uk", "x-y@my-shop.example",
            "x".repeat(64) + "@example.com", "j\u00f6rg@m\u00fcller.de", "1@2.3"}) {
            assertEquals(good, ContractRules.email("email", good));
            assertTrue(EMAIL.matcher(good).matches(), "the pattern refuses " + good);
        }
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().forEach(c -> b.append(c < 0x20 || (c >= 0x7f && c <= 0xa0) || c == 0x2028 ? String.format("\\u%04x", c)
                : new String(Character.toChars(c))));
        return b.toString();
    }
}
