package com.bigtimedeals.platform;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import software.amazon.awssdk.http.SdkHttpClient;

/**
 * Opaque page cursors. A cursor names the list it belongs to (a scope such as one brand's deals or one user's
 * inbox) and is signed, so a cursor made for another list, or edited by hand, is rejected instead of being
 * interpreted: no cursor can steer a query into another partition.
 */
public final class CursorCodec {
    private static final int MAC_BYTES = 12;
    /** The longest cursor this code makes or accepts: anything longer is refused before it is decoded. */
    public static final int MAX_CURSOR_CHARS = 512;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    /** The signing key itself. */
    public static final String KEY_VARIABLE = "CURSOR_SIGNING_KEY";
    /** The ARN of the Secrets Manager secret whose string is the signing key. */
    public static final String SECRET_ARN_VARIABLE = "CURSOR_SECRET_ARN";

    private final byte[] key;

    public CursorCodec(String secret) {
        this.key = secret.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The key, in this order: {@code CURSOR_SIGNING_KEY} itself (the local stack and scripts); the Secrets Manager
     * secret named by {@code CURSOR_SECRET_ARN}, read once per container (the stack generates one per deployment
     * and sets this on every function, since the API functions and the stream consumer, which writes the front
     * page's cursor, all sign). In Lambda without either, the function refuses to start: a key known to anyone
     * lets anyone forge a cursor. Outside Lambda without either, a random key for this process only.
     */
    public static CursorCodec from(Settings settings) {
        return from(settings, null);
    }

    /** The same, a secret read over {@code http} (a function's own client; null: one of the read's own). */
    public static CursorCodec from(Settings settings, SdkHttpClient http) {
        return from(settings, http, settings.get("AWS_LAMBDA_FUNCTION_NAME") != null);
    }

    static CursorCodec from(Settings settings, SdkHttpClient http, boolean inLambda) {
        String key = settings.get(KEY_VARIABLE);
        if (key != null) {
            return new CursorCodec(key);
        }
        String secretArn = settings.get(SECRET_ARN_VARIABLE);
        if (secretArn != null) {
            return new CursorCodec(SecretsManagerSecret.read(secretArn, DynamoDbClients.credentials(settings::get),
                    DynamoDbClients.region(settings), settings.get("AWS_ENDPOINT_URL_SECRETS_MANAGER"), http));
        }
        if (inLambda) {
            throw new IllegalStateException("No cursor signing key: set " + SECRET_ARN_VARIABLE + " (the stack does) or "
                    + KEY_VARIABLE + "; this function will not sign cursors with a key anyone could know");
        }
        return new CursorCodec(randomKey());
    }

    /** 256 random bits, URL-safe: a fresh signing key. */
    public static String randomKey() {
        byte[] bytes = new byte[32];
        new java.security.SecureRandom().nextBytes(bytes);
        return ENCODER.encodeToString(bytes);
    }

    public String encode(String scope, List<String> position) {
        String payload = scope + "\n" + String.join("\n", position);
        return ENCODER.encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + "." + ENCODER.encodeToString(mac(payload));
    }

    /** The position fields of a cursor made for {@code scope}; anything else is a client mistake. */
    public List<String> decode(String scope, String cursor, int fields) {
        if (cursor.length() > MAX_CURSOR_CHARS) {
            throw invalid();
        }
        int dot = cursor.indexOf('.');
        if (dot <= 0) {
            throw invalid();
        }
        String payload;
        byte[] signature;
        try {
            payload = new String(DECODER.decode(cursor.substring(0, dot)), StandardCharsets.UTF_8);
            signature = DECODER.decode(cursor.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (!MessageDigest.isEqual(signature, mac(payload))) {
            throw invalid();
        }
        List<String> parts = Arrays.asList(payload.split("\n", -1));
        if (parts.size() != fields + 1 || !parts.get(0).equals(scope)) {
            throw invalid();
        }
        return parts.subList(1, parts.size());
    }

    private byte[] mac(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Arrays.copyOf(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)), MAC_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JRE", e);
        }
    }

    private static DomainException invalid() {
        return DomainException.invalid("cursor", "cursor is not valid for this list");
    }
}
