package com.bigtimedeals.inbox;

import java.time.Duration;
import java.util.Map;

import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.InboxRetention;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.TableDefinition;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How an inbox message is stored: its keys, its attributes, its expiry (DynamoDB TTL deletes it once the retention
 * has passed) and, while unread, its entry in the sparse unread index (GSI1).
 */
public final class MessageItems {
    /** The TTL attribute (epoch seconds) DynamoDB deletes expired messages by; the table enables TTL on it. */
    public static final String EXPIRY_ATTRIBUTE = TableDefinition.TTL_ATTRIBUTE;

    private final Duration retention;

    /** Messages kept for {@code retention} (valid by its type: {@link InboxRetention} holds the one rule). */
    public MessageItems(InboxRetention retention) {
        this.retention = retention.duration();
    }

    /** The item a message is stored as; the benchmark writes the same items raw, to measure the table's ceiling. */
    public Map<String, AttributeValue> item(Message m) {
        ItemWriter w = new ItemWriter(InboxKeys.message(m.username(), m.id()), InboxKeys.MESSAGE)
                .string("id", m.id()).string("username", m.username()).string("subject", m.subject())
                .string("body", m.body()).string("dealId", m.dealId()).bool("unread", m.unread())
                .instant("createdAt", m.createdAt()).string("kind", m.kind().wire())
                .number(EXPIRY_ATTRIBUTE, Ids.instantOf(m.id()).plus(retention).getEpochSecond());
        if (m.unread()) {
            w.index(TableDefinition.GSI1.partitionKey(), InboxKeys.messagesPk(m.username()))
                    .index(TableDefinition.GSI1.sortKey(), InboxKeys.messageSk(m.id()));
        }
        return w.build();
    }

    public static Message read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Message(r.string("id"), r.string("username"), r.string("subject"), r.string("body"),
                r.string("dealId"), r.bool("unread"), r.instant("createdAt"), MessageKind.fromWire(r.string("kind")));
    }
}
