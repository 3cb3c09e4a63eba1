package com.bigtimedeals.platform;

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
    void invisibleTextIsBlankAndUnpairedBidiControlsAreRefused() {
        // Issue 43: each of these alone (or with spaces) is blank to a reader.
        String[] invisible = {"\u200b", "\u200c", "\u200d", "\u2060", "\u2800", "\u3164", "\u115f", "\u034f", "\u180e",
            "\udb40\udc20", "\u00ad", "\ufeff", "\ufe0f", "\u200e\u200f", " \u200b \u2060 ", "\u2066\u2069", "\u202e\u202c"};
        for (String bad : invisible) {
            DomainException e = assertThrows(DomainException.class, () -> ContractRules.text("body", bad, 200), escape(bad));
            assertTrue(e.getMessage().contains("not blank"), e.getMessage());
            if (bad.chars().allMatch(c -> c < 0xD800 || c > 0xDFFF)) {
                assertTrue(!TEXT.matcher(bad).matches(), "the pattern takes " + escape(bad));
            }
        }
        for (String bad : new String[] {"abc\u202e", "\u202edef", "a\u2067b", "a\u202cb", "a\u2069", "\u202ea\nb\u202c",
            "\u2066a\u202cb\u2069", "\u202ea\u2069"}) {
            DomainException e = assertThrows(DomainException.class, () -> ContractRules.text("title", bad, 200), escape(bad));
            assertTrue(e.getMessage().contains("bidi"), e.getMessage());
        }
        for (String good : new String[] {"a\u200bb", "\u05e9\u05dc\u05d5\u05dd", "x \u202eabc\u202c y", "\u2067\u05d0\u2069 ok",
            "\u2066a\u202bb\u202c\u2069", "\ud83d\udc4d\ufe0f", "\ud83d\udc68\u200d\ud83d\udc69", "\u2800a"}) {
            assertEquals(good, ContractRules.text("title", good, 200));
            assertTrue(TEXT.matcher(good).matches(), "the pattern refuses " + escape(good));
        }
    }

    @Test
    void emailNeedsAWellFormedLocalPartAndDomainLabels() {
        for (String bad : new String[] {"a@-example.com", "a@example-.com", "a@example.-com", "a.@example.com", ".a@example.com",
            "a..b@example.com", "a@b", "a@.example.com", "a@example..com", "a@example.com.", "@example.com",
            "a\u0085@example.com", "ann\u00a0lee@example.com", "a@exa\u3000mple.com", "x".repeat(65) + "@example.com", "a b@example.com",
            // Issue 43: an address of characters that show nothing is blank, and one holding them reads as another's.
            "\u200b@\u200b.\u200b", "\u3164@\u3164.\u3164", "\u2800@\u2800.\u2800", "a\u200b@example.com", "ann@exa\u2060mple.com",
            "\u202e@example.com", "ann@example.com\u200e", "a\u00ad@example.com", "\ufeffa@example.com"}) {
            assertThrows(DomainException.class, () -> ContractRules.email("email", bad), bad);
            assertTrue(!EMAIL.matcher(bad).matches(), "the pattern takes " + escape(bad));
        }
        for (String good : new String[] {"a@b.c", "ann.lee@example.com", "a+tag@mail.example.co.uk", "x-y@my-shop.example",
            "x".repeat(64) + "@example.com", "j\u00f6rg@m\u00fcller.de", "1@2.3"}) {
            assertEquals(good, ContractRules.email("email", good));
            assertTrue(EMAIL.matcher(good).matches(), "the pattern refuses " + good);
        }
    }

    @Test
    void linksHoldNoCharacterThatShowsNothing() {
        // Issue 43: invisible characters make a link read as another deal's that the duplicate guard takes as new, and
        // bidi controls reorder it (RFC 3987, 4.1). Percent-encoded they are fine.
        for (String bad : new String[] {"https://shop.example.com/x\u200b", "https://shop.example.com/\u202ex", "https://shop\u200d.example.com/",
            "https://shop.example.com/x?q=\u2060", "https://shop.example.com/\u3164", "https://shop.example.com/\u2800",
            "https://shop.example.com/x\udb40\udc20", "https://shop.example.com/x\u00a0", "https://shop.example.com/x\u0085",
            "https://shop.example.com/\u2066x\u2069", "https://shop.example.com/x#\u200f"}) {
            assertThrows(DomainException.class, () -> ContractRules.url("link", bad), escape(bad));
            assertThrows(DomainException.class, () -> ContractRules.httpsUrl("imageUrl", bad), escape(bad));
            if (bad.chars().allMatch(c -> c < 0xD800 || c > 0xDFFF)) {
                assertTrue(!Pattern.compile(ContractRules.URL_PATTERN).matcher(bad).matches(), "the pattern takes " + escape(bad));
            }
        }
        for (String good : new String[] {"https://shop.example.com/x%E2%80%8B", "https://shop.example.com/caf\u00e9",
            "https://shop.example.com/\ud83c\udfa7", "https://shop.example.com/x?q=%E2%80%AE"}) {
            assertEquals(good, ContractRules.url("link", good));
            assertTrue(Pattern.compile(ContractRules.URL_PATTERN).matcher(good).matches(), "the pattern refuses " + escape(good));
        }
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().forEach(c -> b.append(c < 0x20 || (c >= 0x7f && c <= 0xa0) || c == 0x2028 ? String.format("\\u%04x", c)
                : new String(Character.toChars(c))));
        return b.toString();
    }
}
