package com.bigtimedeals.platform;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.regex.Pattern;

/**
 * The limits of the HTTP contract (../shared/design/api.md) that are not a record of their own, written once:
 * request validation, the domain records, message building and the OpenAPI document all read them from here.
 * Slug rules live in {@link Slug}; the featured-list size in {@code FeaturedList.MAX_DEALS} (deals).
 */
public final class ContractRules {
    /** Brand and category names. */
    public static final int NAME_MAX = 100;
    public static final int TITLE_MAX = 200;
    public static final int DESCRIPTION_MAX = 2000;
    /** Links, image, logo and picture URLs. */
    public static final int URL_MAX = 2048;
    /** Inbox messages and blasts: what a client shows as a subject line and a body. */
    public static final int SUBJECT_MAX = 200;
    public static final int BODY_MAX = 2000;
    /** RFC 5321's limit of a forward path. */
    public static final int EMAIL_MAX = 254;
    public static final BigDecimal PRICE_MIN = BigDecimal.ZERO;
    public static final BigDecimal PRICE_MAX = new BigDecimal(10_000_000);
    public static final int PRICE_DECIMALS = 2;
    /** The price rule as the OpenAPI document states it ({@code multipleOf}). */
    public static final BigDecimal PRICE_STEP = new BigDecimal("0.01");
    /** The clock skew a backfilled {@code createdAt} may have over the server's time. */
    public static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    /** KSUID time starts here; an earlier instant has no id, so no backfilled deal can be dated before it. */
    public static final Instant KSUID_EPOCH = Instant.ofEpochSecond(1_400_000_000L);

    /** A backfilled instant ({@code createdAt}): not after {@code now} beyond the skew, not before the ids' epoch. */
    public static Instant backfilled(String field, Instant value, Instant now) {
        if (value.isAfter(now.plus(CLOCK_SKEW))) {
            throw DomainException.invalid(field, field + " must not be in the future");
        }
        if (value.isBefore(KSUID_EPOCH)) {
            throw DomainException.invalid(field, field + " must be after " + KSUID_EPOCH);
        }
        return value;
    }

    /** A date that has happened (a birthday): not after {@code now}'s day in UTC. */
    public static LocalDate past(String field, LocalDate value, Instant now) {
        if (value.isAfter(LocalDate.ofInstant(now, ZoneOffset.UTC))) {
            throw DomainException.invalid(field, field + " must be a past date (YYYY-MM-DD)");
        }
        return value;
    }

    /*
     * The patterns below are what the server checks and what the OpenAPI document states, character for character.
     * They use only what Java's and ECMAScript's regular expressions read alike (character classes of \\u escapes,
     * anchors, quantifiers, one lookahead): \s and \S are not among them, since Java's \s knows ASCII spaces only.
     */
    /**
     * A character text may hold: anything but a control character (Unicode's Cc: C0, DEL and C1) other than tab,
     * newline and carriage return. C1 is refused too: U+0085 (next line) is Unicode whitespace, so a title of it alone
     * would be blank to a reader and not to a check that knew only C0.
     */
    private static final String TEXT_CHAR = "[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]";
    /**
     * A character that is neither whitespace (ECMAScript's \s, Unicode spaces included), a control character, nor one
     * that shows nothing: the format characters (Cf: zero-width spaces and joiners, word joiner, bidi marks, soft
     * hyphen) and the other default-ignorable ones (combining grapheme joiner, Hangul fillers, Mongolian selectors,
     * variation selectors), and the blank braille pattern U+2800. Supplementary ones (tag characters U+E0000-E0FFF,
     * musical formatting) cannot be written in a class both languages read alike: {@link #text} refuses them too.
     */
    private static final String INVISIBLE_BMP = "\\u0000-\\u0020\\u007F-\\u00A0\\u00AD\\u034F\\u061C\\u115F\\u1160\\u1680\\u17B4\\u17B5"
            + "\\u180B-\\u180F\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u2800\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8";
    private static final String VISIBLE_CHAR = "[^" + INVISIBLE_BMP + "]";
    /** Text: not blank, no control characters but tab and newlines. */
    public static final String TEXT_PATTERN = "^" + TEXT_CHAR + "*" + VISIBLE_CHAR + TEXT_CHAR + "*$";
    /** Text that may be blank (a note, where blank means none): no control characters but tab and newlines. */
    public static final String NOTE_PATTERN = "^" + TEXT_CHAR + "*$";
    /** A brand or category name: text holding a letter or digit its slug can be made of. */
    public static final String NAME_PATTERN = "^" + TEXT_CHAR + "*[A-Za-z0-9]" + TEXT_CHAR + "*$";
    /**
     * A character of an email address's local part or domain label: no dot or {@code @}, and none that shows nothing
     * (spaces, control and format characters, the default-ignorable ones: an address of zero-width spaces is blank).
     */
    private static final String EMAIL_CHAR = "[^@." + INVISIBLE_BMP + "]";
    /** A domain label: email characters, neither starting nor ending with a hyphen (RFC 1035). */
    private static final String EMAIL_LABEL = "[^-@." + INVISIBLE_BMP + "]("
            + EMAIL_CHAR + "*[^-@." + INVISIBLE_BMP + "])?";
    /**
     * An email address: a local part of at most 64 characters whose dots neither start nor end it nor come two in a row
     * (RFC 5322's dot-atom), {@code @}, and a domain of at least two labels.
     */
    public static final String EMAIL_PATTERN = "^(?=[^@]{1,64}@)" + EMAIL_CHAR + "+(\\." + EMAIL_CHAR + "+)*@"
            + EMAIL_LABEL + "(\\." + EMAIL_LABEL + ")+$";
    /**
     * An http(s) URL: the scheme, a non-empty authority, then anything without characters that show nothing (spaces,
     * control, format and default-ignorable ones; supplementary ones are refused by the server alone). The
     * server also parses it as a URI with a host (RFC 3986), which no pattern states fully.
     */
    public static final String URL_PATTERN =
            "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#" + INVISIBLE_BMP + "]+([/?#][^" + INVISIBLE_BMP + "]*)?$";
    /**
     * An https URL (images and logos: the CMS's Content-Security-Policy, like any https page's, blocks http images, and
     * a phone's app transport security does too).
     */
    public static final String HTTPS_URL_PATTERN =
            "^[Hh][Tt][Tt][Pp][Ss]://[^/?#" + INVISIBLE_BMP + "]+([/?#][^" + INVISIBLE_BMP + "]*)?$";
    /** An instant as requests may send it: UTC with a Z, whole seconds or a fraction of them. */
    public static final String INSTANT_PATTERN =
            "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$";
    /** A calendar date, YYYY-MM-DD. */
    public static final String DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
    private static final Pattern TEXT = Pattern.compile(TEXT_PATTERN);
    private static final Pattern NAME = Pattern.compile(NAME_PATTERN);
    private static final Pattern EMAIL = Pattern.compile(EMAIL_PATTERN);
    private static final Pattern URL = Pattern.compile(URL_PATTERN);
    /** A comment's body. */
    public static final int COMMENT_MAX = 2000;
    /** A report's note. */
    public static final int NOTE_MAX = 500;
    /** This many different users' open {@code expired} reports expire a deal by themselves. */
    public static final int EXPIRED_REPORTS_TO_EXPIRE = 3;

    private ContractRules() {
    }

    /**
     * Whether {@code s} is a sequence of Unicode scalar values: no lone surrogate. JSON's {@code \\ud800} escape
     * and a Java string can both hold one, UTF-8 cannot: DynamoDB would store it as {@code ?}, silently changing
     * what the client sent, so a request that carries one is refused, as bytes that are not UTF-8 are.
     */
    public static boolean isWellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** Null stays null; otherwise 1..max characters (code points), not blank, no control characters but tab and newlines. */
    public static String text(String field, String value, int max) {
        if (value == null) {
            return null;
        }
        if (!isWellFormed(value)) {
            throw DomainException.invalid(field, field + " is not valid Unicode text: it holds a lone surrogate");
        }
        if (value.isBlank() || value.codePointCount(0, value.length()) > max) {
            throw DomainException.invalid(field, field + " must be 1 to " + max + " characters and not blank");
        }
        if (value.chars().anyMatch(c -> Character.getType(c) == Character.CONTROL && c != '\n' && c != '\t' && c != '\r')) {
            throw DomainException.invalid(field, field + " must not contain control characters");
        }
        if (!TEXT.matcher(value).matches() || value.codePoints().noneMatch(ContractRules::isVisible)) {
            throw DomainException.invalid(field, field + " must be 1 to " + max + " characters and not blank");
        }
        if (!bidiPaired(value)) {
            throw DomainException.invalid(field, field + " must close every bidi embedding, override and isolate it opens "
                    + "(U+202A-U+202E, U+2066-U+2069) within its line");
        }
        return value;
    }

    /**
     * Whether a code point shows something: not whitespace, not a control or format character (Cc, Cf), not one of
     * Unicode's default-ignorable code points (DerivedCoreProperties), and not the blank braille pattern U+2800, which
     * renders as nothing though it is a symbol. "Not blank" means at least one of these (issue 43).
     */
    static boolean isVisible(int cp) {
        if (Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x2800) {
            return false;
        }
        int type = Character.getType(cp);
        if (type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE) {
            return false;
        }
        return !(cp == 0x034F || cp == 0x115F || cp == 0x1160 || cp == 0x17B4 || cp == 0x17B5
                || (cp >= 0x180B && cp <= 0x180F) || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E)
                || (cp >= 0x2060 && cp <= 0x206F) || cp == 0x3164 || (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF
                || cp == 0xFFA0 || (cp >= 0xFFF0 && cp <= 0xFFF8) || (cp >= 0x1BCA0 && cp <= 0x1BCA3)
                || (cp >= 0x1D173 && cp <= 0x1D17A) || (cp >= 0xE0000 && cp <= 0xE0FFF));
    }

    /**
     * Whether {@code s} is blank to a reader: well-formed, and nothing but characters that show nothing (whitespace,
     * format and default-ignorable ones; tab and newlines among them, other control characters not). A note that may
     * be blank is blank so whether it is made of spaces or of zero-width ones.
     */
    public static boolean isBlank(String s) {
        return isWellFormed(s) && s.codePoints().allMatch(c -> !isVisible(c)
                && (Character.getType(c) != Character.CONTROL || c == '\n' || c == '\t' || c == '\r'));
    }

    /**
     * Whether every code point of {@code s} shows something ({@link #isVisible}): no space, control, format or
     * default-ignorable character anywhere. For names that are one token (an email address, a link, a username).
     */
    public static boolean allVisible(String s) {
        return s.codePoints().allMatch(ContractRules::isVisible);
    }

    /**
     * Whether every explicit bidi embedding and override (U+202A, U+202B, U+202D, U+202E, closed by U+202C) and every
     * isolate (U+2066-U+2068, closed by U+2069) is closed, properly nested, within its line: an unpaired one (a lone
     * U+202E) would reverse the text shown after it, a deal title's price for one (UAX #9 ends them at a paragraph).
     */
    static boolean bidiPaired(String s) {
        StringBuilder open = new StringBuilder(); // 'e' per open embedding or override, 'i' per open isolate
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\u202A' || c == '\u202B' || c == '\u202D' || c == '\u202E') {
                open.append('e');
            } else if (c >= '\u2066' && c <= '\u2068') {
                open.append('i');
            } else if (c == '\u202C' || c == '\u2069') {
                char want = c == '\u202C' ? 'e' : 'i';
                if (open.isEmpty() || open.charAt(open.length() - 1) != want) {
                    return false;
                }
                open.setLength(open.length() - 1);
            } else if (c == '\n' || c == '\r' || c == '\u2029' || c == '\u0085' || c == '\u001C' || c == '\u001D' || c == '\u001E') {
                if (!open.isEmpty()) {
                    return false;
                }
            }
        }
        return open.isEmpty();
    }

    /** A brand or category name: {@link #text} that holds a letter or digit from A-Z, a-z or 0-9, of which its id is made. */
    public static String name(String field, String value, int max) {
        String text = text(field, value, max);
        if (text != null && !NAME.matcher(text).matches()) {
            throw DomainException.invalid(field, field + " must contain a letter or digit (A-Z, a-z, 0-9)");
        }
        return text;
    }

    /** Null stays null; otherwise an email address by {@link #EMAIL_PATTERN}, at most {@link #EMAIL_MAX} characters. */
    public static String email(String field, String value) {
        String text = text(field, value, EMAIL_MAX);
        if (text != null && (!EMAIL.matcher(text).matches() || !allVisible(text))) {
            throw DomainException.invalid(field, field + " must be an email address");
        }
        return text;
    }

    /** Null stays null; otherwise an absolute http(s) URL with a host, at most {@link #URL_MAX} characters. */
    public static String url(String field, String value) {
        if (value == null) {
            return null;
        }
        if (value.length() > URL_MAX || !isHttpUrl(value)) {
            throw DomainException.invalid(field, field + " must be an http(s) URL of at most " + URL_MAX + " characters");
        }
        return value;
    }

    /** {@link #url}, and https only: an image or logo an https page (the CMS) and a phone can show. */
    public static String httpsUrl(String field, String value) {
        String url = url(field, value);
        if (url != null && !url.regionMatches(true, 0, "https://", 0, 8)) {
            throw DomainException.invalid(field, field + " must start with https:// (an http address is not shown on "
                    + "secure pages)");
        }
        return url;
    }

    private static boolean isHttpUrl(String s) {
        // No character that shows nothing: an invisible one would make a link that reads as another deal's but is not
        // its duplicate, and a bidi control would reorder it (RFC 3987, 4.1: IRIs must not hold them). Percent-encoded
        // they are fine.
        if (!URL.matcher(s).matches() || !isWellFormed(s) || !allVisible(s)) {
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

    /**
     * Null stays null; otherwise from {@link #PRICE_MIN} to {@link #PRICE_MAX} with at most {@link #PRICE_DECIMALS}
     * decimal places, returned without trailing zeros (DynamoDB stores 5.00 as 5).
     */
    public static BigDecimal price(BigDecimal value) {
        return price("price", value);
    }

    /** {@link #price(BigDecimal)} for a field of another name (an alert's {@code maxPrice}). */
    public static BigDecimal price(String field, BigDecimal value) {
        if (value == null) {
            return null;
        }
        if (value.compareTo(PRICE_MIN) < 0 || value.compareTo(PRICE_MAX) > 0) {
            throw DomainException.invalid(field, field + " must be from " + PRICE_MIN + " to " + PRICE_MAX.toPlainString());
        }
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() > PRICE_DECIMALS) {
            throw DomainException.invalid(field, field + " must have at most " + PRICE_DECIMALS + " decimal places");
        }
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    /** A brand or category id: a slug as {@link Slug} makes them. */
    public static String slug(String field, String value) {
        if (value == null || !Slug.isValid(value)) {
            throw DomainException.invalid(field, field + " must be a lowercase slug such as food-drink");
        }
        return value;
    }

    /**
     * The currency prices are in. The contract's prices carry none: the product serves one market, and the messages it
     * writes name the currency so that a price never reads as a bare number.
     */
    public static final String PRICE_CURRENCY = "USD";
    private static final String CURRENCY_SYMBOL = "$";

    /** A price as a message reads it: {@code $49.99}, {@code $5.00}, or {@code free}. */
    public static String priceText(BigDecimal price) {
        return price.signum() == 0 ? "free" : CURRENCY_SYMBOL + price.setScale(PRICE_DECIMALS, java.math.RoundingMode.UNNECESSARY).toPlainString();
    }

    /** A deal as one line of a message: {@code Half-price headphones: $49.99 at Globex.} */
    public static String dealLine(String title, BigDecimal price, String brandName) {
        return title + ": " + priceText(price) + " at " + brandName + ".";
    }

    /** Cuts a generated line (a subject made from a title) to {@code max} code points, ending in an ellipsis. */
    public static String shorten(String s, int max) {
        if (s == null || s.codePointCount(0, s.length()) <= max) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, max - 1)) + "…";
    }
}
