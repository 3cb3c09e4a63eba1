package com.bigtimedeals.service;

import java.time.Instant;
import java.util.List;

import com.bigtimedeals.data.CommentStore;
import com.bigtimedeals.data.KeyedWrite;
import com.bigtimedeals.data.ReportStore;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.domain.Comment;
import com.bigtimedeals.domain.NewComment;
import com.bigtimedeals.domain.Page;
import com.bigtimedeals.domain.Report;
import com.bigtimedeals.domain.ReportReason;
import com.bigtimedeals.domain.ReportedDeal;

/** The deal community: threads, reports, and the editors' moderation queue. */
public final class CommentService {
    private final CommentStore comments;
    private final ReportStore reports;

    public CommentService(CommentStore comments, ReportStore reports) {
        this.comments = comments;
        this.reports = reports;
    }

    public static CommentService of(Table table, com.bigtimedeals.data.Configuration configuration) {
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
