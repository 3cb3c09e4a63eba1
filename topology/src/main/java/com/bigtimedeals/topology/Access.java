package com.bigtimedeals.topology;

/**
 * Who may call a route. Every signed-in route trusts the one user pool and its two app clients (the mobile app's and
 * the CMS's); the groups in the token decide the rest.
 */
public enum Access {
    /** Anyone; no token. */
    PUBLIC,
    /** A signed-in user: a valid token whose claims name the user. */
    USER,
    /**
     * A signed-in user in the {@link #EDITORS_GROUP} group. The pool's pre token generation trigger
     * ({@link LambdaFunction#EDITORS_GROUP_GATE}) keeps that group out of the tokens of anyone without an authenticator
     * app, so an editor's token always comes from a sign-in with a second factor.
     */
    EDITOR;

    /** The Cognito group whose members may call the {@link #EDITOR} routes (the {@code /cms} routes). */
    public static final String EDITORS_GROUP = "editors";
    /** The group every signed-up user is in. */
    public static final String USERS_GROUP = "users";
}
