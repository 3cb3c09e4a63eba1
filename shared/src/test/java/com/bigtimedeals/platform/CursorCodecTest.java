package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A cursor names its list and is signed: one made for another list, edited, or too long is refused, never read. */
class CursorCodecTest {
    private final CursorCodec codec = new CursorCodec("unit-key");

    @Test
    void aCursorReadsBackOnlyForTheListItWasMadeFor() {
        String cursor = codec.encode("BRAND#acme", List.of("2026-11-20", "DEAL#1"));
        assertEquals(List.of("2026-11-20", "DEAL#1"), codec.decode("BRAND#acme", cursor, 2));
        assertEquals("cursor", assertThrows(DomainException.class, () -> codec.decode("BRAND#globex", cursor, 2)).field());
        assertThrows(DomainException.class, () -> codec.decode("BRAND#acme", cursor, 1));
        assertThrows(DomainException.class, () -> new CursorCodec("another-key").decode("BRAND#acme", cursor, 2));
    }

    @Test
    void anEditedMalformedOrOverlongCursorIsAClientMistake() {
        String cursor = codec.encode("DEALS", List.of("2026-11-20", ""));
        char[] edited = cursor.toCharArray();
        edited[2] = edited[2] == 'A' ? 'B' : 'A';
        for (String bad : List.of(new String(edited), "no-dot", "." + cursor, cursor + "!",
                "A".repeat(CursorCodec.MAX_CURSOR_CHARS + 1))) {
            assertEquals(DomainException.Kind.INVALID, assertThrows(DomainException.class, () -> codec.decode("DEALS", bad, 2)).kind(), bad);
        }
    }
}
