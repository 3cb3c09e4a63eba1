package com.bigtimedeals.topology;

/**
 * What a route does; a handler dispatches on it. The description is the operation's text in docs/openapi.yaml,
 * kept here, beside the name, so that the route table's lines stay short and a new route cannot be added
 * without saying what it does.
 */
public enum Operation {
    GET_FRONT_PAGE("The front page in one request: the featured deals in the editors' order, the first page of "
            + "latest deals, and the cursor that continues in GET /deals."),
    LIST_DEALS("Latest deals over all brands and categories, newest first, one page at a time."),
    GET_DEAL("One deal by its id."),
    GET_EDITORS_CHOICE("The Editor's Choice list, in the editors' order."),
    LIST_BRANDS("Every brand, sorted by name ignoring case."),
    GET_BRAND("One brand with its like and watcher counts."),
    LIST_BRAND_DEALS("Latest deals of one brand, newest first, one page at a time."),
    LIST_CATEGORIES("Every category."),
    GET_CATEGORY("One category with its like and watcher counts and its featured deals."),
    LIST_CATEGORY_DEALS("Latest deals of one category, newest first, one page at a time."),
    LIST_HOT_DEALS("Every deal that ever reached a temperature of 100, the most recently turned hot first, one page at a "
            + "time, each exactly once; a deal stays when its temperature falls again. Taken-down deals leave it, expired "
            + "ones stay, flagged."),
    LIST_HOTTEST_DEALS("At most 50 deals created within the window (day: 24 hours, week: 7 days, month: 30 days; default "
            + "day) with a temperature above 0, highest first, the newer deal first at equal temperature. Follows votes "
            + "within the stream delay; a deal leaves its window at the moment it gets too old."),
    SEARCH_DEALS("Deals whose title holds every word of q as a whole word, case-insensitively (words are maximal runs "
            + "of letters and digits), newest first, one page at a time: q is 1 to 5 words separated by spaces, each 2 "
            + "to 30 letters or digits. A page may hold fewer than limit deals while more follow; nextCursor is null "
            + "only after the last match. Taken-down deals never appear; expired ones do, flagged. New deals and "
            + "corrected titles are found within the stream delay."),
    CREATE_PROFILE("Creates the caller's profile; the username comes from the token. A profile is what a hot-deal "
            + "blast reaches.", RequestBodies.NEW_PROFILE),
    GET_PROFILE("The caller's profile."),
    DELETE_ACCOUNT("Deletes the caller's account: at once the profile (GET /me is 404) and every later fan-out or "
            + "blast; every like, watch, vote (each temperature moves back by one), alert, saved deal (with its pending "
            + "reminder) and message within the stream delay. 204, also when repeated."),
    LIKE_BRAND("Likes a brand: 201 when newly liked, 200 when it already was (the count does not change)."),
    UNLIKE_BRAND("Removes the caller's like; 200 also when there was none (the count never drops below 0)."),
    WATCH_BRAND("Watches a brand: every new deal of it reaches the caller's inbox. 201 when new, 200 when already so."),
    UNWATCH_BRAND("Stops watching a brand; 200 also when the caller was not watching."),
    LIKE_CATEGORY("Likes a category: 201 when newly liked, 200 when it already was (the count does not change)."),
    UNLIKE_CATEGORY("Removes the caller's like; 200 also when there was none (the count never drops below 0)."),
    WATCH_CATEGORY("Watches a category: every new deal in it reaches the caller's inbox. 201 when new, 200 when "
            + "already so."),
    UNWATCH_CATEGORY("Stops watching a category; 200 also when the caller was not watching."),
    GET_BRAND_FOLLOW_STATE("Whether the caller likes and watches this brand."),
    GET_CATEGORY_FOLLOW_STATE("Whether the caller likes and watches this category."),
    LIST_FOLLOWS("Every brand and category the caller likes or watches, by name; exact right after each change."),
    LIST_MESSAGES("The caller's inbox, newest first, one page at a time; ?unread=true lists only unread messages."),
    COUNT_UNREAD_MESSAGES("The unread badge: exact up to 99, 100 means 100 or more. Follows deliveries and "
            + "mark-read within the stream delay."),
    MARK_MESSAGE_READ("Marks one of the caller's messages read; repeating it changes nothing."),
    CAST_VOTE("Votes the deal hot or cold: one vote per user and deal; voting the same way again changes nothing, voting "
            + "the other way moves the vote. The answer's temperature counts the caller's vote and is exact also while "
            + "many users vote at once. Expired deals can be voted on; unknown or taken-down deals are 404.",
            RequestBodies.NEW_VOTE),
    WITHDRAW_VOTE("Withdraws the caller's vote on the deal; 200 also when there was none."),
    LIST_MY_VOTES("The caller's votes on the deals named in dealIds (1 to 100, comma-separated): only those voted on."),
    CREATE_ALERT("Creates a deal alert: every new deal whose title holds each keyword as a whole word "
            + "(case-insensitively), at most maxPrice when set, of the brand and category when set, sends the caller one "
            + "inbox message, within the stream delay; one message per deal in all, whatever else matches. keywords: 1 "
            + "to 5 words separated by spaces, each 2 to 30 letters or digits, stored lowercase. At most 20 alerts a "
            + "user: the 21st is a 400. A brandId or categoryId that names nothing is a 404. excludeWords: 0 to 5 words "
            + "under the keyword rules; a title holding any of them does not match. minTemperature (1 to 10,000): the "
            + "deal matches when its temperature first reaches it, within the stream delay of the vote, never at its "
            + "creation and never twice.", RequestBodies.NEW_ALERT),
    LIST_ALERTS("The caller's deal alerts, newest first."),
    SAVE_DEAL("Saves a deal for the caller: 200 {dealId, savedAt}, and again 200 with the first savedAt. A deal whose "
            + "expiresAt is set gets one reminder (an inbox message of kind reminder) when 24 hours remain, within 2 "
            + "minutes of that moment, or at once when saved with 1 to 24 hours left; unsaving, takedown or expiry cancel "
            + "it, a new expiresAt moves it. At most 500 saved deals: the 501st is a 400. Unknown or taken-down deal: 404."),
    UNSAVE_DEAL("Unsaves a deal (and cancels its pending reminder): 204, also when it was not saved."),
    LIST_SAVED("The caller's saved deals, the most recently saved first, each with savedAt (paged). A deal taken down "
            + "leaves the list; an expired one stays, flagged."),
    REGISTER_DEVICE("Registers the caller's phone for pushes: 201 Device; the same token again: 200 with the same device. "
            + "A token registered by another user moves to the caller alone. At most 10 devices: an 11th removes the "
            + "caller's oldest. The token is never answered back (tokenEnd: its last 6 characters).", RequestBodies.NEW_DEVICE),
    LIST_DEVICES("The caller's devices, newest first (a device the push service reported unregistered has left)."),
    REMOVE_DEVICE("Removes one of the caller's devices (and its push endpoint): 204, also when repeated; 404 for an id "
            + "that never was the caller's device."),
    GET_NOTIFICATIONS("The caller's notification settings: which kinds are pushed (all, for a new user) and the quiet hours."),
    PUT_NOTIFICATIONS("Replaces the caller's notification settings: the whole object, every field sent (a missing one "
            + "is a 400; quietHours may be null).", RequestBodies.NOTIFICATION_SETTINGS),
    DELETE_ALERT("Deletes one of the caller's deal alerts: no new deal matches it from then on. 204, also when "
            + "repeated; 404 for an id that never was the caller's alert."),
    CREATE_BRAND("Creates a brand; its id is the slug of its name.", RequestBodies.NEW_BRAND),
    CREATE_CATEGORY("Creates a category; its id is the slug of its name.", RequestBodies.NEW_CATEGORY),
    CREATE_DEAL("Creates a deal, optionally expiring at expiresAt. Watchers of its brand and category and users whose alerts it "
            + "matches each get one inbox message, and the deal shows in the latest-deal lists and in search, within the "
            + "stream delay.", RequestBodies.NEW_DEAL),
    CORRECT_DEAL("Corrects a deal's title, link, price, image, description or expiresAt (null clears it). Brand, "
            + "category and createdAt cannot change. Lists and featured copies show the change within the stream delay. "
            + "With If-Match: \"v<version>\" (or a list of entity tags, compared strongly as RFC 9110 says) only while "
            + "the deal is at a version it names: otherwise 412 with code stale and the deal as it stands in current, "
            + "and nothing changes. The answer carries the new version and ETag.",
            RequestBodies.DEAL_CORRECTION),
    TAKE_DOWN_DEAL("Takes a deal down: GET /deals/{dealId} is 404 at once, and the deal leaves every latest list, "
            + "featured list and front-page copy within the stream delay. 204, also when repeated; 404 for an id "
            + "that never was a deal."),
    GET_EDITED_DEAL("A deal as the editors see it: with its version (1 at creation, one more with every change made to "
            + "it) in the body and as ETag \"v<version>\", which a correction sends back as If-Match; taken-down deals too, "
            + "with takenDown true."),
    LIST_DEAL_HISTORY("A deal's history, newest first, one page at a time: who did what and when (created, corrected, "
            + "taken-down, blasted, reports-dismissed, community-expired), each changed field with its value before and "
            + "after. Every editor action on the deal adds exactly one event, also when retried with an Idempotency-Key."),
    UPDATE_BRAND("Renames a brand or gives it another logo (https); the id never changes. The new name reaches every "
            + "deal that names it, and every list and featured copy, within the stream delay (within a minute for any "
            + "brand).", RequestBodies.BRAND_EDIT),
    DELETE_BRAND("Deletes a brand that no deal names, live, expired or taken down: 204, again 204; 409 while any does."),
    UPDATE_CATEGORY("Renames a category; the id never changes. The new name reaches every deal in it, and every list "
            + "and featured copy, within the stream delay.", RequestBodies.CATEGORY_EDIT),
    DELETE_CATEGORY("Deletes a category that no deal names, live, expired or taken down: 204, again 204; 409 while "
            + "any does."),
    SET_FRONT_PAGE_FEATURED("Replaces the front page's featured deals with these, in this order.", RequestBodies.FEATURED_IDS),
    SET_CATEGORY_FEATURED("Replaces a category's featured deals with these, in this order.", RequestBodies.FEATURED_IDS),
    SET_EDITORS_CHOICE("Replaces the Editor's Choice list with these deals, in this order.", RequestBodies.FEATURED_IDS),
    BLAST_HOT_DEAL("Sends a hot deal to every user with a profile, once per deal: 202 for the first blast of a deal, "
            + "200 with the existing blast's id when there already is one.", RequestBodies.HOT_DEAL),
    GET_BLAST("How far a hot-deal blast has got."),
    LIST_COMMENTS("A deal's comments, one page at a time: each top-level comment, oldest first, followed at once by its "
            + "replies, oldest first. A deleted comment keeps its place and id with deleted true and an empty body."),
    POST_COMMENT("Posts a comment on a deal, or with replyTo a reply to one of its top-level comments. Needs a profile "
            + "(POST /me): 403 without one. The deal's commentCount counts it at once.", RequestBodies.NEW_COMMENT),
    DELETE_COMMENT("Deletes a comment: its author or an editor may (403 for anyone else). It stays in the thread as "
            + "deleted, with an empty body. 204, also when repeated."),
    REPORT_DEAL("Reports a deal: 201 for the caller's first report of it, 200 with that first report, unchanged, after "
            + "that. Once 3 different users' open expired reports stand against a deal, it expires by itself within "
            + "the stream delay.", RequestBodies.NEW_REPORT),
    LIST_REPORTED_DEALS("The moderation queue: deals with open reports, the longest waiting first, with the counts of "
            + "their open reports by reason."),
    LIST_DEAL_REPORTS("A deal's open reports, oldest first, with who made them and their notes."),
    DISMISS_REPORTS("Closes a deal's open reports: it leaves the queue, and they no longer count toward its expiry. A "
            + "later report opens it again. 204, also when it has none.");

    private final String description;
    private final RequestBody body;

    Operation(String description) {
        this(description, null);
    }

    Operation(String description, RequestBody body) {
        this.description = description;
        this.body = body;
    }

    public String description() {
        return description;
    }

    /** What the request body may hold; null when the route takes no body. */
    public RequestBody body() {
        return body;
    }

    /**
     * Whether an {@code Idempotency-Key} rides on the operation's own requests: its record read with the operation's
     * first read and written by its own transaction, so that a keyed request stays within the contract's request
     * budget (likes and watches: 2, a vote: 2, a comment: 3). Every other POST claims its key first and records its
     * answer after, 2 requests more.
     */
    public boolean carriesIdempotencyKey() {
        return switch (this) {
            case LIKE_BRAND, WATCH_BRAND, LIKE_CATEGORY, WATCH_CATEGORY, CAST_VOTE, POST_COMMENT -> true;
            default -> false;
        };
    }
}
