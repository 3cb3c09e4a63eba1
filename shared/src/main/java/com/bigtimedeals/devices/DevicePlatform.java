package com.bigtimedeals.devices;

import java.util.Locale;
import java.util.regex.Pattern;

import com.bigtimedeals.platform.DomainException;

/**
 * The push services a device can be reached through, each with its token's shape (../shared/design/api.md, "Devices and
 * push"): {@code fcm} (Android, Firebase Cloud Messaging) and {@code apns} (iOS, Apple Push Notification service).
 */
public enum DevicePlatform {
    /** 20 to 4,096 characters of letters, digits, {@code :}, {@code _} and {@code -}. */
    FCM(Pattern.compile("[A-Za-z0-9:_-]{20,4096}"), "20 to 4096 characters of letters, digits, ':', '_' and '-'"),
    /** Exactly 64 hexadecimal characters (32 bytes). */
    APNS(Pattern.compile("[0-9A-Fa-f]{64}"), "exactly 64 hexadecimal characters");

    /** How many characters of the token a device answers ({@code tokenEnd}); the token itself is never answered. */
    public static final int TOKEN_END = 6;

    private final Pattern token;
    private final String rule;

    DevicePlatform(Pattern token, String rule) {
        this.token = token;
        this.rule = rule;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DevicePlatform fromWire(String value) {
        for (DevicePlatform p : values()) {
            if (p.wire().equals(value)) {
                return p;
            }
        }
        throw DomainException.invalid("platform", "platform must be fcm or apns");
    }

    /**
     * The token in its one spelling when it has this platform's shape; otherwise a 400 naming {@code token}. An APNs
     * token is 32 bytes written in hexadecimal, whose case carries nothing: it is kept in lower case, so an app that
     * once sends it in capitals (Swift's {@code %02X} against {@code %02x}) registers the same device, not a second
     * one that gets every push again. FCM tokens are case-sensitive and kept as sent.
     */
    public String checkToken(String value) {
        if (value == null || value.length() > 4096 || !token.matcher(value).matches()) {
            throw DomainException.invalid("token", "an " + wire() + " token is " + rule);
        }
        return this == APNS ? value.toLowerCase(Locale.ROOT) : value;
    }

    /** The token's last {@link #TOKEN_END} characters, which a client may show to tell its devices apart. */
    public static String tokenEnd(String token) {
        return token.substring(token.length() - TOKEN_END);
    }
}
