package com.bigtimedeals.topology;

import static com.bigtimedeals.topology.Access.EDITOR;
import static com.bigtimedeals.topology.Access.PUBLIC;
import static com.bigtimedeals.topology.Access.USER;
import static com.bigtimedeals.topology.LambdaFunction.BRANDS;
import static com.bigtimedeals.topology.LambdaFunction.CATEGORIES;
import static com.bigtimedeals.topology.LambdaFunction.COMMENTS;
import static com.bigtimedeals.topology.LambdaFunction.DEALS;
import static com.bigtimedeals.topology.LambdaFunction.DEVICES;
import static com.bigtimedeals.topology.LambdaFunction.FOLLOWS;
import static com.bigtimedeals.topology.LambdaFunction.INBOX;
import static com.bigtimedeals.topology.LambdaFunction.SEARCH;
import static com.bigtimedeals.topology.LambdaFunction.VOTES;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every route of the HTTP contract (../shared/design/api.md), listed once. The handlers dispatch from it, the
 * local gateway and the CDK stack build their routes from it, and a test holds docs/openapi.yaml to it.
 */
public final class RouteTable {
    public static final List<Route> ROUTES = List.of(
            // Public reads
            new Route("GET", "/frontpage", DEALS, PUBLIC, Operation.GET_FRONT_PAGE, false, "Featured deals and the first page of latest deals"),
            new Route("GET", "/deals", DEALS, PUBLIC, Operation.LIST_DEALS, false, "Latest deals overall"),
            new Route("GET", "/deals/{dealId}", DEALS, PUBLIC, Operation.GET_DEAL, false, "One deal"),
            new Route("GET", "/editors-choice", DEALS, PUBLIC, Operation.GET_EDITORS_CHOICE, false, "Editor's Choice"),
            new Route("GET", "/brands", BRANDS, PUBLIC, Operation.LIST_BRANDS, false, "All brands by name"),
            new Route("GET", "/brands/{brandId}", BRANDS, PUBLIC, Operation.GET_BRAND, false, "One brand with counts"),
            new Route("GET", "/brands/{brandId}/deals", BRANDS, PUBLIC, Operation.LIST_BRAND_DEALS, false, "Latest deals of a brand"),
            new Route("GET", "/categories", CATEGORIES, PUBLIC, Operation.LIST_CATEGORIES, false, "All categories"),
            new Route("GET", "/categories/{categoryId}", CATEGORIES, PUBLIC, Operation.GET_CATEGORY, false, "One category with counts and featured deals"),
            new Route("GET", "/categories/{categoryId}/deals", CATEGORIES, PUBLIC, Operation.LIST_CATEGORY_DEALS, false, "Latest deals of a category"),
            new Route("GET", "/hot", DEALS, PUBLIC, Operation.LIST_HOT_DEALS, false, "Deals that turned hot, most recently first"),
            new Route("GET", "/hottest", DEALS, PUBLIC, Operation.LIST_HOTTEST_DEALS, false, "The hottest deals of the last day, week or month"),
            new Route("GET", "/search", SEARCH, PUBLIC, Operation.SEARCH_DEALS, false, "Deals whose title holds every word of q"),
            new Route("GET", "/deals/{dealId}/comments", COMMENTS, PUBLIC, Operation.LIST_COMMENTS, false, "A deal's comment thread"),
            // Signed-in users
            new Route("POST", "/me", INBOX, USER, Operation.CREATE_PROFILE, true, "Create the caller's profile"),
            new Route("GET", "/me", INBOX, USER, Operation.GET_PROFILE, false, "The caller's profile"),
            new Route("DELETE", "/me", INBOX, USER, Operation.DELETE_ACCOUNT, true,
                    "Delete the caller's account: profile, follows, votes, alerts, saved deals, inbox, devices (and their "
                            + "push endpoints) and notification settings; comments turn into deleted comments with no author"),
            new Route("POST", "/brands/{brandId}/likes", FOLLOWS, USER, Operation.LIKE_BRAND, true, "Like a brand"),
            new Route("DELETE", "/brands/{brandId}/likes", FOLLOWS, USER, Operation.UNLIKE_BRAND, true, "Unlike a brand"),
            new Route("POST", "/brands/{brandId}/watches", FOLLOWS, USER, Operation.WATCH_BRAND, true, "Watch a brand"),
            new Route("DELETE", "/brands/{brandId}/watches", FOLLOWS, USER, Operation.UNWATCH_BRAND, true, "Stop watching a brand"),
            new Route("POST", "/categories/{categoryId}/likes", FOLLOWS, USER, Operation.LIKE_CATEGORY, true, "Like a category"),
            new Route("DELETE", "/categories/{categoryId}/likes", FOLLOWS, USER, Operation.UNLIKE_CATEGORY, true, "Unlike a category"),
            new Route("POST", "/categories/{categoryId}/watches", FOLLOWS, USER, Operation.WATCH_CATEGORY, true, "Watch a category"),
            new Route("DELETE", "/categories/{categoryId}/watches", FOLLOWS, USER, Operation.UNWATCH_CATEGORY, true, "Stop watching a category"),
            new Route("GET", "/me/brands/{brandId}", FOLLOWS, USER, Operation.GET_BRAND_FOLLOW_STATE, false, "Does the caller like/watch this brand?"),
            new Route("GET", "/me/categories/{categoryId}", FOLLOWS, USER, Operation.GET_CATEGORY_FOLLOW_STATE, false, "Does the caller like/watch this category?"),
            new Route("GET", "/me/follows", FOLLOWS, USER, Operation.LIST_FOLLOWS, false, "Every brand and category the caller likes or watches, by name"),
            new Route("PUT", "/me/saved/{dealId}", FOLLOWS, USER, Operation.SAVE_DEAL, true, "Save a deal"),
            new Route("DELETE", "/me/saved/{dealId}", FOLLOWS, USER, Operation.UNSAVE_DEAL, true, "Unsave a deal"),
            new Route("GET", "/me/saved", FOLLOWS, USER, Operation.LIST_SAVED, false, "The caller's saved deals, most recently saved first"),
            new Route("POST", "/me/devices", DEVICES, USER, Operation.REGISTER_DEVICE, true, "Register a device for pushes"),
            new Route("GET", "/me/devices", DEVICES, USER, Operation.LIST_DEVICES, false, "The caller's devices, newest first"),
            new Route("DELETE", "/me/devices/{deviceId}", DEVICES, USER, Operation.REMOVE_DEVICE, true, "Remove a device"),
            new Route("GET", "/me/notifications", DEVICES, USER, Operation.GET_NOTIFICATIONS, false, "The caller's notification settings"),
            new Route("PUT", "/me/notifications", DEVICES, USER, Operation.PUT_NOTIFICATIONS, true, "Replace the caller's notification settings"),
            new Route("GET", "/me/messages", INBOX, USER, Operation.LIST_MESSAGES, false, "The caller's inbox, newest first"),
            new Route("GET", "/me/messages/unread-count", INBOX, USER, Operation.COUNT_UNREAD_MESSAGES, false, "The unread badge: exact up to 99, 100 means 100 or more"),
            new Route("POST", "/me/messages/{messageId}/read", INBOX, USER, Operation.MARK_MESSAGE_READ, true, "Mark a message read"),
            new Route("POST", "/deals/{dealId}/votes", VOTES, USER, Operation.CAST_VOTE, true, "Vote a deal hot or cold"),
            new Route("DELETE", "/deals/{dealId}/votes", VOTES, USER, Operation.WITHDRAW_VOTE, true, "Withdraw the caller's vote"),
            new Route("GET", "/me/votes", VOTES, USER, Operation.LIST_MY_VOTES, false, "The caller's votes on some deals"),
            new Route("POST", "/me/alerts", SEARCH, USER, Operation.CREATE_ALERT, true, "Create a deal alert"),
            new Route("GET", "/me/alerts", SEARCH, USER, Operation.LIST_ALERTS, false, "The caller's deal alerts, newest first"),
            new Route("DELETE", "/me/alerts/{alertId}", SEARCH, USER, Operation.DELETE_ALERT, true, "Delete a deal alert"),
            new Route("POST", "/deals/{dealId}/comments", COMMENTS, USER, Operation.POST_COMMENT, true, "Comment on a deal, or reply to a comment"),
            new Route("DELETE", "/deals/{dealId}/comments/{commentId}", COMMENTS, USER, Operation.DELETE_COMMENT, true, "Delete a comment (its author or an editor)"),
            new Route("POST", "/deals/{dealId}/reports", COMMENTS, USER, Operation.REPORT_DEAL, true, "Report a deal"),
            // Editors
            new Route("POST", "/cms/brands", BRANDS, EDITOR, Operation.CREATE_BRAND, true, "Create a brand"),
            new Route("POST", "/cms/categories", CATEGORIES, EDITOR, Operation.CREATE_CATEGORY, true, "Create a category"),
            new Route("PATCH", "/cms/brands/{brandId}", BRANDS, EDITOR, Operation.UPDATE_BRAND, true, "Rename a brand or change its logo"),
            new Route("DELETE", "/cms/brands/{brandId}", BRANDS, EDITOR, Operation.DELETE_BRAND, true, "Delete a brand no deal names"),
            new Route("PATCH", "/cms/categories/{categoryId}", CATEGORIES, EDITOR, Operation.UPDATE_CATEGORY, true, "Rename a category"),
            new Route("DELETE", "/cms/categories/{categoryId}", CATEGORIES, EDITOR, Operation.DELETE_CATEGORY, true, "Delete a category no deal names"),
            new Route("GET", "/cms/deals/{dealId}", DEALS, EDITOR, Operation.GET_EDITED_DEAL, false, "A deal with its version, taken down or not"),
            new Route("GET", "/cms/deals/{dealId}/history", DEALS, EDITOR, Operation.LIST_DEAL_HISTORY, false, "A deal's history, newest first"),
            new Route("POST", "/cms/deals", DEALS, EDITOR, Operation.CREATE_DEAL, true, "Create a deal"),
            new Route("PATCH", "/cms/deals/{dealId}", DEALS, EDITOR, Operation.CORRECT_DEAL, true, "Correct a deal"),
            new Route("DELETE", "/cms/deals/{dealId}", DEALS, EDITOR, Operation.TAKE_DOWN_DEAL, true, "Take a deal down everywhere"),
            new Route("PUT", "/cms/frontpage/featured", DEALS, EDITOR, Operation.SET_FRONT_PAGE_FEATURED, true, "Set the front page's featured deals"),
            new Route("PUT", "/cms/categories/{categoryId}/featured", CATEGORIES, EDITOR, Operation.SET_CATEGORY_FEATURED, true, "Set a category's featured deals"),
            new Route("PUT", "/cms/editors-choice", DEALS, EDITOR, Operation.SET_EDITORS_CHOICE, true, "Set Editor's Choice"),
            new Route("POST", "/cms/hot-deals", DEALS, EDITOR, Operation.BLAST_HOT_DEAL, true, "Blast a hot deal to every user"),
            new Route("GET", "/cms/hot-deals/{blastId}", DEALS, EDITOR, Operation.GET_BLAST, false, "A blast's progress"),
            new Route("GET", "/cms/reports", COMMENTS, EDITOR, Operation.LIST_REPORTED_DEALS, false, "The moderation queue"),
            new Route("GET", "/cms/reports/{dealId}", COMMENTS, EDITOR, Operation.LIST_DEAL_REPORTS, false, "A deal's open reports, with their notes"),
            new Route("POST", "/cms/reports/{dealId}/dismiss", COMMENTS, EDITOR, Operation.DISMISS_REPORTS, true, "Dismiss a deal's open reports"));

    private static final Map<String, Route> BY_ROUTE_KEY = new HashMap<>();

    static {
        for (Route r : ROUTES) {
            if (BY_ROUTE_KEY.put(r.routeKey(), r) != null) {
                throw new IllegalStateException("route listed twice: " + r.routeKey());
            }
        }
    }

    private RouteTable() {
    }

    /** The route for API Gateway's {@code routeKey}, or null. */
    public static Route byRouteKey(String routeKey) {
        return routeKey == null ? null : BY_ROUTE_KEY.get(routeKey);
    }

    /**
     * The first segment of every route's path, once each ({@code frontpage}, {@code deals}, ..., {@code cms}): what a
     * proxy in front of the API must send on to it (the CMS's CloudFront distribution does).
     */
    public static java.util.Set<String> firstSegments() {
        java.util.Set<String> segments = new java.util.LinkedHashSet<>();
        for (Route r : ROUTES) {
            segments.add(r.path().split("/")[1]);
        }
        return segments;
    }

    public static List<Route> of(LambdaFunction function) {
        return ROUTES.stream().filter(r -> r.function() == function).toList();
    }

    /** For a gateway: the route whose template matches, preferring literal segments over parameters. */
    public static Route match(String method, String rawPath) {
        Route best = null;
        int bestLiterals = -1;
        for (Route r : ROUTES) {
            if (r.method().equals(method) && r.match(rawPath) != null) {
                int literals = r.path().split("/").length - r.pathParameters().size();
                if (literals > bestLiterals) {
                    best = r;
                    bestLiterals = literals;
                }
            }
        }
        return best;
    }
}
