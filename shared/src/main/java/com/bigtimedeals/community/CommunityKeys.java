package com.bigtimedeals.community;

import java.util.Map;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The community feature's slice of the key chart (docs/data-model.md): likes and watches, comments, reports, votes. */
public final class CommunityKeys {
    private CommunityKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String LIKE = "Like";
    public static final String WATCH = "Watch";
    public static final String WATCH_OF_USER = "WatchOfUser";
    public static final String COMMENT = "Comment";
    public static final String COMMENT_OF_AUTHOR = "CommentOfAuthor";
    public static final String REPORT = "Report";
    public static final String REPORT_CASE = "ReportCase";
    public static final String VOTE = "Vote";

    // Likes and watches. Everything a user follows lives in the user's FOLLOWS partition (a like, and a twin
    // of each watch), so follows are found from the user with one Query; watches of one brand or category
    // also share a partition so that the fan-out can page through them.
    public static String followsPk(String username) {
        return "FOLLOWS#" + username;
    }

    public static String followSk(Likeable kind, String id, Relation relation) {
        return kind.name() + "#" + id + "#" + relation.name();
    }

    public static Map<String, AttributeValue> like(Likeable kind, String id, String username) {
        return Keys.key(followsPk(username), followSk(kind, id, Relation.LIKE));
    }

    /** The user-side twin of a watch, written in the same transaction as the watch itself. */
    public static Map<String, AttributeValue> watchOfUser(Likeable kind, String id, String username) {
        return Keys.key(followsPk(username), followSk(kind, id, Relation.WATCH));
    }

    public static String watchersPk(Likeable kind, String id) {
        return kind.name() + "WATCH#" + id;
    }

    public static Map<String, AttributeValue> watch(Likeable kind, String id, String username) {
        return Keys.key(watchersPk(kind, id), AccountKeys.userSk(username));
    }

    // Comments live in their deal's own partition, right after the deal item: a thread's first page reads the deal
    // (is it there, is it taken down?) and the first comments with one Query. A reply's id begins with its parent's,
    // so its sort key places it under the parent, after the replies before it.
    public static String commentSk(String dealId, String commentId) {
        return DealKeys.dealPk(dealId) + "#COMMENT#" + commentId;
    }

    public static Map<String, AttributeValue> comment(String dealId, String commentId) {
        return Keys.key(DealKeys.dealPk(dealId), commentSk(dealId, commentId));
    }

    /** Sorts after every comment sort key of the deal (ids are letters, digits and '-'). */
    public static String commentsEnd(String dealId) {
        return commentSk(dealId, "~");
    }

    /** A user's comments, one small item each, sorted by time: account deletion finds them with no scan. */
    public static String commentsOfAuthorPk(String username) {
        return "COMMENTS#" + username;
    }

    public static String commentOfAuthorSk(String ownId) {
        return "COMMENT#" + ownId;
    }

    public static Map<String, AttributeValue> commentOfAuthor(String username, String ownId) {
        return Keys.key(commentsOfAuthorPk(username), commentOfAuthorSk(ownId));
    }

    // Reports: one partition per deal, one item per reporter (so a user reports a deal once), and the deal's case:
    // counts of the open reports, their round, and while any is open the moderation queue's GSI1 keys.
    public static String reportsPk(String dealId) {
        return "REPORTS#" + dealId;
    }

    public static Map<String, AttributeValue> report(String dealId, String username) {
        return Keys.key(reportsPk(dealId), AccountKeys.userSk(username));
    }

    public static final String REPORT_CASE_SK = "CASE";

    public static Map<String, AttributeValue> reportCase(String dealId) {
        return Keys.key(reportsPk(dealId), REPORT_CASE_SK);
    }

    /** GSI1 partition of the moderation queue: deals with open reports. */
    public static final String REPORT_QUEUE = "REPORTQUEUE";

    /** The queue's order: the moment of the first open report (whole-second ISO instants sort in time order), then the deal. */
    public static String reportQueueSk(java.time.Instant firstReportedAt, String dealId) {
        return firstReportedAt + "#" + dealId;
    }

    // Votes live in the voter's partition: one vote per (user, deal), a user's votes on a page of deals are one
    // BatchGetItem, an account deletion finds them with one Query, and a burst of votes on one deal spreads over
    // as many partitions as it has voters.
    public static String votesPk(String username) {
        return "VOTES#" + username;
    }

    public static Map<String, AttributeValue> vote(String username, String dealId) {
        return Keys.key(votesPk(username), DealKeys.dealSortKey(dealId));
    }
}
