package com.bigtimedeals.topology;

/** Who may call a route. */
public enum Access {
    /** Anyone; no token. */
    PUBLIC,
    /** A signed-in user: a valid token whose claims name the user. */
    USER,
    /** A signed-in user in the {@link #EDITORS_GROUP} group. */
    EDITOR;

    /** The Cognito group whose members may call the {@link #EDITOR} routes (the {@code /cms} routes). */
    public static final String EDITORS_GROUP = "editors";
    /** The group every signed-up user is in. */
    public static final String USERS_GROUP = "users";
}
