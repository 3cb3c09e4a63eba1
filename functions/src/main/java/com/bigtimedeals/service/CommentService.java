package com.bigtimedeals.service;

import java.time.Instant;
import java.util.List;

import com.bigtimedeals.community.Comment;
import com.bigtimedeals.community.CommentStore;
import com.bigtimedeals.community.NewComment;
import com.bigtimedeals.community.Report;
import com.bigtimedeals.community.ReportReason;
import com.bigtimedeals.community.ReportStore;
import com.bigtimedeals.community.ReportedDeal;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;

/** The deal community: threads, reports, and the editors' moderation queue. */
public final class CommentService {
    private final CommentStore comments;
    private final ReportStore reports;

    public CommentService(CommentStore comments, ReportStore reports) {
        this.comments = comments;
        this.reports = reports;
    }

    public static CommentService of(Table table, com.bigtimedeals.platform.Configuration configuration) {
        return new CommentService(new CommentStore(table), new ReportStore(table, configuration.reporterMinAge()));
    }

    public Page<Comment> thread(String dealId, int limit, String cursor) {
        return comments.thread(dealId, limit, cursor);
    }

    /** {@code keyed}: the request's Idempotency-Key, to ride on the comment's read and transaction; null without one. */
    public Comment post(String dealId, String author, String body, String replyTo, KeyedWrite<Comment> keyed) {
        return comments.post(dealId, author, new NewComment(body, replyTo), keyed);
    }

    /** The author deletes their own comment; an editor any comment. A repeat succeeds. */
    public void delete(String dealId, String commentId, String caller, boolean editor) {
        comments.delete(dealId, commentId, caller, editor);
    }

    /** The caller's report of a deal: theirs from before, unchanged, when they reported it already. */
    public ReportStore.Filed report(String dealId, String username, String reason, String note, Instant now) {
        return reports.report(new Report(dealId, username, ReportReason.of(reason), note, now));
    }

    public Page<ReportedDeal> queue(int limit, String cursor) {
        return reports.queue(limit, cursor);
    }

    public List<Report> openReports(String dealId) {
        return reports.open(dealId);
    }

    public void dismiss(String dealId, String editor) {
        reports.dismiss(dealId, editor);
    }
}
