package com.bigtimedeals.engine.http;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

import com.bigtimedeals.engine.api.Response;

/**
 * A small HTTP/1.1 server for the DynamoDB JSON protocol: bound to 127.0.0.1 only, keep-alive, one thread per
 * connection (SDK clients hold a few long-lived connections, and blocking I/O on a dedicated thread is the lowest
 * latency there is for that). Every POST is handed to the {@link Handler} with its {@code X-Amz-Target}; the
 * answer carries the service's headers, including the {@code x-amz-crc32} the SDKs verify.
 */
public final class HttpServer implements AutoCloseable {
    /** What the server serves; the engine's dispatcher, or the benchmark's stub. */
    @FunctionalInterface
    public interface Handler {
        Response handle(String target, byte[] body);
    }

    private static final int MAX_BODY = 16 * 1024 * 1024;

    private final ServerSocket server;
    private final Handler handler;
    private final ExecutorService threads;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public HttpServer(int port, Handler handler) throws IOException {
        this.handler = handler;
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
    }

    public int port() {
        return server.getLocalPort();
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                open.add(s);
                threads.execute(() -> serve(s));
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
            OutputStream out = socket.getOutputStream();
            RequestHead head = new RequestHead();
            while (!closed) {
                if (!head.read(in)) {
                    return;
                }
                if (head.expectContinue) {
                    out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
                byte[] body = head.chunked ? readChunked(in) : readFixed(in, head.contentLength);
                setExtra(cors(head));
                if (head.method.equals("OPTIONS") && head.origin != null) {
                    write(out, 200, "text/plain", new byte[0], head.keepAlive, null);
                } else if (head.method.equals("GET")) {
                    // The service's health check: "healthy: <host>" at the root only.
                    if (head.path.equals("/") || head.path.startsWith("/?")) {
                        write(out, 200, "text/plain", ("healthy: " + (head.host == null ? "dynamodb.us-east-1.amazonaws.com" : head.host))
                                .getBytes(StandardCharsets.US_ASCII), head.keepAlive, null);
                    } else {
                        write(out, 404, "text/plain", new byte[0], head.keepAlive, null);
                    }
                } else if (!head.method.equals("POST")) {
                    write(out, 404, "application/x-amz-json-1.0",
                            "<UnknownOperationException/>\n".getBytes(StandardCharsets.US_ASCII), head.keepAlive, null);
                } else {
                    Response r;
                    try {
                        r = handler.handle(head.target, Encodings.decode(head.contentEncoding, body, MAX_BODY));
                    } catch (Encodings.Undecodable e) {
                        r = new Response(e.status, e.body());
                    }
                    String encoding = r.body().length >= Encodings.COMPRESSION_THRESHOLD ? Encodings.chosen(head.acceptEncoding) : null;
                    write(out, r.status(), head.jsonContentType, encoding == null ? r.body() : Encodings.encode(encoding, r.body()),
                            head.keepAlive, encoding);
                }
                if (!head.keepAlive) {
                    return;
                }
            }
        } catch (SocketException | EOFException e) {
            // the client went away
        } catch (IOException e) {
            // a broken connection ends only itself
        } finally {
            open.remove(socket);
        }
    }

    private static byte[] readFixed(InputStream in, int length) throws IOException {
        if (length < 0 || length > MAX_BODY) {
            throw new IOException("bad content length " + length);
        }
        byte[] body = new byte[length];
        int read = 0;
        while (read < length) {
            int n = in.read(body, read, length - read);
            if (n < 0) {
                throw new EOFException();
            }
            read += n;
        }
        return body;
    }

    private static byte[] readChunked(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        while (true) {
            String line = RequestHead.line(in);
            int semi = line.indexOf(';');
            int size = Integer.parseInt((semi < 0 ? line : line.substring(0, semi)).trim(), 16);
            if (size == 0) {
                while (!RequestHead.line(in).isEmpty()) {
                    // trailers
                }
                return body.toByteArray();
            }
            body.write(readFixed(in, size));
            RequestHead.line(in);
            if (body.size() > MAX_BODY) {
                throw new IOException("body too large");
            }
        }
    }

    /** Headers a response carries beyond the usual ones (CORS); set per request, read by {@link #write}. */
    private static final ThreadLocal<String> EXTRA = new ThreadLocal<>();

    private static void setExtra(String headers) {
        EXTRA.set(headers);
    }

    /**
     * The service answers browsers: any request with an Origin gets {@code Access-Control-Allow-Origin: *}; a
     * preflight (OPTIONS) also gets what it asked for and how long to keep it.
     */
    private static String cors(RequestHead head) {
        if (head.origin == null) {
            return null;
        }
        StringBuilder h = new StringBuilder("Access-Control-Allow-Origin: *\r\n")
                .append("Access-Control-Expose-Headers: x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date,x-amz-crc32\r\n");
        if (head.method.equals("OPTIONS")) {
            h.append("Access-Control-Max-Age: 172800\r\n");
            if (head.corsMethod != null) {
                h.append("Access-Control-Allow-Methods: ").append(head.corsMethod).append("\r\n");
            }
            if (head.corsHeaders != null) {
                h.append("Access-Control-Allow-Headers: ").append(head.corsHeaders).append("\r\n");
            }
        }
        return h.toString();
    }

    private static void write(OutputStream out, int status, String contentType, byte[] body, boolean keepAlive,
                              String contentEncoding) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(body);
        StringBuilder h = new StringBuilder(256);
        h.append("HTTP/1.1 ").append(status).append(status == 200 ? " OK" : status == 400 ? " Bad Request"
                : status == 404 ? " Not Found" : status == 500 ? " Internal Server Error" : " Error").append("\r\n");
        h.append("Server: Server\r\n");
        h.append("Date: ").append(HttpDates.now()).append("\r\n");
        h.append("Content-Type: ").append(contentType).append("\r\n");
        h.append("Content-Length: ").append(body.length).append("\r\n");
        h.append("x-amzn-RequestId: ").append(RequestIds.next()).append("\r\n");
        h.append("x-amz-crc32: ").append(crc.getValue()).append("\r\n");
        if (contentEncoding != null) {
            h.append("Content-Encoding: ").append(contentEncoding).append("\r\n");
        }
        String extra = EXTRA.get();
        if (extra != null) {
            h.append(extra);
        }
        if (!keepAlive) {
            h.append("Connection: close\r\n");
        }
        h.append("\r\n");
        byte[] head = h.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        out.write(all);
        out.flush();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        threads.shutdownNow();
    }
}
