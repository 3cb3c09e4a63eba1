package com.bigtimedeals.catalogue;

import java.util.Map;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The walk that deletes a deleted brand's or category's watch items ({@link WalkStore}): one item per deleted
 * incarnation ({@link CatalogKeys#unfollow}), written by the deletion's own transaction, so no deletion ends without
 * one; then a page of the target's watcher list at a time (the community's {@code FollowStore.forgetWatches}), each
 * watch deleted only while it carries that incarnation's stamp, checkpointed on the item. Its watches are absent
 * already (their stamp is not the live target's); the walk frees their items and the fan-out's pages of them. A target
 * made again meanwhile gets watches of its own stamp, which no page touches; a page run twice deletes nothing twice.
 * Likes have no list by target: a deleted incarnation's likes stay absent until their user likes again, unlikes, or
 * deletes the account.
 */
public final class CatalogDeletions {
    private final Table table;
    private final WalkStore walks;

    public CatalogDeletions(Table table) {
        this.table = table;
        this.walks = new WalkStore(table);
    }

    /** Where one deletion's walk stands: the target, its deleted incarnation and the last watcher handled (null: none). */
    public record Walk(Likeable kind, String id, String incarnation, String position) {
    }

    /** The deletion's put that starts the walk over the watches of incarnation {@code incarnation}. */
    static TransactWriteItem put(Table table, Likeable kind, String id, String incarnation) {
        Map<String, AttributeValue> key = CatalogKeys.unfollow(kind, id, incarnation);
        Map<String, AttributeValue> item = WalkStore.pending(new ItemWriter(key, CatalogKeys.UNFOLLOW)
                .string("kind", kind.name()).string("targetId", id).string(CatalogStore.INCARNATION, incarnation)
                .bool("done", false).number("reached", 0), key.get(Keys.PK).s(), table.clock().instant()).build();
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item).build()).build();
    }

    /** The walk as it stands, or null when finished (or never started). */
    public Walk get(Likeable kind, String id, String incarnation) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(CatalogKeys.unfollow(kind, id, incarnation)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty() || new ItemReader(item).bool("done")) {
            return null;
        }
        return new Walk(kind, id, incarnation, new ItemReader(item).string("after"));
    }

    /** Moves the walk from {@code from} to {@code next} (null: finished); false when another run moved it. */
    public boolean advance(Walk walk, String from, String next, int count) {
        return walks.advance(CatalogKeys.unfollow(walk.kind(), walk.id(), walk.incarnation()), from, next, count, false);
    }

    public boolean requeue(Likeable kind, String id, String incarnation) {
        return walks.requeue(CatalogKeys.unfollow(kind, id, incarnation));
    }
}
