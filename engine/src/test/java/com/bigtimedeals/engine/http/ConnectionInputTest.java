package com.bigtimedeals.engine.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The server's buffered input reads a head's lines as the byte-at-a-time reader did, whatever the buffer's size. */
class ConnectionInputTest {
    private static final String HEAD = "POST / HTTP/1.1\r\nHost: a\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
            + "Bare: lf\nLatin: caf\u00e9\r\nContent-Length: 4\r\n\r\nbody";

    /** Parsing through the fallback (a plain InputStream) and through ConnectionInput at every buffer size agree. */
    @Test
    void linesAndTheBodyAfterThemMatchTheByteReaderAtEveryBufferSize() throws IOException {
        byte[] bytes = HEAD.getBytes(StandardCharsets.ISO_8859_1);
        RequestHead plain = new RequestHead();
        InputStream slow = new ByteArrayInputStream(bytes);
        plain.read(slow);
        byte[] rest = slow.readAllBytes();
        for (int size = 1; size <= bytes.length + 1; size++) {
            ConnectionInput in = new ConnectionInput(new ByteArrayInputStream(bytes), size);
            RequestHead head = new RequestHead();
            assertEquals('P', in.peek());
            head.read(in);
            assertEquals(plain.method, head.method);
            assertEquals(plain.target, head.target);
            assertEquals(plain.contentLength, head.contentLength);
            assertArrayEquals(rest, in.readAllBytes(), "buffer of " + size);
        }
    }

    @Test
    void aLineAtTheEndOfTheStreamIsWhatWasReadAndNothingIsNull() throws IOException {
        ConnectionInput in = new ConnectionInput(new ByteArrayInputStream("a\r\nb\r".getBytes(StandardCharsets.US_ASCII)), 2);
        assertEquals("a", in.line(100, 100, "x"));
        assertEquals(3, in.consumed);
        assertEquals("b\r", in.line(100, 100, "x"));
        assertNull(in.line(100, 100, "x"));
        assertEquals(-1, in.peek());
    }

    @Test
    void limitsRefuseAsTheByteReaderDid() throws IOException {
        // maxBytes counts the '\n': a 3-byte line "ab\n" fits in 3, not in 2.
        assertEquals("ab", new ConnectionInput(new ByteArrayInputStream("ab\n".getBytes(StandardCharsets.US_ASCII)), 2)
                .line(3, Integer.MAX_VALUE, "x"));
        assertThrows(RequestHead.Malformed.class, () -> new ConnectionInput(
                new ByteArrayInputStream("ab\n".getBytes(StandardCharsets.US_ASCII)), 2).line(2, Integer.MAX_VALUE, "x"));
        // maxChars counts what comes before the '\n', a '\r' too.
        assertEquals("abc", new ConnectionInput(new ByteArrayInputStream("abc\r\n".getBytes(StandardCharsets.US_ASCII)), 3)
                .line(Integer.MAX_VALUE, 4, "x"));
        assertThrows(RequestHead.Malformed.class, () -> new ConnectionInput(
                new ByteArrayInputStream("abcd\r\n".getBytes(StandardCharsets.US_ASCII)), 3).line(Integer.MAX_VALUE, 4, "x"));
        byte[] huge = ("GET / HTTP/1.1\r\nX: " + "y".repeat(RequestHead.MAX_HEAD_BYTES) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        assertThrows(RequestHead.Malformed.class, () -> new RequestHead().read(new ConnectionInput(new ByteArrayInputStream(huge), 16 * 1024)));
    }
}
