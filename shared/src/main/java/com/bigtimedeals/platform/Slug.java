package com.bigtimedeals.platform;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Brand and category ids: lowercase slugs made from the name ({@code "Food & Drink"} becomes {@code food-drink}).
 * The pattern and the length are the contract's, read by request validation and the OpenAPI document.
 */
public final class Slug {
    public static final int MAX_LENGTH = 64;
    /** Lowercase letters and digits in runs joined by single hyphens: exactly what {@link #of} produces. */
    public static final String PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";
    private static final Pattern COMPILED = Pattern.compile(PATTERN);

    private Slug() {
    }

    public static boolean isValid(String s) {
        return s != null && s.length() <= MAX_LENGTH && COMPILED.matcher(s).matches();
    }

    public static String of(String name) {
        String ascii = Normalizer.normalize(name, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
        String slug = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        if (slug.length() > MAX_LENGTH) {
            slug = slug.substring(0, MAX_LENGTH).replaceAll("-+$", "");
        }
        if (slug.isEmpty()) {
            throw DomainException.invalid("name", "name must contain letters or digits");
        }
        return slug;
    }
}
