package com.bigtimedeals.community;

import java.time.Instant;

/**
 * One comment of a deal's thread. A reply names the top-level comment it answers ({@code replyTo}); replies to
 * replies do not exist. A deleted comment is a tombstone: it keeps its place and id so that its replies still read
 * in context, with an empty body. {@code author} is null once the author's account is deleted.
 */
public record Comment(String id, String dealId, String author, String body, String replyTo, boolean deleted,
                      Instant createdAt) {
    public Comment {
        if (deleted) {
            body = "";
        } else if (body == null || body.isEmpty()) {
            throw new IllegalArgumentException("a comment that is not deleted has a body");
        }
    }

    public boolean isReply() {
        return replyTo != null;
    }
}
