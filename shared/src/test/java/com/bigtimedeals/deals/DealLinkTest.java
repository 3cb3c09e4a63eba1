package com.bigtimedeals.deals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** The contract's "same link": scheme and host lowercase, no fragment, no utm_* parameters, no trailing slash. */
class DealLinkTest {
    @Test
    void theSameOfferWrittenDifferentlyIsOneLink() {
        String normal = "https://shop.example.com/deal/42?size=m";
        for (String link : new String[] {
            "https://shop.example.com/deal/42?size=m",
            "HTTPS://Shop.Example.COM/deal/42?size=m",
            "https://shop.example.com/deal/42/?size=m",
            "https://shop.example.com/deal/42/?size=m#reviews",
            "https://shop.example.com/deal/42?utm_source=newsletter&size=m&utm_campaign=black-friday",
            "https://shop.example.com/deal/42?UTM_Medium=email&size=m",
        }) {
            assertEquals(normal, DealLink.normalise(link), link);
        }
        assertEquals("https://shop.example.com", DealLink.normalise("https://SHOP.example.com/"));
        assertEquals("https://shop.example.com", DealLink.normalise("https://shop.example.com/?utm_source=x#top"));
        assertEquals("http://shop.example.com:8080/a", DealLink.normalise("http://shop.example.com:8080/a/"));
    }

    @Test
    void whatTheRuleDoesNotNameIsKept() {
        // The path's case, other parameters and their order, and escapes can tell two offers apart.
        assertNotEquals(DealLink.normalise("https://shop.example.com/Deal/42"), DealLink.normalise("https://shop.example.com/deal/42"));
        assertNotEquals(DealLink.normalise("https://shop.example.com/d?a=1&b=2"), DealLink.normalise("https://shop.example.com/d?b=2&a=1"));
        assertNotEquals(DealLink.normalise("https://shop.example.com/d?size=m"), DealLink.normalise("https://shop.example.com/d?size=l"));
        assertNotEquals(DealLink.normalise("http://shop.example.com/d"), DealLink.normalise("https://shop.example.com/d"));
        assertEquals("https://shop.example.com/d?utmost=1", DealLink.normalise("https://shop.example.com/d?utmost=1"));
        assertEquals("https://shop.example.com/a%2Fb", DealLink.normalise("https://shop.example.com/a%2Fb/"));
    }

    @Test
    void rfc3986EquivalentSpellingsAreOneLinkAndNothingFurther() {
        String normal = "https://shop.example.com/x-y";
        for (String link : new String[] {"https://shop.example.com:443/x-y", "https://shop.example.com./x-y",
            "https://shop.example.com/x%2Dy", "https://shop.example.com/x%2dy/", "https://SHOP.example.com.:443/x%2Dy",
            "https://shop.example.com/a/../x-y", "https://shop.example.com/./x-y"}) {
            assertEquals(normal, DealLink.normalise(link), link);
        }
        assertEquals("http://shop.example.com/p", DealLink.normalise("http://shop.example.com:80/p"));
        assertEquals("http://shop.example.com:443/p", DealLink.normalise("http://shop.example.com:443/p"));
        assertEquals("https://shop.example.com:80/p", DealLink.normalise("https://shop.example.com:80/p"));
        assertEquals("https://shop.example.com/a%2Fb%C3%A9?q=%3D", DealLink.normalise("https://shop.example.com/a%2fb%c3%a9?q=%3d"));
        assertEquals("https://shop.example.com/d?q=~", DealLink.normalise("https://shop.example.com/d?q=%7e&utm%5Fsource=x"));
        // Empty segments are another path: /x// is not /x (only one trailing slash goes).
        assertNotEquals(DealLink.normalise("https://shop.example.com/x"), DealLink.normalise("https://shop.example.com/x//"));
        assertEquals("https://shop.example.com/x/", DealLink.normalise("https://shop.example.com/x//"));
        assertEquals("https://shop.example.com/a//b", DealLink.normalise("https://shop.example.com/a//b"));
    }
}
