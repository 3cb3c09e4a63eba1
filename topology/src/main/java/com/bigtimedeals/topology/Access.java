package com.bigtimedeals.topology;

/** Who may call a route, and whose tokens its authorizer accepts. */
public enum Access {
    /** Anyone; no token. */
    PUBLIC(null),
    /** A signed-in user of the mobile app: a valid token of the {@link Pool#USERS} pool whose claims name the user. */
    USER(Pool.USERS),
    /**
     * An editor: a valid token of the {@link Pool#EDITORS} pool, whose users must sign in with a second factor, and
     * in its {@link #EDITORS_GROUP} group.
     */
    EDITOR(Pool.EDITORS);

    /**
     * The user pools a route's JWT authorizer trusts: one per audience, because Cognito requires MFA per pool, not
     * per group. Shoppers sign up themselves and may add a factor; editors, who can message every user, are created
     * by an operator in a pool that requires TOTP, and only that pool's tokens reach the editors' routes.
     */
    public enum Pool {
        /** The mobile app's users: self sign-up, MFA optional. */
        USERS,
        /** The CMS's editors: created by an operator, TOTP required. */
        EDITORS
    }

    /** The Cognito group whose members may call the {@link #EDITOR} routes (the {@code /cms} routes). */
    public static final String EDITORS_GROUP = "editors";
    /** The group every signed-up user is in. */
    public static final String USERS_GROUP = "users";

    private final Pool pool;

    Access(Pool pool) {
        this.pool = pool;
    }

    /** Whose tokens the route's authorizer accepts; null for a public route, which has none. */
    public Pool pool() {
        return pool;
    }
}
