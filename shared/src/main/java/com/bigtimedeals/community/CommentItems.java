package com.bigtimedeals.community;

import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How a comment is stored: its application attributes beside its keys. A tombstone keeps no body. */
final class CommentItems {
    static final String AUTHOR = "author";
    static final String BODY = "body";
    static final String DELETED = "deleted";

    private CommentItems() {
    }

    static Map<String, AttributeValue> item(Comment c) {
        return new ItemWriter(CommunityKeys.comment(c.dealId(), c.id()), CommunityKeys.COMMENT)
                .string("id", c.id())
                .string("dealId", c.dealId())
                .string(AUTHOR, c.author())
                .string(BODY, c.deleted() ? null : c.body())
                .string("replyTo", c.replyTo())
                .bool(DELETED, c.deleted())
                .instant("createdAt", c.createdAt())
                .build();
    }

    static Comment read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Comment(r.string("id"), r.string("dealId"), r.string(AUTHOR), r.string(BODY), r.string("replyTo"),
                r.bool(DELETED), r.instant("createdAt"));
    }
}
