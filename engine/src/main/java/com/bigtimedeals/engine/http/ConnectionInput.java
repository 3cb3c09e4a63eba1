package com.bigtimedeals.engine.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A connection's input, buffered, read by one thread: a request's head is found by scanning the buffer for each line's
 * end, not a byte at a time. {@code BufferedInputStream} serves every byte through a synchronized {@code read()}: an
 * SDK request's head is about a kilobyte, and reading it so (with a {@code StringBuilder} append per byte) was a fifth
 * of the engine's serving threads' CPU under the push bench ({@code ./bigtimedeals bench --push --quick}, JFR).
 */
final class ConnectionInput extends InputStream {
    private final InputStream in;
    private final byte[] buf;
    private int pos;
    private int count;
    /** A line that runs past the end of the buffer, gathered here. */
    private byte[] spill = new byte[256];
    /** Bytes the last {@link #line} took from the stream, its {@code '\n'} included. */
    int consumed;

    ConnectionInput(InputStream in, int size) {
        this.in = in;
        this.buf = new byte[size];
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        count = n;
        return true;
    }

    /** The next byte without taking it, or -1 at the end of the stream. */
    int peek() throws IOException {
        if (pos >= count && !fill()) {
            return -1;
        }
        return buf[pos] & 0xff;
    }

    @Override
    public int read() throws IOException {
        if (pos >= count && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (pos >= count) {
            if (len >= buf.length) {
                return in.read(b, off, len); // a large body straight into its array
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, count - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public int available() throws IOException {
        return (count - pos) + in.available();
    }

    /**
     * The next line as ISO-8859-1 text (a byte a char, as the head's reader always took it), without its {@code '\n'}
     * and a {@code '\r'} before it; at the end of the stream what was read (a {@code '\r'} kept), or null when nothing
     * was. Refused ({@link RequestHead.Malformed} with {@code tooLong}) once it takes more than {@code maxBytes} bytes,
     * its {@code '\n'} counted, or holds more than {@code maxChars} before its {@code '\n'}. {@link #consumed} says what
     * it took.
     */
    String line(int maxBytes, int maxChars, String tooLong) throws IOException {
        int n = 0;
        while (true) {
            if (pos >= count && !fill()) {
                consumed = n;
                return n == 0 ? null : new String(spill, 0, n, StandardCharsets.ISO_8859_1);
            }
            int start = pos;
            int i = start;
            while (i < count && buf[i] != '\n') {
                i++;
            }
            int part = i - start;
            boolean found = i < count;
            if ((long) n + part + (found ? 1 : 0) > maxBytes || (long) n + part > maxChars) {
                throw new RequestHead.Malformed(tooLong);
            }
            pos = found ? i + 1 : i;
            if (found && n == 0) {
                consumed = part + 1;
                int len = part > 0 && buf[i - 1] == '\r' ? part - 1 : part;
                return new String(buf, start, len, StandardCharsets.ISO_8859_1);
            }
            if (n + part > spill.length) {
                spill = java.util.Arrays.copyOf(spill, Math.max(spill.length * 2, n + part));
            }
            System.arraycopy(buf, start, spill, n, part);
            n += part;
            if (found) {
                consumed = n + 1;
                int len = n > 0 && spill[n - 1] == '\r' ? n - 1 : n;
                return new String(spill, 0, len, StandardCharsets.ISO_8859_1);
            }
        }
    }
}
