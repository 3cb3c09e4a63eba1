package com.bigtimedeals.platform;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a word is, once, for deal alerts, search and the CMS: a maximal run of Unicode letters and digits, compared
 * in a locale-independent lower case. {@code PS5,} holds the word {@code ps5}; {@code PS55} does not.
 *
 * <p>Three refinements, each so that what a person sees as one word is one word: the text is put in Unicode's
 * composed form first (NFC), so an {@code é} typed as {@code e} plus a combining accent is the same letter as a
 * precomposed one; a combining mark continues the word of the letter it marks (a Hindi vowel sign or virama does
 * not cut a word in two); and each word is lowercased on its own with {@link Locale#ROOT}, never the machine's
 * locale (a Turkish server would lowercase {@code I} to a dotless {@code ı}), then composed again.
 *
 * <p>The CMS holds a copy of this rule ({@code cms/src/lib/words.ts}); both are tested against the one table of
 * cases, {@code shared/src/test/resources/word-cases.json}. Java's and JavaScript's {@code \p{L}}, {@code \p{Nd}},
 * {@code \p{M}}, NFC and lower case all follow the Unicode standard, so they agree on every character both
 * versions of the standard know (the table keeps to those).
 */
public final class Words {
    /** The contract's bounds on a keyword or search word, in letters and digits (code points). */
    public static final int MIN_LENGTH = 2;
    public static final int MAX_LENGTH = 30;
    /** The contract's bound on the words of an alert or a search. */
    public static final int MAX_WORDS = 5;
    /**
     * A letter or digit, then letters, digits and the marks that belong to them; none of Unicode's default-ignorable
     * ones, which show nothing (issue 43): the Hangul fillers (letters) are no word, and a variation selector or
     * combining grapheme joiner (marks) ends one, so {@code PS5} followed by U+FE0F is the word {@code ps5}. The CMS
     * writes the same rule in ECMAScript's syntax.
     */
    public static final String PATTERN = "[[\\p{L}\\p{Nd}]&&[^\\u115F\\u1160\\u3164\\uFFA0]]"
            + "[[\\p{L}\\p{Nd}\\p{M}]&&[^\\u115F\\u1160\\u3164\\uFFA0\\u034F\\u17B4\\u17B5\\u180B-\\u180F\\uFE00-\\uFE0F\\x{E0100}-\\x{E01EF}]]*";
    /** Longer keyword or query text is refused before it is looked at: 5 words of 30 and the spaces between. */
    public static final int MAX_TEXT = MAX_WORDS * (MAX_LENGTH + 1) * 2;

    private static final Pattern WORD = Pattern.compile(PATTERN);

    private Words() {
    }

    /** Every word of {@code text} in order, lowercased, repeats included; none for null. */
    public static List<String> of(String text) {
        List<String> words = new ArrayList<>();
        if (text == null) {
            return words;
        }
        Matcher m = WORD.matcher(nfc(text));
        while (m.find()) {
            words.add(lower(m.group()));
        }
        return words;
    }

    /**
     * The distinct words of {@code text} that a keyword or search word could be ({@link #MIN_LENGTH} to
     * {@link #MAX_LENGTH} letters or digits), in code-point order: what the word index holds for a deal's title,
     * and what an alert or a search is matched against. A shorter or longer word can never be asked for.
     */
    public static NavigableSet<String> indexable(String text) {
        NavigableSet<String> words = new TreeSet<>();
        for (String w : of(text)) {
            if (isAskable(w)) {
                words.add(w);
            }
        }
        return words;
    }

    /**
     * The contract's keywords and search text: 1 to {@link #MAX_WORDS} words separated by spaces, each
     * {@link #MIN_LENGTH} to {@link #MAX_LENGTH} letters or digits. Returned lowercase, each once, in the order
     * given. Anything else (punctuation inside a word, a tab, a word too short or too long, too many) is a client
     * mistake naming {@code field}.
     */
    public static List<String> parse(String field, String text) {
        return parse(field, text, 1);
    }

    /**
     * {@link #parse}, but 0 words too (an alert's {@code excludeWords}): text of spaces only, or none, is no words.
     */
    public static List<String> parseOptional(String field, String text) {
        return parse(field, text == null ? "" : text, 0);
    }

    private static List<String> parse(String field, String text, int fewest) {
        String rule = field + " must be " + fewest + " to " + MAX_WORDS + " words separated by spaces, each " + MIN_LENGTH
                + " to " + MAX_LENGTH + " letters or digits";
        if (text == null || text.length() > MAX_TEXT) {
            throw DomainException.invalid(field, rule);
        }
        // Spaces only around and between the words: String.trim() would also drop NUL and every other control
        // character before or after them, and take "\u0000ab" for the word "ab".
        String[] tokens = text.replaceAll("^ +| +$", "").split(" +");
        if (tokens[0].isEmpty() && fewest == 0) {
            return List.of();
        }
        if (tokens.length > MAX_WORDS || tokens[0].isEmpty()) {
            throw DomainException.invalid(field, rule);
        }
        Set<String> words = new LinkedHashSet<>();
        for (String token : tokens) {
            String composed = nfc(token);
            if (!WORD.matcher(composed).matches()) {
                throw DomainException.invalid(field, rule + ": '" + ContractRules.shorten(token, MAX_LENGTH) + "' is not one word");
            }
            String word = lower(composed);
            if (!isAskable(word)) {
                throw DomainException.invalid(field, rule + ": '" + ContractRules.shorten(token, MAX_LENGTH) + "' is not "
                        + MIN_LENGTH + " to " + MAX_LENGTH + " long");
            }
            words.add(word);
        }
        return List.copyOf(words);
    }

    private static boolean isAskable(String word) {
        int n = word.codePointCount(0, word.length());
        return n >= MIN_LENGTH && n <= MAX_LENGTH;
    }

    private static String lower(String word) {
        return nfc(word.toLowerCase(Locale.ROOT));
    }

    /**
     * NFC. Text below U+0300 is NFC already (Unicode's NFC quick check answers "yes" for every character below U+0300, the
     * first combining mark, and each has combining class 0), so it is returned as is without loading the JDK's normaliser
     * and its tables: most titles and keywords, and so a stream consumer's first batch, never need them (WordsTest).
     */
    static String nfc(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= FIRST_NOT_NFC_STABLE) {
                return Normalizer.normalize(text, Normalizer.Form.NFC);
            }
        }
        return text;
    }

    /** U+0300, the first combining mark. */
    private static final char FIRST_NOT_NFC_STABLE = '\u0300';
}
