package com.bigtimedeals.engine.http;

import java.util.concurrent.ThreadLocalRandom;

/** Request ids in the service's form: 52 upper-case letters and digits. */
public final class RequestIds {
    private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private RequestIds() {
    }

    public static String next() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        char[] id = new char[52];
        for (int i = 0; i < id.length; i++) {
            id[i] = ALPHABET[r.nextInt(ALPHABET.length)];
        }
        return new String(id);
    }
}
