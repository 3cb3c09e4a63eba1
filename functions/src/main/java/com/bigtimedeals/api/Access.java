package com.bigtimedeals.api;

/** Who may call a route. */
public enum Access {
    /** Anyone; no token. */
    PUBLIC,
    /** A signed-in user: a valid token whose claims name the user. */
    USER,
    /** A signed-in user in the {@code editors} group. */
    EDITOR
}
