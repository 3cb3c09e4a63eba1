package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The word rule against its table of cases, word-cases.json: the one list of what a text's words are and which
 * keywords or searches the contract accepts, which the CMS's copy of the rule is held to as well.
 */
class WordsTest {
    /** The shortcut past the JDK's normaliser is NFC itself for every pair of characters below U+0300, and not above. */
    @Test
    void textBelowTheFirstCombiningMarkIsNfcAsItIs() {
        for (char a = 0; a < 0x300; a++) {
            for (char b = 0; b < 0x300; b++) {
                String pair = new String(new char[] {a, b});
                assertEquals(java.text.Normalizer.normalize(pair, java.text.Normalizer.Form.NFC), Words.nfc(pair), pair);
            }
        }
        assertEquals("\u00e9", Words.nfc("e\u0301"));
        assertEquals(List.of("i\u0307stanbul"), Words.of("\u0130stanbul")); // lowercased past U+0300: normalised again
    }

    static JsonNode table() throws IOException {
        try (InputStream in = WordsTest.class.getResourceAsStream("/word-cases.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void everyTextOfTheSharedTableHasTheWordsListed() throws IOException {
        JsonNode cases = table().get("words");
        assertTrue(cases.size() >= 20, "the table lists the rule's cases");
        for (JsonNode c : cases) {
            String text = c.get("text").asText();
            String why = c.get("why").asText();
            assertEquals(strings(c.get("words")), Words.of(text), why);
            assertEquals(strings(c.get("indexable")), List.copyOf(Words.indexable(text)), why);
        }
    }

    @Test
    void everyQueryOfTheSharedTableIsAcceptedOrRefusedAsListed() throws IOException {
        JsonNode cases = table().get("queries");
        assertTrue(cases.size() >= 15, "the table lists the rule's cases");
        for (JsonNode c : cases) {
            String q = c.get("q").asText();
            String why = c.get("why").asText();
            if (c.get("words").isNull()) {
                DomainException refused = assertThrows(DomainException.class, () -> Words.parse("q", q), why);
                assertEquals("q", refused.field(), why);
                assertEquals(DomainException.Kind.INVALID, refused.kind(), why);
            } else {
                assertEquals(strings(c.get("words")), Words.parse("q", q), why);
            }
        }
    }

    @Test
    void theMachinesLocaleNeverChangesAWord() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            assertEquals(List.of("istanbul", "title"), Words.of("ISTANBUL TITLE"), "never a dotless ı");
            assertEquals(List.of("istanbul"), Words.parse("q", "ISTANBUL"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void textFarLongerThanFiveWordsCouldBeIsRefusedBeforeItIsRead() {
        assertThrows(DomainException.class, () -> Words.parse("q", "a".repeat(Words.MAX_TEXT + 1)));
        assertThrows(DomainException.class, () -> Words.parse("q", null));
    }
}
