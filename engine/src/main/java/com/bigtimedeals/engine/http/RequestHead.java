package com.bigtimedeals.engine.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** The request line and the few headers the engine acts on, read straight off the connection. */
final class RequestHead {
    String method;
    String path;
    String host;
    String target;
    int contentLength;
    boolean chunked;
    boolean keepAlive;
    boolean expectContinue;
    String jsonContentType;
    String contentEncoding;
    String acceptEncoding;
    String origin;
    String corsMethod;
    String corsHeaders;

    /** Reads the next request's head; false at a clean end of the connection. */
    boolean read(InputStream in) throws IOException {
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
        contentLength = 0;
        chunked = false;
        keepAlive = !http10;
        expectContinue = false;
        jsonContentType = "application/x-amz-json-1.0";
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
                contentLength = Integer.parseInt(value);
            } else if (name.equalsIgnoreCase("transfer-encoding")) {
                chunked = value.toLowerCase().contains("chunked");
            } else if (name.equalsIgnoreCase("connection")) {
                if (value.equalsIgnoreCase("close")) {
                    keepAlive = false;
                } else if (value.equalsIgnoreCase("keep-alive")) {
                    keepAlive = true;
                }
            } else if (name.equalsIgnoreCase("expect")) {
                expectContinue = value.equalsIgnoreCase("100-continue");
            } else if (name.equalsIgnoreCase("content-encoding")) {
                contentEncoding = value.toLowerCase(java.util.Locale.ROOT);
            } else if (name.equalsIgnoreCase("accept-encoding")) {
                // Only the first Accept-Encoding header counts, as with the service.
                acceptEncoding = acceptEncoding == null ? value : acceptEncoding;
            } else if (name.equalsIgnoreCase("content-type")) {
                // The service answers in the JSON dialect it was asked in (older clients send application/json).
                if (value.startsWith("application/json")) {
                    jsonContentType = "application/json";
                }
            }
        }
        return true;
    }

    static String line(InputStream in) throws IOException {
        String s = lineOrNull(in);
        if (s == null) {
            throw new EOFException();
        }
        return s;
    }

    private static String lineOrNull(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder(64);
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                int n = sb.length();
                if (n > 0 && sb.charAt(n - 1) == '\r') {
                    sb.setLength(n - 1);
                }
                return sb.toString();
            }
            sb.append((char) c);
            if (sb.length() > 64 * 1024) {
                throw new IOException("header line too long");
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }
}
