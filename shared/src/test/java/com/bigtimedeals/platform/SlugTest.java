package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The slug rule against its table of cases, slug-cases.json: the one list of what a name becomes, which the CMS's
 * copy of the rule is held to as well, so the two cannot drift apart.
 */
class SlugTest {
    static JsonNode cases() throws IOException {
        try (InputStream in = SlugTest.class.getResourceAsStream("/slug-cases.json")) {
            return new ObjectMapper().readTree(in).get("cases");
        }
    }

    @Test
    void everyCaseOfTheSharedTableComesOutAsListed() throws IOException {
        JsonNode cases = cases();
        assertTrue(cases.size() >= 20, "the table lists the rule's cases");
        for (JsonNode c : cases) {
            String name = c.get("name").asText();
            String why = c.get("why").asText();
            if (c.get("id").isNull()) {
                DomainException refused = assertThrows(DomainException.class, () -> Slug.of(name), why);
                assertEquals("name", refused.field(), why);
            } else {
                String id = Slug.of(name);
                assertEquals(c.get("id").asText(), id, why + ": " + name);
                assertTrue(Slug.isValid(id), why + ": " + id + " is not a valid id");
            }
        }
    }

    @Test
    void validityIsExactlyTheShapeTheRuleProduces() {
        assertTrue(Slug.isValid("food-drink"));
        assertFalse(Slug.isValid("Food-Drink"));
        assertFalse(Slug.isValid("-food"));
        assertFalse(Slug.isValid("food--drink"));
        assertFalse(Slug.isValid("a".repeat(Slug.MAX_LENGTH + 1)));
        assertFalse(Slug.isValid(null));
    }
}
