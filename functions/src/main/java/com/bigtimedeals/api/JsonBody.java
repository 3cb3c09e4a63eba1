package com.bigtimedeals.api;

import java.io.IOException;
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
import java.util.LinkedHashMap;
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
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;

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
     * Reads request bodies only, with jackson-core's streaming parser into plain maps, lists and values
     * ({@link #read}): jackson-databind's ObjectMapper cost a write function's first body about 390 classes and
     * 0.2 s of its cold start (docs/cold-start.md). Responses are written by {@link JsonObject}, so a read-only request
     * never loads this. Initialised on the first body, not at class load of the handler.
     */
    private static final JsonFactory FACTORY = new JsonFactory()
            // {"price":-5,"price":5} is refused, not read as whichever value came last.
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            // Bounded parsing: a hostile body cannot make the parser allocate without limit.
            .setStreamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(32).maxNumberLength(40).maxStringLength(16_384).build());
    /** JSON {@code null} in a body's tree (a map's absent key is Java's null). */
    private static final Object NULL = new Object();
    /**
     * A number no BigDecimal holds (1e99999999999, within the parser's 40 characters): refused by any field that
     * reads a number as "must be a finite number", where databind's tree threw it out of the request as a 500.
     */
    private static final Object OUT_OF_RANGE = new Object();

    /** The body's members in the order it named them. */
    private final Map<String, Object> node;

    private JsonBody(Map<String, Object> node) {
        this.node = node;
    }

    /** The members as read: strings, Boolean, Integer, Long, BigInteger, BigDecimal, lists, maps and {@link #isNull}. */
    Map<String, Object> members() {
        return java.util.Collections.unmodifiableMap(node);
    }

    /** Whether a value of {@link #members()} is JSON's null. */
    static boolean isNull(Object value) {
        return value == NULL;
    }

    /** Whether a value of {@link #members()} is a number too large or small for any BigDecimal. */
    static boolean isOutOfRange(Object value) {
        return value == OUT_OF_RANGE;
    }

    /** The body as read, unchecked against any declaration: {@code JsonBodyReadingTest} holds it to databind's reading. */
    static JsonBody parse(String body, boolean base64) {
        if (body == null || body.isBlank()) {
            throw DomainException.invalid(null, "a JSON object body is required");
        }
        String text = base64 ? utf8(body) : body;
        if (text.length() > MAX_BYTES) {
            throw new HttpFailure(413, ErrorCode.TOO_LARGE, "the body is larger than " + MAX_BYTES + " bytes");
        }
        Object parsed;
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            parsed = first == null ? null : read(p, first); // no value at all: not an object
            // "{...}}" or "{...} junk" is not one JSON object: refuse it rather than read the first value.
            if (p.nextToken() != null) {
                throw DomainException.invalid(null, "the body is not valid JSON");
            }
        } catch (StreamReadException e) {
            String why = e.getOriginalMessage();
            throw DomainException.invalid(null, why != null && why.startsWith("Duplicate field")
                    ? "the body names a key twice: " + why.substring("Duplicate field ".length())
                    : "the body is not valid JSON");
        } catch (JacksonException e) {
            throw DomainException.invalid(null, "the body is not valid JSON");
        } catch (IOException e) {
            throw DomainException.invalid(null, "the body is not valid JSON"); // a String is read without I/O
        }
        if (!(parsed instanceof Map)) {
            throw DomainException.invalid(null, "the body must be a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) parsed;
        for (Map.Entry<String, Object> field : object.entrySet()) {
            if (!ContractRules.isWellFormed(field.getKey())) {
                throw DomainException.invalid(null, "the body names a key that is not valid Unicode text: it holds a lone surrogate");
            }
            if (!wellFormed(field.getValue())) {
                throw DomainException.invalid(field.getKey(), field.getKey() + " is not valid Unicode text: it holds a lone surrogate");
            }
        }
        return new JsonBody(object);
    }

    /**
     * One value from its first token, as jackson-databind's tree held it before: integers as Integer, Long or
     * BigInteger by their size, every other number as a BigDecimal without trailing zeros (1e400 stays a decimal, not
     * a double's Infinity; 19.90 reads as 19.9), objects as maps in the body's order. The parser refuses a key named
     * twice and a nesting deeper than its constraints, so the recursion is bounded.
     */
    private static Object read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> object = new LinkedHashMap<>();
                for (JsonToken next = p.nextToken(); next == JsonToken.FIELD_NAME; next = p.nextToken()) {
                    String name = p.currentName();
                    object.put(name, read(p, p.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                List<Object> array = new ArrayList<>();
                for (JsonToken next = p.nextToken(); next != JsonToken.END_ARRAY; next = p.nextToken()) {
                    array.add(read(p, next));
                }
                return array;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return switch (p.getNumberType()) {
                    case INT -> p.getIntValue();
                    case LONG -> p.getLongValue();
                    default -> p.getBigIntegerValue();
                };
            case VALUE_NUMBER_FLOAT: {
                BigDecimal d;
                try {
                    d = p.getDecimalValue();
                } catch (NumberFormatException e) {
                    return OUT_OF_RANGE;
                }
                try {
                    return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
                } catch (ArithmeticException e) {
                    return d; // the scale would overflow: kept as read, as databind keeps it
                }
            }
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return NULL;
            default:
                throw DomainException.invalid(null, "the body is not valid JSON");
        }
    }

    /**
     * Every string in a value, at any depth, and every key of a nested object: the one place every body field
     * passes, whatever reads it later (a field nobody reads is checked too, so no field added later can forget it).
     */
    private static boolean wellFormed(Object v) {
        if (v instanceof String s) {
            return ContractRules.isWellFormed(s);
        }
        if (v instanceof Map<?, ?> object) {
            for (Map.Entry<?, ?> field : object.entrySet()) {
                if (!ContractRules.isWellFormed((String) field.getKey()) || !wellFormed(field.getValue())) {
                    return false;
                }
            }
        }
        if (v instanceof List<?> array) {
            for (Object item : array) {
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
     * are then read by name with the getters below, which only hand out declared fields. {@code now} is the request's
     * time, which the kinds judged against it read (a birthday, a backfilled instant), so that they too are named
     * with every other fault.
     */
    static JsonBody parse(String body, boolean base64, RequestBody declaration, Instant now) {
        JsonBody parsed = parse(body, base64);
        parsed.now = now;
        parsed.check(declaration);
        return parsed;
    }

    /** The same read at the present moment (tests of the reading alone). */
    static JsonBody parse(String body, boolean base64, RequestBody declaration) {
        return parse(body, base64, declaration, Instant.now());
    }

    /** A route that takes no body accepts none, or an empty object: any field is unknown to it. */
    static void requireNone(String body, boolean base64) {
        if (body == null || body.isBlank()) {
            return;
        }
        JsonBody parsed = parse(body, base64);
        if (parsed.node.size() > 0) {
            String field = parsed.node.keySet().iterator().next();
            throw DomainException.invalid(field, "this route takes no request body: " + field + " is not a field of it");
        }
    }

    private final java.util.Map<String, Object> values = new java.util.HashMap<>();
    private RequestBody declaration;
    private Instant now;

    /**
     * Checks every field, and refuses the body with all of its faults at once ({@link InvalidFields}, in the order the
     * body named them, then the declaration's), so a form can mark every field in one round trip.
     */
    private void check(RequestBody declared) {
        this.declaration = declared;
        List<InvalidFields.FieldError> errors = new ArrayList<>();
        for (String name : node.keySet()) {
            if (declared.fixed().contains(name)) {
                errors.add(new InvalidFields.FieldError(name, name + " cannot change"));
            } else if (declared.field(name) == null) {
                errors.add(new InvalidFields.FieldError(name, name + " is not a field of this request"));
            }
        }
        for (BodyField field : declared.fields()) {
            Object v = node.get(field.name());
            if (v == null || v == NULL) {
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
                values.put(field.name(), value(field, v, now));
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

    private static Object value(BodyField field, Object v, Instant now) {
        String name = field.name();
        return switch (field.kind()) {
            case TEXT -> ContractRules.text(name, string(name, v), field.max());
            case NAME -> ContractRules.name(name, string(name, v), field.max());
            case URL -> ContractRules.url(name, string(name, v));
            case HTTPS_URL -> ContractRules.httpsUrl(name, string(name, v));
            case EMAIL -> ContractRules.email(name, string(name, v));
            case SLUG -> ContractRules.slug(name, string(name, v));
            case PRICE -> price(name, v);
            case DATE -> ContractRules.past(name, date(name, string(name, v)), now);
            case INSTANT -> instant(name, string(name, v));
            case PAST_INSTANT -> ContractRules.backfilled(name, instant(name, string(name, v)), now);
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
                yield ContractRules.isBlank(note) ? null : ContractRules.text(name, note, field.max());
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
                // An integer beyond int's range is read as a Long or BigInteger; 1.0 and 1e0 are decimals.
                if (!(v instanceof Integer i) || i < 1 || i > field.max()) {
                    throw DomainException.invalid(name, name + " must be an integer from 1 to " + field.max());
                }
                yield i;
            }
            case BOOLEAN -> {
                if (!(v instanceof Boolean b)) {
                    throw DomainException.invalid(name, name + " must be true or false");
                }
                yield b;
            }
            // Their rules are the domain's (NotificationSettings), checked here so that each is named with the others.
            case CLOCK_TIME -> NotificationSettings.QuietHours.time(name, string(name, v));
            case TIME_ZONE -> NotificationSettings.QuietHours.zone(name, string(name, v));
            case OBJECT -> {
                if (!(v instanceof Map<?, ?> object)) {
                    throw DomainException.invalid(name, name + " must be a JSON object");
                }
                @SuppressWarnings("unchecked")
                JsonBody inner = new JsonBody((Map<String, Object>) object);
                inner.now = now;
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

    private static String string(String field, Object v) {
        if (!(v instanceof String s)) {
            throw DomainException.invalid(field, field + " must be a string");
        }
        return s;
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

    /** An instant field, a backfilled one ({@code PAST_INSTANT}) too; null when absent. */
    Instant instant(String name) {
        return (Instant) get(name, BodyField.Kind.INSTANT, BodyField.Kind.PAST_INSTANT);
    }

    /** A date field, not after the request's day (a birthday: {@code ContractRules.past}, checked with the body). */
    LocalDate pastDate(String name) {
        return (LocalDate) get(name, BodyField.Kind.DATE);
    }

    @SuppressWarnings("unchecked")
    List<String> dealIds(String name) {
        return (List<String>) get(name, BodyField.Kind.DEAL_IDS);
    }

    /** {@code "name": null}, which in a correction clears a field that may be cleared (expiresAt). */
    boolean isExplicitNull(String name) {
        get(name, BodyField.Kind.values());
        return node.get(name) == NULL;
    }

    /** A JSON number within {@link ContractRules#price}'s bounds and decimals. */
    private static BigDecimal price(String field, Object v) {
        BigDecimal decimal;
        if (v instanceof BigDecimal d) {
            decimal = d;
        } else if (v instanceof Integer || v instanceof Long) {
            decimal = BigDecimal.valueOf(((Number) v).longValue());
        } else if (v instanceof java.math.BigInteger b) {
            decimal = new BigDecimal(b);
        } else if (v == OUT_OF_RANGE) {
            throw DomainException.invalid(field, field + " must be a finite number");
        } else {
            throw DomainException.invalid(field, field + " must be a JSON number");
        }
        try {
            return ContractRules.price(field, decimal);
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
    private static List<String> idList(String field, Object v, int max) {
        if (!(v instanceof List<?> array)) {
            throw DomainException.invalid(field, field + " must be an array of deal ids");
        }
        if (array.size() > max) {
            throw DomainException.invalid(field, field + " holds at most " + max + " ids");
        }
        List<String> ids = new ArrayList<>();
        for (Object item : array) {
            if (!(item instanceof String id)) {
                throw DomainException.invalid(field, field + " must be an array of strings");
            }
            ids.add(id);
        }
        return ids;
    }
}
