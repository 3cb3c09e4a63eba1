package com.bigtimedeals.engine.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A connection's input with two limits: while it waits for a request, an idle limit; once a request has begun, a
 * deadline for the whole of its head and body. Each read waits at most for what is left, so a client that sends a byte
 * now and then cannot stretch a request past its deadline.
 */
final class TimedInput extends InputStream {
    private final Socket socket;
    private final InputStream in;
    private final int idleMillis;
    private long deadlineNanos;
    private int current = -1;

    TimedInput(Socket socket, int idleMillis) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.idleMillis = idleMillis;
    }

    /** Waiting for the next request: only the idle limit applies. */
    void idle() {
        deadlineNanos = 0;
    }

    /** A request has begun: it must have arrived in full by {@code nanos} ({@link System#nanoTime}). */
    void deadline(long nanos) {
        deadlineNanos = nanos;
    }

    /** True while a request is being read (a timeout then is the request's, answered 408). */
    boolean inRequest() {
        return deadlineNanos != 0;
    }

    /** Milliseconds left before the deadline (at least 1), or the idle limit when no request is under way. */
    long remainingMillis() throws SocketTimeoutException {
        if (deadlineNanos == 0) {
            return idleMillis;
        }
        long left = (deadlineNanos - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("request deadline passed");
        }
        return left;
    }

    private void arm() throws IOException {
        int t = (int) Math.min(Integer.MAX_VALUE, remainingMillis());
        if (t != current) {
            socket.setSoTimeout(t);
            current = t;
        }
    }

    @Override
    public int read() throws IOException {
        arm();
        return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        arm();
        return in.read(b, off, len);
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }
}
