package com.bigtimedeals.engine.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/** The request line and the few headers the engine acts on, read straight off the connection. */
final class RequestHead {
    /** The service's limit on a request's line and headers together (16 KB); ours is looser, and still bounded. */
    static final int MAX_HEAD_BYTES = 64 * 1024;

    /** A request that is not HTTP the server can read: answered 400 and the connection closed. */
    static final class Malformed extends IOException {
        Malformed(String message) {
            super(message, null);
        }
    }

    String method;
    String path;
    String host;
    String target;
    /** -1 when the request declares none. */
    long contentLength;
    boolean chunked;
    boolean keepAlive;
    boolean expectContinue;
    /** The Content-Type header as sent, or null. */
    String contentType;
    String contentEncoding;
    String acceptEncoding;
    String origin;
    String corsMethod;
    String corsHeaders;
    private int headBytes;

    /** Reads the next request's head; false at a clean end of the connection. */
    boolean read(InputStream in) throws IOException {
        headBytes = 0;
        String requestLine;
        do {
            requestLine = lineOrNull(in);
            if (requestLine == null) {
                return false;
            }
        } while (requestLine.isEmpty());
        int sp = requestLine.indexOf(' ');
        method = sp < 0 ? requestLine : requestLine.substring(0, sp);
        int sp2 = sp < 0 ? -1 : requestLine.indexOf(' ', sp + 1);
        path = sp < 0 ? "/" : requestLine.substring(sp + 1, sp2 < 0 ? requestLine.length() : sp2);
        host = null;
        origin = null;
        corsMethod = null;
        corsHeaders = null;
        boolean http10 = requestLine.endsWith("HTTP/1.0");
        target = null;
        contentLength = -1;
        chunked = false;
        keepAlive = !http10;
        expectContinue = false;
        contentType = null;
        contentEncoding = null;
        acceptEncoding = null;
        String line;
        while (!(line = line(in)).isEmpty()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("host")) {
                host = value;
            } else if (name.equalsIgnoreCase("origin")) {
                origin = value;
            } else if (name.equalsIgnoreCase("access-control-request-method")) {
                corsMethod = value;
            } else if (name.equalsIgnoreCase("access-control-request-headers")) {
                corsHeaders = value;
            } else if (name.equalsIgnoreCase("x-amz-target")) {
                target = value;
            } else if (name.equalsIgnoreCase("content-length")) {
                contentLength = length(value);
            } else if (name.equalsIgnoreCase("transfer-encoding")) {
                chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
            } else if (name.equalsIgnoreCase("connection")) {
                if (value.equalsIgnoreCase("close")) {
                    keepAlive = false;
                } else if (value.equalsIgnoreCase("keep-alive")) {
                    keepAlive = true;
                }
            } else if (name.equalsIgnoreCase("expect")) {
                expectContinue = value.equalsIgnoreCase("100-continue");
            } else if (name.equalsIgnoreCase("content-encoding")) {
                contentEncoding = value.toLowerCase(Locale.ROOT);
            } else if (name.equalsIgnoreCase("accept-encoding")) {
                // Only the first Accept-Encoding header counts, as with the service.
                acceptEncoding = acceptEncoding == null ? value : acceptEncoding;
            } else if (name.equalsIgnoreCase("content-type")) {
                contentType = value;
            }
        }
        return true;
    }

    /**
     * The JSON dialect the body is in: {@code application/x-amz-json-1.0} or {@code application/json} (older clients),
     * parameters after a {@code ;} ignored; null for any other type.
     */
    String jsonDialect() {
        if (contentType == null) {
            return null;
        }
        int semi = contentType.indexOf(';');
        String base = (semi < 0 ? contentType : contentType.substring(0, semi)).trim();
        if (base.equalsIgnoreCase("application/x-amz-json-1.0")) {
            return "application/x-amz-json-1.0";
        }
        return base.equalsIgnoreCase("application/json") ? "application/json" : null;
    }

    private static long length(String value) throws Malformed {
        if (value.isEmpty() || value.length() > 18) {
            throw new Malformed("bad Content-Length");
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                throw new Malformed("bad Content-Length");
            }
        }
        return Long.parseLong(value);
    }

    /** One line of a chunked body's framing (no head limit applies: the body's own limit does). */
    static String chunkLine(InputStream in) throws IOException {
        String s = lineOrNull(in, null);
        if (s == null) {
            throw new EOFException();
        }
        return s;
    }

    private String line(InputStream in) throws IOException {
        String s = lineOrNull(in);
        if (s == null) {
            throw new EOFException();
        }
        return s;
    }

    private String lineOrNull(InputStream in) throws IOException {
        return lineOrNull(in, this);
    }

    private static String lineOrNull(InputStream in, RequestHead head) throws IOException {
        if (in instanceof ConnectionInput c) {
            // The server's own input: the line found by scanning its buffer, under the same limits as below.
            String s = head != null ? c.line(MAX_HEAD_BYTES - head.headBytes, Integer.MAX_VALUE, "request head too large")
                    : c.line(Integer.MAX_VALUE, 4096, "chunk line too long");
            if (head != null) {
                head.headBytes += c.consumed;
            }
            return s;
        }
        StringBuilder sb = new StringBuilder(64);
        int c;
        while ((c = in.read()) >= 0) {
            if (head != null && ++head.headBytes > MAX_HEAD_BYTES) {
                throw new Malformed("request head too large");
            }
            if (c == '\n') {
                int n = sb.length();
                if (n > 0 && sb.charAt(n - 1) == '\r') {
                    sb.setLength(n - 1);
                }
                return sb.toString();
            }
            sb.append((char) c);
            if (sb.length() > 4096 && head == null) {
                throw new Malformed("chunk line too long");
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }
}
