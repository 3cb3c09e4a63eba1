package com.bigtimedeals.domain;

import java.text.Normalizer;
import java.util.Locale;

/** Brand and category ids: lowercase slugs made from the name ({@code "Food & Drink"} becomes {@code food-drink}). */
public final class Slug {
    public static final int MAX_LENGTH = 64;

    private Slug() {
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
