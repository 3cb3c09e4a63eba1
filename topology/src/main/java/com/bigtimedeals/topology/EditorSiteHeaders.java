package com.bigtimedeals.topology;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The security headers of the editors' web app (cms/), in one place for both places that serve it: the
 * local stack's gateway and the CloudFront response-headers policy in infra. Local tests then run under the
 * same Content-Security-Policy as production, so a change that CSP would block fails in the browser tests.
 * Never loaded by a Lambda handler.
 */
public final class EditorSiteHeaders {
    /** Where the app is served, locally and in the distribution's origin bucket. */
    public static final String PATH = "/editor/";
    /** Two years of HTTPS only, subdomains included (the preload list's minimum is one year). */
    public static final int HSTS_MAX_AGE_SECONDS = 63_072_000;

    private EditorSiteHeaders() {
    }

    /**
     * The CSP: only the app's own scripts and styles, no framing, forms only to itself, and requests only to itself
     * (where the API answers too: locally the gateway serves both, deployed CloudFront sends the API's paths on to
     * it) plus {@code connectTo}: deployed, the Cognito domain the managed login's code is traded at and the user
     * pool's own API, where an editor registers an authenticator app (none locally, where both are the gateway's).
     */
    public static String contentSecurityPolicy(String... connectTo) {
        StringBuilder others = new StringBuilder();
        for (String origin : connectTo) {
            if (origin != null && !origin.isBlank()) {
                others.append(' ').append(origin.trim());
            }
        }
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; "
                + "connect-src 'self'" + others + "; form-action 'self'; frame-ancestors 'none'; "
                + "base-uri 'self'; object-src 'none'";
    }

    /** The headers besides the CSP (CloudFront sets each of these through its own typed setting). */
    public static Map<String, String> others() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Strict-Transport-Security", "max-age=" + HSTS_MAX_AGE_SECONDS + "; includeSubDomains; preload");
        h.put("X-Content-Type-Options", "nosniff");
        h.put("X-Frame-Options", "DENY");
        h.put("Referrer-Policy", "strict-origin-when-cross-origin");
        return h;
    }
}
