package com.bigtimedeals.engine.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

import com.bigtimedeals.engine.api.Response;

/**
 * A small HTTP/1.1 server for the DynamoDB JSON protocol: bound to 127.0.0.1 only, keep-alive, one thread per
 * connection (SDK clients hold a few long-lived connections, and blocking I/O on a dedicated thread is the lowest
 * latency there is for that). Every POST is handed to the {@link Handler} with its {@code X-Amz-Target}; the
 * answer carries the service's headers, including the {@code x-amz-crc32} the SDKs verify.
 *
 * <p>What a client sends cannot exhaust the process: connections are limited ({@link Options#maxConnections}, one
 * more is answered 503 and closed); a request must arrive whole within {@link Options#requestTimeoutMillis} (else
 * 408, closed), and a response be taken within the same time (else closed); bodies are read as they arrive, into
 * buffers that grow with what came, never the declared length up front; a body over the service's 16 MB is a 413;
 * bodies over 64 KB are read only within {@link Options#largeBodyBudget} bytes at a time, and a body that will take
 * more than 256 KB of heap once parsed is served only within {@link Options#heapBudget} (a request that cannot be
 * admitted before its deadline is a 503).
 */
public final class HttpServer implements AutoCloseable {
    /** What the server serves; the engine's dispatcher, or the benchmark's stub. */
    @FunctionalInterface
    public interface Handler {
        Response handle(String target, byte[] body);
    }

    /** The largest request body the service takes (16 MB; one byte more is a 413, as mhart/dynalite's test/connection.js records). */
    public static final int MAX_BODY = 16 * 1024 * 1024;
    /** Bodies up to this size are read into a buffer of their length at once; larger ones grow as bytes arrive. */
    static final int SMALL_BODY = 64 * 1024;
    /**
     * Heap a request may take without waiting for the heap budget: an ordinary item operation takes a few KB, and 512
     * connections at once at this much take 128 MB.
     */
    static final long FREE_COST = 256 * 1024;

    /**
     * The server's limits and its browser origins.
     *
     * @param maxConnections       connections served at once; one more is answered 503 and closed
     * @param requestTimeoutMillis how long a request's head and body may take to arrive, and its response to be taken
     * @param idleTimeoutMillis    how long a kept-alive connection may wait for its next request (longer than the
     *                             60 s after which SDK clients drop idle connections themselves, so the server never
     *                             closes one a client is about to use)
     * @param largeBodyBudget      bytes of bodies over 64 KB being read and served at once
     * @param heapBudget           heap bytes that bodies over 64 KB may take at once while they are served, as
     *                             {@link JsonCost} estimates it; a body that would take more than all of it is a 413
     * @param corsOrigins          origins answered with CORS headers ({@code *}: any); none by default
     * @param allowedHosts         {@code Host} names served beyond IP addresses and {@code localhost} ({@code *}: any)
     */
    public record Options(int maxConnections, long requestTimeoutMillis, long idleTimeoutMillis, long largeBodyBudget,
                          long heapBudget, List<String> corsOrigins, List<String> allowedHosts) {
        public Options {
            if (maxConnections < 1 || requestTimeoutMillis < 1 || idleTimeoutMillis < 1 || largeBodyBudget < 1 || heapBudget < 1) {
                throw new IllegalArgumentException("HTTP limits must be positive");
            }
            corsOrigins = List.copyOf(corsOrigins);
            allowedHosts = List.copyOf(allowedHosts);
        }

        /**
         * 512 connections, 10 s per request, 120 s idle, a 32nd of the heap (at least 16 MB) for large bodies being
         * read, half the heap for serving them, no CORS.
         */
        public static Options defaults() {
            long heap = Runtime.getRuntime().maxMemory();
            return new Options(512, 10_000, 120_000, Math.max(MAX_BODY, heap / 32), heap / 2, List.of(), List.of());
        }

        public Options maxConnections(int n) {
            return new Options(n, requestTimeoutMillis, idleTimeoutMillis, largeBodyBudget, heapBudget, corsOrigins, allowedHosts);
        }

        public Options requestTimeoutMillis(long millis) {
            return new Options(maxConnections, millis, idleTimeoutMillis, largeBodyBudget, heapBudget, corsOrigins, allowedHosts);
        }

        public Options largeBodyBudget(long bytes) {
            return new Options(maxConnections, requestTimeoutMillis, idleTimeoutMillis, bytes, heapBudget, corsOrigins, allowedHosts);
        }

        public Options heapBudget(long bytes) {
            return new Options(maxConnections, requestTimeoutMillis, idleTimeoutMillis, largeBodyBudget, bytes, corsOrigins, allowedHosts);
        }

        public Options corsOrigins(List<String> origins) {
            return new Options(maxConnections, requestTimeoutMillis, idleTimeoutMillis, largeBodyBudget, heapBudget, origins, allowedHosts);
        }

        public Options allowedHosts(List<String> hosts) {
            return new Options(maxConnections, requestTimeoutMillis, idleTimeoutMillis, largeBodyBudget, heapBudget, corsOrigins, hosts);
        }
    }

    private final ServerSocket server;
    private final Handler handler;
    private final Options options;
    private final CorsOrigins cors;
    private final HostNames hosts;
    private final ExecutorService threads;
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connections = new AtomicInteger();
    /** Large-body admissions while read, in KiB of body. */
    private final Semaphore largeBodies;
    /** Large-body admissions while served, in KiB of estimated heap. */
    private final Semaphore heap;
    private final int heapKiB;
    private final AtomicLong bufferedBytes = new AtomicLong();
    private volatile boolean closed;

    public HttpServer(int port, Handler handler) throws IOException {
        this(port, handler, Options.defaults());
    }

    public HttpServer(int port, Handler handler, Options options) throws IOException {
        this.handler = handler;
        this.options = options;
        this.cors = new CorsOrigins(options.corsOrigins());
        this.hosts = new HostNames(options.allowedHosts());
        this.largeBodies = new Semaphore((int) Math.min(Integer.MAX_VALUE, Math.max(MAX_BODY, options.largeBodyBudget()) / 1024));
        this.heapKiB = (int) Math.min(Integer.MAX_VALUE, Math.max(1, options.heapBudget() / 1024));
        this.heap = new Semaphore(heapKiB);
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "engine-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        Thread acceptor = new Thread(this::acceptLoop, "engine-http-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        Thread reaper = new Thread(this::reapStalledWrites, "engine-http-reaper");
        reaper.setDaemon(true);
        reaper.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port();
    }

    /** Connections being served now. */
    public int openConnections() {
        return connections.get();
    }

    /** Bytes of request-body buffers allocated now, over every connection. */
    public long bufferedBodyBytes() {
        return bufferedBytes.get();
    }

    /** One connection: its socket, and until when its current response may take to be written (0: not writing). */
    private static final class Connection {
        final Socket socket;
        volatile long writeDeadlineNanos;

        Connection(Socket socket) {
            this.socket = socket;
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue;
            }
            if (connections.incrementAndGet() > options.maxConnections()) {
                connections.decrementAndGet();
                refuse(s);
                continue;
            }
            Connection c = new Connection(s);
            open.add(c);
            try {
                s.setTcpNoDelay(true);
                threads.execute(() -> serve(c));
            } catch (IOException | RuntimeException e) {
                release(c);
            }
        }
    }

    /** A connection over the limit: a 503 it can retry on (the SDKs do), then closed, never a thread. */
    private static void refuse(Socket s) {
        try (s) {
            s.getOutputStream().write(response(503, "application/x-amz-json-1.0", error("com.amazonaws.dynamodb.v20120810#ServiceUnavailable",
                    "Too many connections; try again"), false, null, null));
        } catch (IOException e) {
            // it is closed either way
        }
    }

    private void release(Connection c) {
        if (open.remove(c)) {
            connections.decrementAndGet();
        }
        try {
            c.socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** Closes connections whose client has stopped taking a response (a write blocks until its buffer drains). */
    private void reapStalledWrites() {
        long period = Math.max(10, Math.min(1000, options.requestTimeoutMillis() / 4));
        while (!closed) {
            try {
                Thread.sleep(period);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Connection c : open) {
                long deadline = c.writeDeadlineNanos;
                if (deadline != 0 && now - deadline > 0) {
                    release(c);
                }
            }
        }
    }

    /** What one request holds while it is served: its body buffer's bytes and its large-body admission. */
    private final class Holding {
        long buffered;
        int admittedKiB;

        void buffer(long bytes) {
            buffered += bytes;
            bufferedBytes.addAndGet(bytes);
        }

        /** Admits a large body of {@code bytes}, waiting for the budget until the request's deadline. */
        boolean admit(long bytes, TimedInput timed) throws IOException {
            int kib = (int) ((Math.min(bytes, MAX_BODY) + 1023) / 1024);
            try {
                if (!largeBodies.tryAcquire(kib, timed.remainingMillis(), TimeUnit.MILLISECONDS)) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            admittedKiB += kib;
            return true;
        }

        void releaseAll() {
            bufferedBytes.addAndGet(-buffered);
            buffered = 0;
            if (admittedKiB > 0) {
                largeBodies.release(admittedKiB);
                admittedKiB = 0;
            }
        }
    }

    /** A request refused before its body was read in full: answered, then the connection closed. */
    private static final class Refused extends Exception {
        final int status;
        final byte[] body;
        final boolean drain;

        Refused(int status, byte[] body, boolean drain) {
            super(null, null, false, false);
            this.status = status;
            this.body = body;
            this.drain = drain;
        }
    }

    private void serve(Connection c) {
        Socket socket = c.socket;
        TimedInput timed = null;
        OutputStream out = null;
        Holding holding = new Holding();
        try {
            timed = new TimedInput(socket, (int) Math.min(Integer.MAX_VALUE, options.idleTimeoutMillis()));
            ConnectionInput in = new ConnectionInput(timed, 16 * 1024);
            out = socket.getOutputStream();
            RequestHead head = new RequestHead();
            while (!closed) {
                timed.idle();
                if (in.peek() < 0) {
                    return;
                }
                timed.deadline(System.nanoTime() + options.requestTimeoutMillis() * 1_000_000);
                byte[] body;
                try {
                    if (!head.read(in)) {
                        return;
                    }
                    body = readBody(head, in, out, timed, holding);
                } catch (Refused r) {
                    write(c, out, r.status, "application/x-amz-json-1.0", r.body, false, null, null);
                    if (r.drain) {
                        drain(in, timed);
                    }
                    return;
                }
                timed.idle();
                respond(c, out, head, body);
                holding.releaseAll();
                if (!head.keepAlive) {
                    return;
                }
            }
        } catch (RequestHead.Malformed e) {
            answerAndClose(c, out, 400);
        } catch (SocketTimeoutException e) {
            if (timed != null && timed.inRequest()) {
                answerAndClose(c, out, 408);
            }
        } catch (SocketException | EOFException e) {
            // the client went away
        } catch (IOException e) {
            // a broken connection ends only itself
        } finally {
            holding.releaseAll();
            release(c);
        }
    }

    private void answerAndClose(Connection c, OutputStream out, int status) {
        if (out == null) {
            return;
        }
        try {
            byte[] body = status == 408
                    ? error("com.amazon.coral.service#RequestTimeoutException", "The request did not arrive within "
                    + options.requestTimeoutMillis() + " ms")
                    : new byte[0];
            write(c, out, status, "application/x-amz-json-1.0", body, false, null, null);
        } catch (IOException e) {
            // closing anyway
        }
    }

    private void respond(Connection c, OutputStream out, RequestHead head, byte[] body) throws IOException {
        boolean preflight = head.method.equals("OPTIONS");
        String corsHeaders = cors.headers(head.origin, preflight, head.corsMethod, head.corsHeaders);
        if (head.method.equals("POST") && !hosts.allows(head.host)) {
            // Only a POST does anything; the health check and preflights answer whatever name they were sent to.
            write(c, out, 403, "application/x-amz-json-1.0", error("com.amazon.coral.service#AccessDeniedException",
                    "This engine answers requests addressed to localhost or an IP address, or to a name set in --allowed-hosts"),
                    head.keepAlive, null, null);
        } else if (preflight && corsHeaders != null) {
            write(c, out, 200, "text/plain", new byte[0], head.keepAlive, null, corsHeaders);
        } else if (head.method.equals("GET")) {
            // The service's health check: "healthy: <host>" at the root only.
            if (head.path.equals("/") || head.path.startsWith("/?")) {
                write(c, out, 200, "text/plain", ("healthy: " + (head.host == null ? "dynamodb.us-east-1.amazonaws.com" : head.host))
                        .getBytes(StandardCharsets.US_ASCII), head.keepAlive, null, corsHeaders);
            } else {
                write(c, out, 404, "text/plain", new byte[0], head.keepAlive, null, corsHeaders);
            }
        } else if (!head.method.equals("POST") || (head.jsonDialect() == null && (head.contentType != null || body.length > 0))) {
            // Any other method, and a POST whose body is not declared JSON (text/plain, none, x-amz-json-1.1), is the
            // service's bare 404 (mhart/dynalite test/connection.js): a page's plain form post reaches no operation.
            write(c, out, 404, "application/x-amz-json-1.0",
                    "<UnknownOperationException/>\n".getBytes(StandardCharsets.US_ASCII), head.keepAlive, null, corsHeaders);
        } else {
            Response r;
            try {
                r = serveWithinHeap(head.target, Encodings.decode(head.contentEncoding, body, MAX_BODY));
            } catch (Encodings.Undecodable e) {
                r = new Response(e.status, e.body());
            }
            // The service answers in the dialect it was asked in; a body sent without a type gets application/json.
            String dialect = head.jsonDialect() == null ? "application/json" : head.jsonDialect();
            String encoding = r.body().length >= Encodings.COMPRESSION_THRESHOLD ? Encodings.chosen(head.acceptEncoding) : null;
            write(c, out, r.status(), dialect, encoding == null ? r.body() : Encodings.encode(encoding, r.body()),
                    head.keepAlive, encoding, corsHeaders);
        }
    }

    /**
     * Hands a body to the handler, one that will take more than 256 KB of heap (judged after decompression: 64 KB of
     * gzip can be 16 MB of JSON; 64 KB of tiny maps takes 4 MB) only once the heap it will take is free, so that no number of large bodies at once can exhaust the heap. One that would take
     * more than the whole budget is a 413 (a smaller request, or more heap, serves it); one not admitted within the
     * request timeout, a 503.
     */
    private Response serveWithinHeap(String target, byte[] body) {
        long cost = JsonCost.estimate(body);
        if (cost <= FREE_COST) {
            return handler.handle(target, body);
        }
        long kib = (cost + 1023) / 1024;
        if (kib > heapKiB) {
            return new Response(413, error("com.amazonaws.dynamodb.v20120810#RequestTooLarge",
                    "The request would take more memory than the engine may give one request; send a smaller one or run the engine with more heap (-Xmx)"));
        }
        try {
            if (!heap.tryAcquire((int) kib, options.requestTimeoutMillis(), TimeUnit.MILLISECONDS)) {
                return new Response(503, busy(null).body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Response(503, busy(null).body);
        }
        try {
            return handler.handle(target, body);
        } finally {
            heap.release((int) kib);
        }
    }

    /** Reads the body the head announces, within the limits; never allocates more than what has arrived and 64 KB. */
    private byte[] readBody(RequestHead head, InputStream in, OutputStream out, TimedInput timed, Holding holding)
            throws IOException, Refused {
        if (!head.chunked) {
            long length = Math.max(0, head.contentLength);
            if (length > MAX_BODY) {
                throw new Refused(413, new byte[0], !head.expectContinue);
            }
            if (length > SMALL_BODY && !holding.admit(length, timed)) {
                throw busy(head);
            }
            continueIfExpected(head, out);
            return readFixed(in, (int) length, holding);
        }
        continueIfExpected(head, out);
        return readChunked(head, in, timed, holding);
    }

    private static Refused busy(RequestHead head) {
        return new Refused(503, error("com.amazonaws.dynamodb.v20120810#ServiceUnavailable",
                "Too many large requests at once; try again"), head != null && !head.expectContinue);
    }

    private static void continueIfExpected(RequestHead head, OutputStream out) throws IOException {
        if (head.expectContinue) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    private static byte[] readFixed(InputStream in, int length, Holding holding) throws IOException {
        byte[] body = new byte[Math.min(length, SMALL_BODY)];
        holding.buffer(body.length);
        int read = 0;
        while (read < length) {
            if (read == body.length) {
                int grown = (int) Math.min(length, (long) body.length * 2);
                holding.buffer(grown - body.length);
                body = Arrays.copyOf(body, grown);
            }
            int n = in.read(body, read, body.length - read);
            if (n < 0) {
                throw new EOFException();
            }
            read += n;
        }
        return body;
    }

    private byte[] readChunked(RequestHead head, InputStream in, TimedInput timed, Holding holding) throws IOException, Refused {
        byte[] body = new byte[4096];
        holding.buffer(body.length);
        int size = 0;
        while (true) {
            String line = RequestHead.chunkLine(in);
            int semi = line.indexOf(';');
            int chunk;
            try {
                chunk = Integer.parseInt((semi < 0 ? line : line.substring(0, semi)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new RequestHead.Malformed("bad chunk size");
            }
            if (chunk < 0) {
                throw new RequestHead.Malformed("bad chunk size");
            }
            if (chunk == 0) {
                while (!RequestHead.chunkLine(in).isEmpty()) {
                    // trailers
                }
                return Arrays.copyOf(body, size);
            }
            if ((long) size + chunk > MAX_BODY) {
                throw new Refused(413, new byte[0], true);
            }
            if (size + chunk > SMALL_BODY && holding.admittedKiB == 0 && !holding.admit(MAX_BODY, timed)) {
                throw busy(head);
            }
            int end = size + chunk;
            while (size < end) {
                if (size == body.length) {
                    int grown = (int) Math.min(Math.max(end, 4096), (long) body.length * 2);
                    grown = Math.max(grown, size + 1);
                    holding.buffer(grown - body.length);
                    body = Arrays.copyOf(body, grown);
                }
                int n = in.read(body, size, Math.min(end, body.length) - size);
                if (n < 0) {
                    throw new EOFException();
                }
                size += n;
            }
            RequestHead.chunkLine(in);
        }
    }

    /**
     * Reads and drops what the client is still sending after a refusal, for a moment, so that closing does not reset
     * the connection before the client has read the answer.
     */
    private static void drain(InputStream in, TimedInput timed) {
        try {
            timed.deadline(System.nanoTime() + 2_000_000_000L);
            byte[] scratch = new byte[8192];
            long total = 0;
            while (total < 2L * MAX_BODY && in.read(scratch) >= 0) {
                total += scratch.length;
            }
        } catch (IOException e) {
            // closing anyway
        }
    }

    private static byte[] error(String type, String message) {
        return ("{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    private void write(Connection c, OutputStream out, int status, String contentType, byte[] body, boolean keepAlive,
                       String contentEncoding, String extraHeaders) throws IOException {
        byte[] all = response(status, contentType, body, keepAlive, contentEncoding, extraHeaders);
        c.writeDeadlineNanos = System.nanoTime() + options.requestTimeoutMillis() * 1_000_000;
        try {
            out.write(all);
            out.flush();
        } finally {
            c.writeDeadlineNanos = 0;
        }
    }

    private static byte[] response(int status, String contentType, byte[] body, boolean keepAlive, String contentEncoding,
                                   String extraHeaders) {
        CRC32 crc = new CRC32();
        crc.update(body);
        StringBuilder h = new StringBuilder(256);
        h.append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
        h.append("Server: Server\r\n");
        h.append("Date: ").append(HttpDates.now()).append("\r\n");
        h.append("Content-Type: ").append(contentType).append("\r\n");
        h.append("Content-Length: ").append(body.length).append("\r\n");
        h.append("x-amzn-RequestId: ").append(RequestIds.next()).append("\r\n");
        h.append("x-amz-crc32: ").append(crc.getValue()).append("\r\n");
        if (contentEncoding != null) {
            h.append("Content-Encoding: ").append(contentEncoding).append("\r\n");
        }
        if (extraHeaders != null) {
            h.append(extraHeaders);
        }
        if (!keepAlive) {
            h.append("Connection: close\r\n");
        }
        h.append("\r\n");
        byte[] head = h.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 408 -> "Request Timeout";
            case 413 -> "Request Entity Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Error";
        };
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        for (Connection c : open) {
            release(c);
        }
        threads.shutdownNow();
    }
}
