package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.CorsPolicy;

/**
 * The local gateway over real sockets, with clients that misbehave: slow and stalled bodies, oversized and
 * broken ones, and browsers asking for CORS. Every case here is answered by the gateway itself (401, 404, 408,
 * 413, 400, preflight), so no database is needed.
 */
@Tag("stack")
class GatewayRobustnessTest {
    static Gateway gateway;

    @BeforeAll
    static void start() throws IOException {
        gateway = new Gateway(0, true, new CorsPolicy(Setting.CORS_ORIGINS.list(null)), Duration.ofSeconds(2),
                new EditorSite(LocalStack.Options.inMemory().cmsDir()));
        gateway.start();
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    static Socket connect() throws IOException {
        Socket s = new Socket("127.0.0.1", gateway.port());
        s.setSoTimeout(60_000); // only so that a broken gateway fails the test instead of hanging it
        return s;
    }

    static void send(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** The status line and headers of the answer (the body, if any, is left unread). */
    static String head(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (!b.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            b.write(c);
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    static int status(String head) {
        return head.isEmpty() ? -1 : Integer.parseInt(head.split(" ", 3)[1]);
    }

    static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    static String request(String text) throws IOException {
        try (Socket s = connect()) {
            send(s, text);
            return head(s);
        }
    }

    @Test
    void stalledBodiesGet408WhileEveryOtherClientIsServed() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 100; i++) { // more than the gateway has threads
                Socket s = connect();
                send(s, "POST /cms/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 50\r\n\r\n{\"name\":");
                stalled.add(s);
            }
            for (int i = 0; i < 20; i++) {
                assertEquals(404, status(request("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")));
                assertEquals(401, status(request("POST /cms/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 2\r\nConnection: close\r\n\r\n{}")));
            }
            for (Socket s : stalled) {
                String head = head(s);
                assertEquals(408, status(head), head);
                assertEquals("close", header(head, "Connection"));
            }
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    @Test
    void aBodyTooLargeIs413AndBrokenFramingIs400() throws Exception {
        assertEquals(413, status(request("POST /cms/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + (Gateway.MAX_BODY + 1) + "\r\n\r\n{")));
        try (Socket s = connect()) {
            send(s, "POST /cms/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
            byte[] chunk = new byte[1024 * 1024];
            java.util.Arrays.fill(chunk, (byte) ' ');
            OutputStream out = s.getOutputStream();
            try {
                for (int i = 0; i < 11; i++) {
                    out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    out.write(chunk);
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                out.flush();
            } catch (IOException closedEarly) {
                // the gateway may answer and close before the client has sent everything
            }
            assertEquals(413, status(head(s)));
        }
        assertEquals(400, status(request("POST /cms/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")));
    }

    /**
     * No request line or header a client sends may draw a 5xx: what the deployed edge refuses as malformed the local
     * gateway answers with a 4xx and a JSON message (Jetty's own 505 for an unknown protocol version, among them).
     */
    @Test
    void malformedRequestLinesAndHeadersGetA4xxWithAMessageNeverA5xx() throws Exception {
        // Paths no handler serves here (no database): unknown ones, and signed-in ones without a token.
        for (String line : List.of("GET /nowhere HTTP/9.9", "GET /nowhere HTTP/2.0", "GET /nowhere HTTP/1.2",
                "GET /nowhere HTTP/1.1x", "GET /nowhere HTXP/1.1", "GET  /nowhere HTTP/1.1", "GET /no where HTTP/1.1",
                "BREW /nowhere HTTP/1.1", "get /nowhere HTTP/1.1", "GET nowhere HTTP/1.1", "GET /%zz HTTP/1.1",
                "GET /me/brands/%ED%A0%80 HTTP/1.1", "GET /me/brands/%zz HTTP/1.1", "GET /me/messages?limit=%ED%A0%80 HTTP/1.1",
                "GET /me/messages?limit=%zz HTTP/1.1", "GET /\u0000 HTTP/1.1", "GET /me HTTP/9.9")) {
            for (String headers : List.of("Host: 127.0.0.1\r\n", "Host: 127.0.0.1\r\nX-Broken\r\n", "Host: a\r\nHost: b\r\n",
                    "Host: 127.0.0.1\r\nContent-Length: -1\r\n", "Host: 127.0.0.1\r\nContent-Length: 1, 2\r\n")) {
                String head = request(line + "\r\n" + headers + "Connection: close\r\n\r\n");
                int status = status(head);
                assertTrue(status >= 200 && status < 500 || head.isEmpty(), line + " / " + headers + " answered " + head);
            }
            try (Socket s = connect()) {
                send(s, line + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
                String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                int status = status(answer);
                assertTrue(status >= 200 && status < 500, line + " answered " + answer);
                if (status >= 400) {
                    assertTrue(answer.contains("{\"message\":\""), line + " answered " + answer);
                }
            }
        }
    }

    /**
     * A request Jetty refuses before routing (a broken escape in the path, an unknown protocol version) is still one of
     * the gateway's own answers: it names its request id in the body, in X-Request-Id and in apigw-requestid, as API
     * Gateway's do, so that a client can quote it.
     */
    @Test
    void refusalsBeforeRoutingNameTheirRequestId() throws Exception {
        for (String line : List.of("GET /deals/% HTTP/1.1", "GET /me/saved/abc%00 HTTP/1.1", "GET /%zz HTTP/1.1",
                "GET /me HTTP/9.9")) {
            try (Socket s = connect()) {
                send(s, line + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
                String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                String head = answer.substring(0, answer.indexOf("\r\n\r\n") + 4);
                assertEquals(400, status(head), line + " answered " + answer);
                String id = header(head, "X-Request-Id");
                assertTrue(id != null && id.matches("[A-Za-z0-9+/]{15}="), line + " answered " + answer);
                assertEquals(id, header(head, "apigw-requestid"), line);
                assertTrue(answer.endsWith("\"requestId\":\"" + id + "\"}"), line + " answered " + answer);
            }
        }
    }

    @Test
    void corsPreflightAnswersAllowedOriginsAsTheDeployedApiDoes() throws Exception {
        String allowed = request("OPTIONS /brands/acme/likes HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:5173\r\n"
                + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: authorization,content-type\r\n"
                + "Connection: close\r\n\r\n");
        assertTrue(status(allowed) >= 200 && status(allowed) < 300, allowed);
        assertEquals("http://localhost:5173", header(allowed, "Access-Control-Allow-Origin"));
        assertTrue(header(allowed, "Access-Control-Allow-Headers").contains("authorization"));
        assertTrue(header(allowed, "Access-Control-Allow-Headers").contains("content-type"));
        assertTrue(header(allowed, "Access-Control-Allow-Methods").contains("POST"));
        String loopback = request("OPTIONS /deals HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1:3000\r\n"
                + "Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n");
        assertEquals("http://127.0.0.1:3000", header(loopback, "Access-Control-Allow-Origin"));
        String other = request("OPTIONS /deals HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n"
                + "Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n");
        assertNull(header(other, "Access-Control-Allow-Origin"), other);
        assertNull(header(other, "Access-Control-Allow-Methods"), other);
        String actual = request("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:5173\r\nConnection: close\r\n\r\n");
        assertEquals("http://localhost:5173", header(actual, "Access-Control-Allow-Origin"));
        String foreign = request("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\nConnection: close\r\n\r\n");
        assertNull(header(foreign, "Access-Control-Allow-Origin"));
    }

    @Test
    void theOriginsSettingMatchesAsApiGatewayMatchesAllowOrigins() {
        CorsPolicy local = new CorsPolicy(Setting.CORS_ORIGINS.list(null)); // the default
        assertTrue(local.allows("http://localhost:5173"));
        assertTrue(local.allows("http://127.0.0.1:3000"));
        assertFalse(local.allows("https://localhost:5173"));
        assertFalse(local.allows("http://localhost.evil.example"));
        assertFalse(local.allows(null));
        CorsPolicy deployed = new CorsPolicy(Setting.CORS_ORIGINS.list("https://cms.bigtimedeals.example"));
        assertTrue(deployed.allows("https://cms.bigtimedeals.example"));
        assertFalse(deployed.allows("http://localhost:5173"));
    }
}
