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
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;

/** The deal community: threads, reports, and the editors' moderation queue. */
public final class CommentService {
    /** What a keyed comment's record keeps: the comment itself, which a replay answers again. */
    private static final Recording<Comment> RECORDED = Recording.of(Comment.class);

    private final CommentStore comments;
    private final ReportStore reports;
    private final IdempotencyService idempotency;

    public CommentService(CommentStore comments, ReportStore reports, IdempotencyService idempotency) {
        this.comments = comments;
        this.reports = reports;
        this.idempotency = idempotency;
    }

    public static CommentService of(Table table, com.bigtimedeals.platform.Configuration configuration) {
        return new CommentService(new CommentStore(table), new ReportStore(table, configuration.reporterMinAge()),
                IdempotencyService.of(table, table.clock()));
    }

    public Page<Comment> thread(String dealId, int limit, String cursor) {
        return comments.thread(dealId, limit, cursor);
    }

    /**
     * {@code key}: the request's Idempotency-Key (null without one), its record read with the deal and written in the
     * comment's transaction, so that a keyed comment is 2 requests and a retry whose answer was lost gets the same
     * comment back instead of posting it twice.
     */
    public Keyed<Comment> post(String dealId, String author, String body, String replyTo, IdempotencyKey key) {
        NewComment draft = new NewComment(body, replyTo);
        return idempotency.carried(key, RECORDED, keyed -> comments.post(dealId, author, draft, keyed));
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
