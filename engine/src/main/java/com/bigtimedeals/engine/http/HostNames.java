package com.bigtimedeals.engine.http;

import java.util.List;
import java.util.Locale;

/**
 * The names a request may be addressed to. The server listens on loopback only, but a page can still reach it by
 * DNS rebinding: its own name made to resolve to 127.0.0.1, so that its requests are same-origin and need no CORS.
 * Those requests carry the page's name in {@code Host}; requests from clients on this machine carry a loopback
 * name. So a {@code Host} that is neither an IP address, {@code localhost} (or a name under it), nor a name set in
 * {@code --allowed-hosts} is refused; a request without one is served.
 */
final class HostNames {
    private final List<String> allowed;

    HostNames(List<String> allowed) {
        this.allowed = allowed.stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty()).toList();
    }

    boolean allows(String hostHeader) {
        if (hostHeader == null || hostHeader.isEmpty()) {
            return true;
        }
        String host = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (host.startsWith("[")) {
            // an IPv6 literal, with or without a port: no name to rebind
            return host.indexOf(']') > 0;
        }
        int colon = host.lastIndexOf(':');
        if (colon >= 0) {
            host = host.substring(0, colon);
        }
        while (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        return host.equals("localhost") || host.endsWith(".localhost") || host.equals("localhost.localdomain")
                || isIpv4(host) || allowed.contains(host)
                || allowed.contains("*");
    }

    private static boolean isIpv4(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit) || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }
}
