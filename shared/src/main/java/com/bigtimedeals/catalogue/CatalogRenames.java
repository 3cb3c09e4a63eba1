package com.bigtimedeals.catalogue;

import java.util.Map;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealNames;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.OwnerTimelines;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The walk that carries a renamed brand's or category's name into every deal that names it ({@link WalkStore}): one
 * item per brand or category, written by the rename's own transaction, then a page of the latest list at a time, each
 * deal one conditional UpdateItem, checkpointed on the item. Each rename has a number ({@code nameVersion}, one more
 * than the last): a deal takes a name only from a rename newer than the one it has, so a run of an older rename that
 * is still going never writes its name over a newer one, and the walk's positions carry the number too, so a newer
 * rename (which restarts the walk) makes the older run's next checkpoint fail and stop it. Each changed deal's stream
 * record is a correction, which carries the name on into every list and featured copy.
 */
public final class CatalogRenames {
    /** Deals renamed per page: one latest-list page. */
    public static final int PAGE = DealStore.MAX_PAGE;

    private final Table table;
    private final WalkStore walks;
    private final OwnerTimelines timelines;
    private final DealNames names;

    public CatalogRenames(Table table) {
        this.table = table;
        this.walks = new WalkStore(table);
        this.timelines = new OwnerTimelines(table);
        this.names = new DealNames(table);
    }

    /** Where one rename's walk stands: the new name, its number, and the position in the latest list. */
    public record Walk(Likeable kind, String id, String name, long nameVersion, String position) {
    }

    /** The position of rename {@code version} at the start of its list. */
    static String start(long version) {
        return version + "|";
    }

    /** The transaction's put that (re)starts the walk of rename {@code nameVersion}. */
    static TransactWriteItem put(Table table, Likeable kind, String id, String name, long nameVersion) {
        Map<String, AttributeValue> key = CatalogKeys.rename(kind, id);
        java.time.Instant now = table.clock().instant();
        Map<String, AttributeValue> item = WalkStore.pending(new ItemWriter(key, CatalogKeys.RENAME)
                .string("kind", kind.name()).string("targetId", id).string("name", name)
                .number("nameVersion", nameVersion).string("after", start(nameVersion)).bool("done", false)
                .number("reached", 0), key.get(Keys.PK).s(), now).build();
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(item).build()).build();
    }

    /** The walk as it stands, or null when finished (or never started). */
    public Walk get(Likeable kind, String id) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(CatalogKeys.rename(kind, id)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty() || new ItemReader(item).bool("done")) {
            return null;
        }
        ItemReader r = new ItemReader(item);
        return new Walk(kind, id, r.string("name"), r.number("nameVersion"), r.string("after"));
    }

    /** What a page did: how many deals took the name, and where the next page starts (null: the end). */
    public record Renamed(int count, String next) {
    }

    /**
     * Renames the deals of one page from {@code position}: 1 Query (up to 3, as any latest-list page) and an UpdateItem
     * per deal that still shows another name. Safe to repeat: a deal already named by this rename is left as it is.
     */
    public Renamed page(Walk walk, String position) {
        String cursor = position.substring(position.indexOf('|') + 1);
        Page<Deal> page;
        try {
            page = timelines.page(walk.kind(), walk.id(), PAGE, cursor.isEmpty() ? null : cursor);
        } catch (DomainException e) {
            return new Renamed(0, null); // the brand or category is gone: nothing names it any more
        }
        int renamed = 0;
        for (Deal d : page.items()) {
            String shown = walk.kind() == Likeable.BRAND ? d.brandName() : d.categoryName();
            if (walk.name().equals(shown)) {
                continue;
            }
            if (names.take(d.id(), walk.kind(), walk.id(), walk.name(), walk.nameVersion())) {
                renamed++;
            }
        }
        return new Renamed(renamed, page.nextCursor() == null ? null : walk.nameVersion() + "|" + page.nextCursor());
    }

    /** Moves the walk from {@code from} to {@code next} (null: finished); false when another run or rename moved it. */
    public boolean advance(Walk walk, String from, String next, int count) {
        return walks.advance(CatalogKeys.rename(walk.kind(), walk.id()), from, next, count, false);
    }

    public boolean requeue(Likeable kind, String id) {
        return walks.requeue(CatalogKeys.rename(kind, id));
    }
}
