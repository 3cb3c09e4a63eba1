package com.bigtimedeals.domain;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The contract's rule for "the same link" (duplicate deals): scheme and host lowercase, no fragment, no
 * {@code utm_*} query parameters, no trailing {@code /} on the path. Everything else (the path's case, the other
 * parameters and their order, the port, percent-escapes) is kept as sent: two links that differ there may well be
 * different offers.
 */
public final class DealLink {
    private DealLink() {
    }

    /** The normal form of an http(s) link that {@link ContractRules#url} accepted. */
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
        out.append(uri.getScheme().toLowerCase(Locale.ROOT)).append("://");
        if (uri.getRawUserInfo() != null) {
            out.append(uri.getRawUserInfo()).append('@');
        }
        out.append(uri.getHost().toLowerCase(Locale.ROOT));
        if (uri.getPort() != -1) {
            out.append(':').append(uri.getPort());
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        int end = path.length();
        while (end > 0 && path.charAt(end - 1) == '/') {
            end--;
        }
        out.append(path, 0, end);
        String query = uri.getRawQuery();
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
}
