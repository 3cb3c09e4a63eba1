package com.bigtimedeals.domain;

/** What a user can like or watch. */
public enum Likeable {
    BRAND, CATEGORY
}
