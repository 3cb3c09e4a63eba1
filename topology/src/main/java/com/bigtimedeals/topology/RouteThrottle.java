package com.bigtimedeals.topology;

import com.bigtimedeals.platform.Setting;

/**
 * Which routes API Gateway throttles on their own, beside the stage's default: the ones a flood makes costly or
 * abusable. Each class reads its rate and burst from two settings; every other route has only the stage's default
 * ({@link Setting#THROTTLE_RATE}, {@link Setting#THROTTLE_BURST}). The CDK stack writes these as the stage's route
 * settings. A route limit is shared by every caller of that route (API Gateway has no per-user limit), so it bounds
 * what a flood costs the table and the stream consumer, not what one user may do.
 */
public enum RouteThrottle {
    /** Likes, unlikes, watches and unwatches: a transaction on a brand's or category's counter each. */
    FOLLOWS(Setting.THROTTLE_FOLLOWS_RATE, Setting.THROTTLE_FOLLOWS_BURST),
    /** {@code DELETE /me}: a walk over the user's follows and inbox each. */
    ACCOUNT_DELETION(Setting.THROTTLE_ACCOUNT_DELETION_RATE, Setting.THROTTLE_ACCOUNT_DELETION_BURST),
    /** Hot-deal blasts: each can message every user. */
    BLASTS(Setting.THROTTLE_BLASTS_RATE, Setting.THROTTLE_BLASTS_BURST),
    /**
     * The community's writes: a comment posted or deleted (a transaction on one of the deal's counter shards, which the
     * stream consumer then carries into every copy of the deal), a report filed (a transaction on the deal's case), an
     * alert made or deleted (a transaction on the user's count and the keyword's head item).
     */
    COMMUNITY_WRITES(Setting.THROTTLE_COMMUNITY_WRITES_RATE, Setting.THROTTLE_COMMUNITY_WRITES_BURST);

    private final Setting rate;
    private final Setting burst;

    RouteThrottle(Setting rate, Setting burst) {
        this.rate = rate;
        this.burst = burst;
    }

    /** Requests a second the route accepts, steady state. */
    public Setting rate() {
        return rate;
    }

    /** Requests the route accepts in a burst. */
    public Setting burst() {
        return burst;
    }

    /**
     * The route's own throttle, or null for the stage's default alone. Exhaustive over the operations, so that a new
     * route cannot be added without deciding whether a flood of it needs a limit of its own.
     */
    public static RouteThrottle of(Operation operation) {
        return switch (operation) {
            case LIKE_BRAND, UNLIKE_BRAND, WATCH_BRAND, UNWATCH_BRAND, LIKE_CATEGORY, UNLIKE_CATEGORY, WATCH_CATEGORY,
                    UNWATCH_CATEGORY, SAVE_DEAL, UNSAVE_DEAL, REGISTER_DEVICE, REMOVE_DEVICE, PUT_NOTIFICATIONS -> FOLLOWS;
            case DELETE_ACCOUNT -> ACCOUNT_DELETION;
            case BLAST_HOT_DEAL -> BLASTS;
            case POST_COMMENT, DELETE_COMMENT, REPORT_DEAL, CAST_VOTE, WITHDRAW_VOTE, CREATE_ALERT, DELETE_ALERT ->
                    COMMUNITY_WRITES;
            case GET_FRONT_PAGE, LIST_DEALS, GET_DEAL, GET_EDITORS_CHOICE, LIST_BRANDS, GET_BRAND, LIST_BRAND_DEALS,
                    LIST_CATEGORIES, GET_CATEGORY, LIST_CATEGORY_DEALS, CREATE_PROFILE, GET_PROFILE, GET_BRAND_FOLLOW_STATE,
                    GET_CATEGORY_FOLLOW_STATE, LIST_FOLLOWS, LIST_MESSAGES, COUNT_UNREAD_MESSAGES, MARK_MESSAGE_READ,
                    CREATE_BRAND, CREATE_CATEGORY, CREATE_DEAL, CORRECT_DEAL, TAKE_DOWN_DEAL, SET_FRONT_PAGE_FEATURED,
                    SET_CATEGORY_FEATURED, SET_EDITORS_CHOICE, GET_BLAST, LIST_COMMENTS, LIST_REPORTED_DEALS,
                    LIST_DEAL_REPORTS, DISMISS_REPORTS, LIST_HOT_DEALS, LIST_HOTTEST_DEALS, LIST_MY_VOTES, SEARCH_DEALS,
                    LIST_ALERTS, GET_EDITED_DEAL, LIST_DEAL_HISTORY, UPDATE_BRAND, DELETE_BRAND, UPDATE_CATEGORY,
                    DELETE_CATEGORY, LIST_SAVED, LIST_DEVICES, GET_NOTIFICATIONS -> null;
        };
    }
}
