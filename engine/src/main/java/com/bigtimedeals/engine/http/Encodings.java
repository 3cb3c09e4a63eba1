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

import com.bigtimedeals.engine.api.ApiException;

/**
 * Compressed bodies, as the service takes and gives them: requests with {@code Content-Encoding: gzip} or
 * {@code deflate} are decompressed (a body that does not decompress, is empty once decompressed or comes in another
 * encoding is read as no JSON at all: the 400 bare {@code SerializationException} a body that is not JSON gets, never a
 * 5xx, since the fault is the request's);
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

        /** A body that cannot be read as JSON, answered as the dispatcher answers one that is not JSON. */
        static Undecodable unreadable(String why) {
            return new Undecodable(400, why);
        }

        byte[] body() {
            if (status == 400) {
                return ("{\"__type\":\"" + ApiException.SERIALIZATION + "\"}").getBytes(StandardCharsets.UTF_8);
            }
            // Only the fixed text of a body too large once decompressed reaches here: nothing the client sent.
            return ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\""
                    + getMessage() + "\"}").getBytes(StandardCharsets.UTF_8);
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
                throw Undecodable.unreadable("Unsupported Content-Encoding: " + encoding);
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
                throw Undecodable.unreadable("Empty compressed request body");
            }
            return out.toByteArray();
        } catch (IOException | RuntimeException e) {
            // Whatever the inflater makes of hostile bytes (a bad header, a cut stream, a bad checksum), it is the
            // request's fault: no input reaches a 5xx from here.
            throw Undecodable.unreadable("The request body could not be decompressed as " + encoding);
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
