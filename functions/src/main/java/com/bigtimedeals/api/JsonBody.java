package com.bigtimedeals.api;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.bigtimedeals.domain.ContractRules;
import com.bigtimedeals.domain.DomainException;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A request body that must be a JSON object, read field by field with the contract's rules. Every violation
 * is a 400 naming the field; nothing is written before the whole body has been read. Strict by design: a
 * body that is not JSON by its Content-Type is a 415, and one whose bytes are not UTF-8 or whose object names
 * a key twice is a 400, because two readers of such a body (a proxy, a log, this handler) could each see a
 * different request.
 */
final class JsonBody {
    /** API Gateway allows 10 MB; no request of this contract needs more than a few kilobytes. */
    static final int MAX_BYTES = 64 * 1024;
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+$");

    /**
     * Reads request bodies only: responses are written by {@link JsonObject}, so a read-only request never
     * loads databind. Initialised on the first body, not at class load of the handler.
     */
    static final ObjectMapper MAPPER;
    private static final ObjectReader READER;

    static {
        JsonMapper mapper = JsonMapper.builder()
                .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
                // {"price":-5,"price":5} is refused, not read as whichever value came last.
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                // "{...}}" or "{...} junk" is not one JSON object: refuse it rather than read the first value.
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                // Prices are decimals: 1e400 must stay a (too large) decimal, not become a double Infinity.
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();
        // Bounded parsing: a hostile body cannot make the parser allocate without limit.
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(32).maxNumberLength(40).maxStringLength(16_384).build());
        MAPPER = mapper;
        READER = mapper.reader();
    }

    private final ObjectNode node;

    private JsonBody(ObjectNode node) {
        this.node = node;
    }

    static JsonBody parse(String body, boolean base64) {
        if (body == null || body.isBlank()) {
            throw DomainException.invalid(null, "a JSON object body is required");
        }
        String text = base64 ? utf8(body) : body;
        if (text.length() > MAX_BYTES) {
            throw new HttpFailure(413, ErrorCode.TOO_LARGE, "the body is larger than " + MAX_BYTES + " bytes");
        }
        JsonNode parsed;
        try {
            parsed = READER.readTree(text);
        } catch (StreamReadException e) {
            String why = e.getOriginalMessage();
            throw DomainException.invalid(null, why != null && why.startsWith("Duplicate field")
                    ? "the body names a key twice: " + why.substring("Duplicate field ".length())
                    : "the body is not valid JSON");
        } catch (JacksonException e) {
            throw DomainException.invalid(null, "the body is not valid JSON");
        }
        if (parsed == null || !parsed.isObject()) {
            throw DomainException.invalid(null, "the body must be a JSON object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = parsed.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!ContractRules.isWellFormed(field.getKey())) {
                throw DomainException.invalid(null, "the body names a key that is not valid Unicode text: it holds a lone surrogate");
            }
            if (!wellFormed(field.getValue())) {
                throw DomainException.invalid(field.getKey(), field.getKey() + " is not valid Unicode text: it holds a lone surrogate");
            }
        }
        return new JsonBody((ObjectNode) parsed);
    }

    /**
     * Every string in a value, at any depth, and every key of a nested object: the one place every body field
     * passes, whatever reads it later (a field nobody reads is checked too, so no field added later can forget it).
     */
    private static boolean wellFormed(JsonNode v) {
        if (v.isTextual()) {
            return ContractRules.isWellFormed(v.textValue());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!ContractRules.isWellFormed(field.getKey()) || !wellFormed(field.getValue())) {
                return false;
            }
        }
        if (v.isArray()) {
            for (JsonNode item : v) {
                if (!wellFormed(item)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * API Gateway base64-encodes a body it cannot pass as text; the bytes must still be UTF-8 (RFC 8259), and
     * are refused rather than stored with U+FFFD in place of what the client sent.
     */
    private static String utf8(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw DomainException.invalid(null, "the body is not valid base64");
        }
        if (bytes.length > MAX_BYTES) {
            throw new HttpFailure(413, ErrorCode.TOO_LARGE, "the body is larger than " + MAX_BYTES + " bytes");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw DomainException.invalid(null, "the body is not valid UTF-8");
        }
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
        return ContractRules.text(field, string(field), maxChars);
    }

    /** A free-text field where blank means "none" (a report's note); the record it goes into holds it to its rules. */
    String optionalString(String field) {
        return string(field);
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

    /** {@code "field": null}, which in a correction clears a field that may be cleared (expiresAt). */
    boolean isExplicitNull(String field) {
        return node.has(field) && node.get(field).isNull();
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

    /** An absolute http(s) URL with a host, at most {@link ContractRules#URL_MAX} characters. */
    String optionalUrl(String field) {
        return ContractRules.url(field, string(field));
    }

    /** A JSON number within {@link ContractRules#price}'s bounds and decimals. */
    BigDecimal price() {
        BigDecimal price = optionalPrice("price");
        if (price == null) {
            throw DomainException.invalid("price", "price is required");
        }
        return price;
    }

    /** A price in another field (an alert's {@code maxPrice}); absent or null gives null. */
    BigDecimal optionalPrice(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            throw DomainException.invalid(field, field + " must be a JSON number");
        }
        try {
            return ContractRules.price(field, v.decimalValue());
        } catch (NumberFormatException | ArithmeticException e) {
            throw DomainException.invalid(field, field + " must be a finite number");
        }
    }

    /** A brand or category id: a lowercase slug. */
    String requiredSlug(String field) {
        return ContractRules.slug(field, requiredText(field, com.bigtimedeals.domain.Slug.MAX_LENGTH));
    }

    String requiredEmail(String field) {
        String s = requiredText(field, ContractRules.EMAIL_MAX);
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
