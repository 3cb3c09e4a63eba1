package com.bigtimedeals.engine.http;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * Compressed bodies, as the service takes and gives them: requests with {@code Content-Encoding: gzip} or
 * {@code deflate} are decompressed (a body that does not decompress is an HTTP 500, as the service answers it);
 * responses of 4 KB or more are compressed when the client's {@code Accept-Encoding} asks for gzip or deflate.
 */
final class Encodings {
    static final int COMPRESSION_THRESHOLD = 4096;

    /** A request body the engine cannot read. */
    static final class Undecodable extends Exception {
        final int status;

        Undecodable(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }

        byte[] body() {
            return ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\""
                    + jsonText(getMessage()) + "\"}").getBytes(StandardCharsets.UTF_8);
        }

        /** The message as JSON string content: it may name the encoding the client sent, quotes and all. */
        private static String jsonText(String s) {
            StringBuilder sb = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"' || c == '\\') {
                    sb.append('\\').append(c);
                } else if (c < 0x20 || c > 0x7e) {
                    sb.append(String.format("\\u%04x", (int) c));
                } else {
                    sb.append(c);
                }
            }
            return sb.toString();
        }
    }

    private Encodings() {
    }

    static byte[] decode(String encoding, byte[] body, int limit) throws Undecodable {
        if (encoding == null || encoding.isEmpty() || encoding.equals("identity")) {
            return body;
        }
        InputStream in;
        try {
            if (encoding.equals("gzip")) {
                in = new GZIPInputStream(new ByteArrayInputStream(body));
            } else if (encoding.equals("deflate")) {
                in = new InflaterInputStream(new ByteArrayInputStream(body));
            } else {
                throw new Undecodable(500, "Unsupported Content-Encoding: " + encoding);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length * 4);
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                if (out.size() > limit) {
                    throw new Undecodable(413, "Request body too large once decompressed");
                }
            }
            if (out.size() == 0) {
                throw new Undecodable(500, "Empty compressed request body");
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new Undecodable(500, "The request body could not be decompressed as " + encoding);
        }
    }

    /**
     * The encoding to answer in, chosen from {@code Accept-Encoding} as the service chooses (observed against it):
     * gzip or deflate by quality, {@code *} standing for whichever is not named (gzip first), a name beating
     * {@code *} and an earlier name a later one at equal quality; a name given twice takes its best quality; q=0
     * refuses; a quality that is not a number counts as 1, one below 0 as 0 and one above 1 as 1; only the first q
     * parameter counts; tokens that are not plain names ({@code "gzip"}, {@code gzip br}) name nothing. Null for
     * no compression.
     */
    static String chosen(String acceptEncoding) {
        if (acceptEncoding == null) {
            return null;
        }
        double[] quality = {-1, -1};
        int[] position = {Integer.MAX_VALUE, Integer.MAX_VALUE};
        double star = -1;
        int index = 0;
        for (String token : acceptEncoding.split(",")) {
            String[] parts = token.split(";");
            String name = parts[0].trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            double q = 1;
            for (int i = 1; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                // The service takes any parameter whose name ends in q ("nq=0" counts, "q =0" does not).
                if (eq < 0 || !parts[i].substring(0, eq).endsWith("q")) {
                    continue;
                }
                q = quality(parts[i].substring(eq + 1).trim());
                break;
            }
            index++;
            if (name.equals("*")) {
                star = q;
            } else if (name.equals("gzip") || name.equals("deflate")) {
                int k = name.equals("gzip") ? 0 : 1;
                if (q > quality[k]) {
                    quality[k] = q;
                    position[k] = Math.min(position[k], index);
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            if (quality[k] < 0 && star >= 0) {
                quality[k] = star;
            }
        }
        String best = null;
        double bestQ = 0;
        int bestPosition = Integer.MAX_VALUE;
        for (int k = 0; k < 2; k++) {
            if (quality[k] <= 0) {
                continue;
            }
            if (quality[k] > bestQ || (quality[k] == bestQ && position[k] < bestPosition)) {
                best = k == 0 ? "gzip" : "deflate";
                bestQ = quality[k];
                bestPosition = position[k];
            }
        }
        return best;
    }

    private static double quality(String text) {
        try {
            double q = Double.parseDouble(text);
            return Double.isNaN(q) ? 1 : Math.max(0, Math.min(1, q));
        } catch (NumberFormatException e) {
            return text.matches("[0-9]+\\.") ? Double.parseDouble(text + "0") : 1;
        }
    }

    static byte[] encode(String encoding, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4 + 64);
        try (var z = encoding.equals("gzip") ? new GZIPOutputStream(out) : new DeflaterOutputStream(out)) {
            z.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
