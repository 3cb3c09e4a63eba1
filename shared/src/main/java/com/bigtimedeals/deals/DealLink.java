package com.bigtimedeals.deals;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.StringJoiner;

import com.bigtimedeals.platform.DomainException;

/**
 * The contract's rule for "the same link" (duplicate deals): scheme and host lowercase, no fragment, no
 * {@code utm_*} query parameters, no trailing {@code /} on the path; and RFC 3986's own equivalences (section 6.2.2
 * and 6.2.3): the scheme's default port dropped ({@code :443} on https, {@code :80} on http), a host's trailing dot
 * dropped (the same fully qualified name), percent-encoded unreserved characters decoded ({@code %2D} is {@code -})
 * and every other escape's hex in upper case, and dot segments removed. Nothing further: the path's case, other
 * parameters and their order, other ports, reserved escapes ({@code %2F}) and empty segments ({@code /x//} is not
 * {@code /x}: only one trailing {@code /} goes) are kept as sent, since links that differ there may be other offers.
 */
public final class DealLink {
    private DealLink() {
    }

    /** The normal form of an http(s) link that {@link com.bigtimedeals.platform.ContractRules#url} accepted. */
    public static String normalise(String link) {
        URI uri;
        try {
            uri = new URI(link);
        } catch (URISyntaxException e) {
            throw DomainException.invalid("link", "link must be an http(s) URL");
        }
        if (uri.getHost() == null || uri.getScheme() == null) {
            throw DomainException.invalid("link", "link must be an http(s) URL");
        }
        StringBuilder out = new StringBuilder(link.length());
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        out.append(scheme).append("://");
        if (uri.getRawUserInfo() != null) {
            out.append(escapes(uri.getRawUserInfo())).append('@');
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (host.endsWith(".") && host.length() > 1) {
            host = host.substring(0, host.length() - 1);
        }
        out.append(host);
        int port = uri.getPort();
        if (port != -1 && !(port == 443 && scheme.equals("https")) && !(port == 80 && scheme.equals("http"))) {
            out.append(':').append(port);
        }
        String path = removeDotSegments(escapes(uri.getRawPath() == null ? "" : uri.getRawPath()));
        out.append(path.endsWith("/") ? path.substring(0, path.length() - 1) : path);
        String query = uri.getRawQuery() == null ? null : escapes(uri.getRawQuery());
        if (query != null) {
            StringJoiner kept = new StringJoiner("&");
            for (String parameter : query.split("&", -1)) {
                if (!parameter.isEmpty() && !parameter.toLowerCase(Locale.ROOT).startsWith("utm_")) {
                    kept.add(parameter);
                }
            }
            if (kept.length() > 0) {
                out.append('?').append(kept);
            }
        }
        return out.toString();
    }

    /** Percent-escapes of unreserved characters (ALPHA, DIGIT, {@code - . _ ~}) decoded; every other one's hex upper case. */
    static String escapes(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        StringBuilder b = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length() && hex(raw.charAt(i + 1)) && hex(raw.charAt(i + 2))) {
                char decoded = (char) Integer.parseInt(raw.substring(i + 1, i + 3), 16);
                if ((decoded >= 'A' && decoded <= 'Z') || (decoded >= 'a' && decoded <= 'z') || (decoded >= '0' && decoded <= '9')
                        || decoded == '-' || decoded == '.' || decoded == '_' || decoded == '~') {
                    b.append(decoded);
                } else {
                    b.append('%').append(raw.substring(i + 1, i + 3).toUpperCase(Locale.ROOT));
                }
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean hex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** RFC 3986 section 5.2.4: {@code .} and {@code ..} segments resolved; empty segments kept. */
    static String removeDotSegments(String path) {
        if (!path.contains(".")) {
            return path;
        }
        String in = path;
        StringBuilder out = new StringBuilder(path.length());
        while (!in.isEmpty()) {
            if (in.startsWith("../")) {
                in = in.substring(3);
            } else if (in.startsWith("./")) {
                in = in.substring(2);
            } else if (in.startsWith("/./")) {
                in = in.substring(2);
            } else if (in.equals("/.")) {
                in = "/";
            } else if (in.startsWith("/../") || in.equals("/..")) {
                in = in.length() == 3 ? "/" : in.substring(3);
                int last = out.lastIndexOf("/");
                out.setLength(Math.max(last, 0));
            } else if (in.equals(".") || in.equals("..")) {
                in = "";
            } else {
                int next = in.indexOf('/', in.startsWith("/") ? 1 : 0);
                String segment = next < 0 ? in : in.substring(0, next);
                out.append(segment);
                in = next < 0 ? "" : in.substring(next);
            }
        }
        return out.toString();
    }
}
