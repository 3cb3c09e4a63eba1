package com.bigtimedeals.topology;

import java.util.List;

/**
 * One field of a request body, as {@link RequestBody} declares it: its name, its kind with the kind's limit, whether it
 * must be sent and whether it may be {@code null}. The handler's parsing and the OpenAPI document both read this one
 * declaration, so what the document lets a client send is what the server accepts.
 *
 * @param max for {@link Kind#TEXT}, {@link Kind#NAME}, {@link Kind#NOTE}, the two word kinds: the most characters (code points); for {@link Kind#DEAL_IDS}
 *            the most ids; for {@link Kind#POSITIVE_INTEGER} the largest value; otherwise unused (the kind's own contract limit applies)
 * @param values for {@link Kind#ONE_OF}: the allowed values
 * @param object for {@link Kind#OBJECT}: the nested object's fields (all checked as a body's are, named {@code field.inner})
 */
public record BodyField(String name, Kind kind, int max, List<String> values, boolean required, boolean nullable,
                        String description, RequestBody object) {
    /** What a field holds; each kind's rules are the contract's ({@code ContractRules}, {@code Slug}, {@code Ids}). */
    public enum Kind {
        /** 1 to max characters, not blank, no control characters but tab and newlines. */
        TEXT,
        /** A brand or category name: TEXT that also holds a letter or digit from A-Z, a-z, 0-9 (its slug is made from those). */
        NAME,
        /** An absolute http(s) URL with a host, at most {@code ContractRules.URL_MAX} characters. */
        URL,
        /** An {@link #URL} that is https (an image or a logo: what a secure page shows). */
        HTTPS_URL,
        /** A JSON number from 0 to 10,000,000 with at most 2 decimal places. */
        PRICE,
        /** A brand or category id. */
        SLUG,
        EMAIL,
        /** A calendar date in the past, YYYY-MM-DD. */
        DATE,
        /** An ISO-8601 UTC instant ending in Z. */
        INSTANT,
        /** An {@link #INSTANT} already past ({@code ContractRules.backfilled}: 5 minutes of skew, not before the ids' epoch). */
        PAST_INSTANT,
        /** A deal id. */
        DEAL_ID,
        /** Another 27-character id (a comment's). */
        ID,
        /** 0 to max characters, no control characters but tab and newlines; blank means none (a report's note). */
        NOTE,
        /** 1 to 5 words under the contract's word rule ({@code Words.parse}): an alert's keywords. */
        WORDS,
        /** 0 to 5 words under the same rule ({@code Words.parseOptional}); spaces only means none: excluded words. */
        OPTIONAL_WORDS,
        /** An array of distinct deal ids, at most max. */
        DEAL_IDS,
        /** One of {@code values}. */
        ONE_OF,
        /** A JSON integer from 1 to max (an alert's {@code minTemperature}). */
        POSITIVE_INTEGER,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** A time of day, {@code HH:MM} (00:00 to 23:59). */
        CLOCK_TIME,
        /** An IANA time zone name such as {@code Europe/London}. */
        TIME_ZONE,
        /** A JSON object with the fields of {@code object}. */
        OBJECT
    }

    public BodyField {
        values = values == null ? List.of() : List.copyOf(values);
    }

    public static BodyField text(String name, int max) {
        return new BodyField(name, Kind.TEXT, max, List.of(), false, false, null, null);
    }

    public static BodyField name(String name, int max) {
        return new BodyField(name, Kind.NAME, max, List.of(), false, false, null, null);
    }

    public static BodyField of(String name, Kind kind) {
        return new BodyField(name, kind, 0, List.of(), false, false, null, null);
    }

    /** {@link Kind#WORDS}, or with {@code noneAllowed} {@link Kind#OPTIONAL_WORDS}. */
    public static BodyField words(String name, boolean noneAllowed) {
        return new BodyField(name, noneAllowed ? Kind.OPTIONAL_WORDS : Kind.WORDS, com.bigtimedeals.platform.Words.MAX_TEXT,
                List.of(), false, false, null, null);
    }

    public static BodyField note(String name, int max) {
        return new BodyField(name, Kind.NOTE, max, List.of(), false, false, null, null);
    }

    public static BodyField dealIds(String name, int max) {
        return new BodyField(name, Kind.DEAL_IDS, max, List.of(), false, false, null, null);
    }

    public static BodyField positiveInteger(String name, int max) {
        return new BodyField(name, Kind.POSITIVE_INTEGER, max, List.of(), false, false, null, null);
    }

    public static BodyField oneOf(String name, List<String> values) {
        return new BodyField(name, Kind.ONE_OF, 0, values, false, false, null, null);
    }

    /** A nested object of {@code fields}. */
    public static BodyField object(String name, String schemaName, BodyField... fields) {
        return new BodyField(name, Kind.OBJECT, 0, List.of(), false, false, null, RequestBody.of(schemaName, fields));
    }

    /** This field, which the body must carry (and not as null). */
    public BodyField asRequired() {
        return new BodyField(name, kind, max, values, true, nullable, description, object);
    }

    /** This field, which may be sent as {@code null} (in a correction: clear it). */
    public BodyField asNullable() {
        return new BodyField(name, kind, max, values, required, true, description, object);
    }

    public BodyField describedAs(String text) {
        return new BodyField(name, kind, max, values, required, nullable, text, object);
    }
}
