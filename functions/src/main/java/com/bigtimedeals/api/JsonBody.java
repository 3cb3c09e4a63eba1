package com.bigtimedeals.api;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import com.bigtimedeals.domain.DomainException;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A request body that must be a JSON object, read field by field with the contract's rules. Every violation
 * is a 400 naming the field; nothing is written before the whole body has been read.
 */
final class JsonBody {
    /** API Gateway allows 10 MB; no request of this contract needs more than a few kilobytes. */
    static final int MAX_BYTES = 64 * 1024;
    static final int MAX_URL = 2048;
    /**
     * Reads request bodies only: responses are written by {@link JsonObject}, so a read-only request never
     * loads databind. Initialised on the first body, not at class load of the handler.
     */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            // "{...}}" or "{...} junk" is not one JSON object: refuse it rather than read the first value.
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // Prices are decimals: 1e400 must stay a (too large) decimal, not become a double Infinity.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    static {
        // Bounded parsing: a hostile body cannot make the parser allocate without limit.
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(32).maxNumberLength(40).maxStringLength(16_384).build());
    }

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+$");
    private static final Pattern SLUG = Pattern.compile("^[a-z0-9]+(-[a-z0-9]+)*$");

    private final ObjectNode node;

    private JsonBody(ObjectNode node) {
        this.node = node;
    }

    static JsonBody parse(String body, boolean base64) {
        if (body == null || body.isBlank()) {
            throw DomainException.invalid(null, "a JSON object body is required");
        }
        String text = body;
        if (base64) {
            try {
                text = new String(java.util.Base64.getDecoder().decode(body), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw DomainException.invalid(null, "the body is not valid base64");
            }
        }
        if (text.length() > MAX_BYTES) {
            throw new HttpFailure(413, "TOO_LARGE", "the body is larger than " + MAX_BYTES + " bytes");
        }
        JsonNode parsed;
        try {
            parsed = MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw DomainException.invalid(null, "the body is not valid JSON");
        }
        if (parsed == null || !parsed.isObject()) {
            throw DomainException.invalid(null, "the body must be a JSON object");
        }
        return new JsonBody((ObjectNode) parsed);
    }

    boolean has(String field) {
        return node.has(field);
    }

    /** Fields that may never be sent (e.g. what a correction cannot change). */
    void reject(String field, String why) {
        if (node.has(field)) {
            throw DomainException.invalid(field, field + " " + why);
        }
    }

    String requiredText(String field, int maxChars) {
        String s = optionalText(field, maxChars);
        if (s == null) {
            throw DomainException.invalid(field, field + " is required");
        }
        return s;
    }

    /** The field's string, null when absent or null; any other JSON type is a 400. */
    private String string(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw DomainException.invalid(field, field + " must be a string");
        }
        return v.textValue();
    }

    /** A string of 1..max characters that is not blank; absent or null gives null. */
    String optionalText(String field, int maxChars) {
        String s = string(field);
        if (s == null) {
            return null;
        }
        int chars = s.codePointCount(0, s.length());
        if (s.isBlank() || chars > maxChars) {
            throw DomainException.invalid(field, field + " must be 1 to " + maxChars + " characters and not blank");
        }
        if (s.chars().anyMatch(c -> c < 0x20 && c != '\n' && c != '\t' && c != '\r')) {
            throw DomainException.invalid(field, field + " must not contain control characters");
        }
        return s;
    }

    /** Present fields of a correction may not be null: a title, link or price cannot be cleared. */
    String correctionText(String field, int maxChars) {
        requireNotNull(field);
        return optionalText(field, maxChars);
    }

    String correctionUrl(String field) {
        requireNotNull(field);
        return optionalUrl(field);
    }

    BigDecimal correctionPrice() {
        requireNotNull("price");
        return node.has("price") ? price() : null;
    }

    private void requireNotNull(String field) {
        if (node.has(field) && node.get(field).isNull()) {
            throw DomainException.invalid(field, field + " cannot be null");
        }
    }

    String requiredUrl(String field) {
        String url = optionalUrl(field);
        if (url == null) {
            throw DomainException.invalid(field, field + " is required");
        }
        return url;
    }

    /** An absolute http(s) URL with a host, at most 2048 characters. */
    String optionalUrl(String field) {
        String s = string(field);
        if (s == null) {
            return null;
        }
        if (s.length() > MAX_URL || !isHttpUrl(s)) {
            throw DomainException.invalid(field, field + " must be an http(s) URL of at most " + MAX_URL + " characters");
        }
        return s;
    }

    static boolean isHttpUrl(String s) {
        if (s.isEmpty() || s.chars().anyMatch(c -> c <= 0x20 || c == 0x7f)) {
            return false;
        }
        try {
            URI uri = new URI(s);
            String scheme = uri.getScheme();
            return uri.isAbsolute() && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                    && uri.getHost() != null && !uri.getHost().isEmpty();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** A JSON number from 0 to 10,000,000 with at most 2 decimal places. */
    BigDecimal price() {
        JsonNode v = node.get("price");
        if (v == null || v.isNull()) {
            throw DomainException.invalid("price", "price is required");
        }
        if (!v.isNumber()) {
            throw DomainException.invalid("price", "price must be a JSON number");
        }
        BigDecimal p;
        try {
            p = v.decimalValue();
        } catch (NumberFormatException | ArithmeticException e) {
            throw DomainException.invalid("price", "price must be a finite number");
        }
        if (p.signum() < 0 || p.compareTo(new BigDecimal("10000000")) > 0) {
            throw DomainException.invalid("price", "price must be from 0 to 10000000");
        }
        BigDecimal stripped = p.stripTrailingZeros();
        if (stripped.scale() > 2) {
            throw DomainException.invalid("price", "price must have at most 2 decimal places");
        }
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    /** A brand or category id: a lowercase slug. */
    String requiredSlug(String field) {
        String s = requiredText(field, 64);
        if (!SLUG.matcher(s).matches()) {
            throw DomainException.invalid(field, field + " must be a lowercase slug such as food-drink");
        }
        return s;
    }

    String requiredEmail(String field) {
        String s = requiredText(field, 254);
        if (!EMAIL.matcher(s).matches()) {
            throw DomainException.invalid(field, field + " must be an email address");
        }
        return s;
    }

    LocalDate optionalDate(String field, Instant now) {
        String s = optionalText(field, 10);
        if (s == null) {
            return null;
        }
        try {
            LocalDate d = LocalDate.parse(s);
            if (d.isAfter(LocalDate.ofInstant(now, java.time.ZoneOffset.UTC)) || d.getYear() < 1900) {
                throw DomainException.invalid(field, field + " must be a past date (YYYY-MM-DD)");
            }
            return d;
        } catch (DateTimeParseException e) {
            throw DomainException.invalid(field, field + " must be a date (YYYY-MM-DD)");
        }
    }

    Instant optionalInstant(String field) {
        String s = optionalText(field, 40);
        if (s == null) {
            return null;
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            throw DomainException.invalid(field, field + " must be an ISO-8601 UTC instant such as 2026-11-20T13:42:26Z");
        }
    }

    /** An array of strings, each a candidate deal id. */
    List<String> requiredIdList(String field, int max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw DomainException.invalid(field, field + " is required");
        }
        if (!v.isArray()) {
            throw DomainException.invalid(field, field + " must be an array of deal ids");
        }
        if (v.size() > max) {
            throw DomainException.invalid(field, field + " holds at most " + max + " ids");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual()) {
                throw DomainException.invalid(field, field + " must be an array of strings");
            }
            ids.add(item.textValue());
        }
        return ids;
    }
}
