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

import com.bigtimedeals.devices.NotificationSettings;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.InvalidFields;
import com.bigtimedeals.topology.BodyField;
import com.bigtimedeals.topology.RequestBody;
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
    /** What {@code format: date-time} with the document's pattern allows: UTC, a Z, seconds, optional fractions. */
    private static final Pattern INSTANT = Pattern.compile(ContractRules.INSTANT_PATTERN);

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

    private static JsonBody parse(String body, boolean base64) {
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

    /**
     * Reads and checks the whole body by its declaration before anything runs: an unknown field, a required one
     * missing, a null where none may be, or a value that breaks its kind's rule is a 400 naming the field. The values
     * are then read by name with the getters below, which only hand out declared fields.
     */
    static JsonBody parse(String body, boolean base64, RequestBody declaration) {
        JsonBody parsed = parse(body, base64);
        parsed.check(declaration);
        return parsed;
    }

    /** A route that takes no body accepts none, or an empty object: any field is unknown to it. */
    static void requireNone(String body, boolean base64) {
        if (body == null || body.isBlank()) {
            return;
        }
        JsonBody parsed = parse(body, base64);
        if (parsed.node.size() > 0) {
            String field = parsed.node.fieldNames().next();
            throw DomainException.invalid(field, "this route takes no request body: " + field + " is not a field of it");
        }
    }

    private final java.util.Map<String, Object> values = new java.util.HashMap<>();
    private RequestBody declaration;

    /**
     * Checks every field, and refuses the body with all of its faults at once ({@link InvalidFields}, in the order the
     * body named them, then the declaration's), so a form can mark every field in one round trip.
     */
    private void check(RequestBody declared) {
        this.declaration = declared;
        List<InvalidFields.FieldError> errors = new ArrayList<>();
        for (java.util.Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (declared.fixed().contains(name)) {
                errors.add(new InvalidFields.FieldError(name, name + " cannot change"));
            } else if (declared.field(name) == null) {
                errors.add(new InvalidFields.FieldError(name, name + " is not a field of this request"));
            }
        }
        for (BodyField field : declared.fields()) {
            JsonNode v = node.get(field.name());
            if (v == null || v.isNull()) {
                if (v != null && field.nullable()) {
                    continue; // sent as null where null means none (a required one must still be sent)
                }
                if (field.required()) {
                    errors.add(new InvalidFields.FieldError(field.name(), field.name() + " is required"));
                } else if (v != null && !field.nullable()) {
                    errors.add(new InvalidFields.FieldError(field.name(), field.name() + " cannot be empty (null)"));
                }
                continue;
            }
            try {
                values.put(field.name(), value(field, v));
            } catch (InvalidFields e) {
                errors.addAll(e.errors()); // a nested object's faults, each under its own name (push.watches)
            } catch (DomainException e) {
                errors.add(new InvalidFields.FieldError(field.name(), e.getMessage()));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidFields(errors);
        }
        if (declared.atLeastOne() && node.size() == 0) {
            throw DomainException.invalid(null, "send at least one of " + String.join(", ",
                    declared.fields().stream().map(BodyField::name).toList()));
        }
    }

    private static Object value(BodyField field, JsonNode v) {
        String name = field.name();
        return switch (field.kind()) {
            case TEXT -> ContractRules.text(name, string(name, v), field.max());
            case NAME -> ContractRules.name(name, string(name, v), field.max());
            case URL -> ContractRules.url(name, string(name, v));
            case HTTPS_URL -> ContractRules.httpsUrl(name, string(name, v));
            case EMAIL -> ContractRules.email(name, string(name, v));
            case SLUG -> ContractRules.slug(name, string(name, v));
            case PRICE -> price(name, v);
            case DATE -> date(name, string(name, v));
            case INSTANT -> instant(name, string(name, v));
            case DEAL_ID -> {
                String id = string(name, v);
                if (!com.bigtimedeals.platform.Ids.isValid(id)) {
                    throw DomainException.invalid(name, name + " must be a deal id");
                }
                yield id;
            }
            case ID -> {
                String id = string(name, v);
                if (!com.bigtimedeals.platform.Ids.isValid(id)) {
                    throw DomainException.invalid(name, name + " must be a 27-character id");
                }
                yield id;
            }
            case NOTE -> {
                String note = string(name, v);
                yield note.isBlank() ? null : ContractRules.text(name, note, field.max());
            }
            // Checked here so that a word rule is named with every other invalid field; the domain parses them again.
            case WORDS -> {
                String words = string(name, v);
                com.bigtimedeals.platform.Words.parse(name, words);
                yield words;
            }
            case OPTIONAL_WORDS -> {
                String words = string(name, v);
                yield com.bigtimedeals.platform.Words.parseOptional(name, words).isEmpty() ? null : words;
            }
            case DEAL_IDS -> idList(name, v, field.max());
            case POSITIVE_INTEGER -> {
                if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < 1 || v.intValue() > field.max()) {
                    throw DomainException.invalid(name, name + " must be an integer from 1 to " + field.max());
                }
                yield v.intValue();
            }
            case BOOLEAN -> {
                if (!v.isBoolean()) {
                    throw DomainException.invalid(name, name + " must be true or false");
                }
                yield v.booleanValue();
            }
            // Their rules are the domain's (NotificationSettings), checked here so that each is named with the others.
            case CLOCK_TIME -> NotificationSettings.QuietHours.time(name, string(name, v));
            case TIME_ZONE -> NotificationSettings.QuietHours.zone(name, string(name, v));
            case OBJECT -> {
                if (!v.isObject()) {
                    throw DomainException.invalid(name, name + " must be a JSON object");
                }
                JsonBody inner = new JsonBody((ObjectNode) v);
                try {
                    inner.check(field.object());
                } catch (InvalidFields e) {
                    throw new InvalidFields(e.errors().stream().map(f -> new InvalidFields.FieldError(
                            f.field() == null ? name : name + "." + f.field(), name + "." + f.message())).toList());
                } catch (DomainException e) {
                    throw DomainException.invalid(name, name + ": " + e.getMessage());
                }
                yield inner;
            }
            case ONE_OF -> {
                String s = string(name, v);
                if (!field.values().contains(s)) {
                    throw DomainException.invalid(name, name + " must be one of " + String.join(", ", field.values()));
                }
                yield s;
            }
        };
    }

    private static String string(String field, JsonNode v) {
        if (!v.isTextual()) {
            throw DomainException.invalid(field, field + " must be a string");
        }
        return v.textValue();
    }

    private Object get(String name, BodyField.Kind... kinds) {
        BodyField field = declaration == null ? null : declaration.field(name);
        if (field == null || !java.util.List.of(kinds).contains(field.kind())) {
            throw new IllegalStateException(name + " is not declared as " + java.util.Arrays.toString(kinds)
                    + " in this operation's RequestBody");
        }
        return values.get(name);
    }

    /** A text, name, URL, email, slug, id, note, one-of or words field; null when absent (a blank note, no words, too). */
    String text(String name) {
        return (String) get(name, BodyField.Kind.TEXT, BodyField.Kind.NAME, BodyField.Kind.URL, BodyField.Kind.HTTPS_URL,
                BodyField.Kind.EMAIL,
                BodyField.Kind.SLUG, BodyField.Kind.DEAL_ID, BodyField.Kind.ID, BodyField.Kind.NOTE, BodyField.Kind.ONE_OF,
                BodyField.Kind.WORDS, BodyField.Kind.OPTIONAL_WORDS);
    }

    /** A boolean field; null when absent. */
    Boolean bool(String name) {
        return (Boolean) get(name, BodyField.Kind.BOOLEAN);
    }

    /** A time-of-day or time-zone field, as sent (the domain checks it); null when absent. */
    String clock(String name) {
        return (String) get(name, BodyField.Kind.CLOCK_TIME, BodyField.Kind.TIME_ZONE);
    }

    /** A nested object field, read with these same getters; null when absent or null. */
    JsonBody object(String name) {
        return (JsonBody) get(name, BodyField.Kind.OBJECT);
    }

    /** A positive integer field; null when absent. */
    Integer positiveInteger(String name) {
        return (Integer) get(name, BodyField.Kind.POSITIVE_INTEGER);
    }

    BigDecimal price(String name) {
        return (BigDecimal) get(name, BodyField.Kind.PRICE);
    }

    Instant instant(String name) {
        return (Instant) get(name, BodyField.Kind.INSTANT);
    }

    /** A date field that must not be after the request's day (a birthday). */
    LocalDate pastDate(String name, Instant now) {
        LocalDate d = (LocalDate) get(name, BodyField.Kind.DATE);
        if (d != null && d.isAfter(LocalDate.ofInstant(now, java.time.ZoneOffset.UTC))) {
            throw DomainException.invalid(name, name + " must be a past date (YYYY-MM-DD)");
        }
        return d;
    }

    @SuppressWarnings("unchecked")
    List<String> dealIds(String name) {
        return (List<String>) get(name, BodyField.Kind.DEAL_IDS);
    }

    /** {@code "name": null}, which in a correction clears a field that may be cleared (expiresAt). */
    boolean isExplicitNull(String name) {
        get(name, BodyField.Kind.values());
        return node.has(name) && node.get(name).isNull();
    }

    /** A JSON number within {@link ContractRules#price}'s bounds and decimals. */
    private static BigDecimal price(String field, JsonNode v) {
        if (!v.isNumber()) {
            throw DomainException.invalid(field, field + " must be a JSON number");
        }
        try {
            return ContractRules.price(field, v.decimalValue());
        } catch (NumberFormatException | ArithmeticException e) {
            throw DomainException.invalid(field, field + " must be a finite number");
        }
    }

    /** A past calendar date from 1900 on; whether it is past is checked against the request's time by the caller. */
    private static LocalDate date(String field, String s) {
        try {
            if (!s.matches(ContractRules.DATE_PATTERN)) {
                throw new DateTimeParseException("not YYYY-MM-DD", s, 0);
            }
            LocalDate d = LocalDate.parse(s);
            if (d.getYear() < 1900) {
                throw DomainException.invalid(field, field + " must be a past date (YYYY-MM-DD)");
            }
            return d;
        } catch (DateTimeParseException e) {
            throw DomainException.invalid(field, field + " must be a date (YYYY-MM-DD)");
        }
    }

    private static Instant instant(String field, String s) {
        if (s.length() > 40 || !INSTANT.matcher(s).matches()) {
            throw DomainException.invalid(field, field + " must be an ISO-8601 UTC instant such as 2026-11-20T13:42:26Z");
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            throw DomainException.invalid(field, field + " must be an ISO-8601 UTC instant such as 2026-11-20T13:42:26Z");
        }
    }

    /** An array of distinct strings, each a candidate deal id (the store says which exist). */
    private static List<String> idList(String field, JsonNode v, int max) {
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
