package com.bigtimedeals.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.EditorSiteHeaders;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The editors' web app on the local stack, at {@code /editor/} on the API's own origin: the built files of
 * cms/ ({@link Setting#CMS_DIR}), the app's config, and the LOCAL SIGN-IN, which mints an unsigned
 * token for any name. That door exists only here: the local stack is never deployed, and in AWS the app
 * signs in through Cognito.
 */
public final class EditorSite {
    /** Local sessions last an hour, like a Cognito access token. */
    static final long TOKEN_TTL_SECONDS = 3600;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
            "json", "application/json", "svg", "image/svg+xml", "png", "image/png", "ico", "image/x-icon",
            "woff2", "font/woff2", "txt", "text/plain; charset=utf-8", "map", "application/json");

    /** Where the app registers an authenticator app locally: the stand-in for the user pool's own API. */
    static final String IDENTITY_PROVIDER = "local-cognito-idp";

    private final Path root;
    private final LocalAuthenticators authenticators = new LocalAuthenticators(java.time.Clock.systemUTC());

    public EditorSite(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    static boolean owns(String path) {
        return path.equals("/editor") || path.startsWith(EditorSiteHeaders.PATH);
    }

    Gateway.Answer answer(String method, String path, Map<String, List<String>> headers, byte[] body) {
        String rest = path.equals("/editor") ? "" : path.substring(EditorSiteHeaders.PATH.length());
        if (rest.equals("local-sign-in")) {
            return "POST".equals(method) ? signIn(body) : withHeaders(Gateway.message(405, "Method Not Allowed"));
        }
        if (rest.equals(IDENTITY_PROVIDER)) {
            return withHeaders("POST".equals(method) ? authenticators.answer(Gateway.header(headers, "X-Amz-Target"), body)
                    : Gateway.message(405, "Method Not Allowed"));
        }
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return withHeaders(Gateway.message(405, "Method Not Allowed"));
        }
        if (rest.equals("config.json")) {
            // Same origin for the API; the local sign-in above instead of Cognito, and its stand-in for the pool's API.
            return file("application/json", ("{\"apiUrl\":\"\",\"signIn\":{\"kind\":\"local\",\"identityProvider\":\""
                    + EditorSiteHeaders.PATH + IDENTITY_PROVIDER + "\"}}").getBytes(StandardCharsets.UTF_8), false);
        }
        Path file = root.resolve(rest.isEmpty() ? "index.html" : rest).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            // Unknown paths under /editor/ are the app's own pages: the app routes them.
            file = root.resolve("index.html");
        }
        if (!Files.isRegularFile(file)) {
            return withHeaders(Gateway.message(503, "The editors' app is not built: run ./bigtimedeals run (it builds cms/), or npm run build in cms/"));
        }
        String name = file.getFileName().toString();
        try {
            return file(TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream"),
                    Files.readAllBytes(file), file.startsWith(root.resolve("assets")));
        } catch (IOException e) {
            return withHeaders(Gateway.message(500, "Internal Server Error"));
        }
    }

    /** {@code {username, editor}} → {@code {accessToken, expiresIn}}: a local token, in editors when asked. */
    private static Gateway.Answer signIn(byte[] body) {
        JsonNode request;
        try {
            request = MAPPER.readTree(body);
        } catch (IOException e) {
            request = null;
        }
        String username = request != null && request.path("username").isTextual() ? request.get("username").asText().trim() : "";
        if (!username.matches("[A-Za-z0-9._-]{1,64}")) {
            return withHeaders(Gateway.message(400, "username: 1 to 64 letters, digits, dots, dashes or underscores"));
        }
        boolean editor = request.path("editor").asBoolean(false);
        // The CMS's own app client of the one pool, as the deployed CMS signs in; the groups decide what it may call.
        String token = BearerToken.issue(BearerToken.CMS_CLIENT, username, BearerToken.groups(editor),
                Instant.now(), TOKEN_TTL_SECONDS);
        String json = MAPPER.createObjectNode().put("accessToken", token).put("expiresIn", TOKEN_TTL_SECONDS).toString();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("Cache-Control", "no-store");
        return withHeaders(new Gateway.Answer(200, headers, json.getBytes(StandardCharsets.UTF_8)));
    }

    private static Gateway.Answer file(String type, byte[] bytes, boolean immutable) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", type);
        // Built assets carry a content hash in their names; everything else is checked on every load.
        headers.put("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        return withHeaders(new Gateway.Answer(200, headers, bytes));
    }

    private static Gateway.Answer withHeaders(Gateway.Answer answer) {
        answer.headers().put("Content-Security-Policy", EditorSiteHeaders.contentSecurityPolicy());
        answer.headers().putAll(EditorSiteHeaders.others());
        return answer;
    }
}
