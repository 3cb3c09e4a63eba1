package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A deal's history (docs/data-model.md, "Deal history"): one small item per editor action, in the deal's partition,
 * written by the very transaction that makes the change, so a change is never without its event nor an event without
 * its change. Its sort key is made from the event itself (moment, action, the action's own discriminator), and the put
 * is create-only: a write retried with the same event writes nothing twice. What keeps a retried request from making a
 * second event is the change's own condition (a correction's version, a takedown's tombstone, a blast's marker, a
 * report round), which cancels the whole transaction, the event with it.
 */
public final class DealHistory {
    private final Table table;

    public DealHistory(Table table) {
        this.table = table;
    }

    /** The transaction's create-only put of {@code event} for {@code dealId}. */
    public static TransactWriteItem put(Table table, String dealId, DealEvent event, String discriminator) {
        String sk = DealKeys.dealEventSk(WalkStore.stamp(event.at()), event.action().wire(), discriminator);
        ItemWriter w = new ItemWriter(DealKeys.dealEvent(dealId, sk), DealKeys.DEAL_EVENT)
                .string("dealId", dealId)
                .instant("at", event.at())
                .string("editor", event.editor())
                .string("action", event.action().wire());
        Map<String, AttributeValue> changes = new LinkedHashMap<>();
        event.changes().forEach((field, change) -> changes.put(field, AttributeValue.fromM(Map.of(
                "from", value(change.from()), "to", value(change.to())))));
        w.value("changes", AttributeValue.fromM(changes));
        return TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(w.build())
                .conditionExpression("attribute_not_exists(PK)").build()).build();
    }

    private static AttributeValue value(Object v) {
        if (v == null) {
            return AttributeValue.fromNul(true);
        }
        if (v instanceof BigDecimal d) {
            return AttributeValue.fromN(d.toPlainString());
        }
        return AttributeValue.fromS(v.toString());
    }

    private static Object value(AttributeValue v) {
        if (v == null || Boolean.TRUE.equals(v.nul())) {
            return null;
        }
        return v.n() != null ? new BigDecimal(v.n()) : v.s();
    }

    static DealEvent read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        Map<String, DealEvent.FieldChange> changes = new LinkedHashMap<>();
        AttributeValue stored = item.get("changes");
        if (stored != null && stored.hasM()) {
            // Stored as a map, which keeps no order: the fields in the Deal shape's order, as they were made.
            List<String> order = List.of("title", "link", "price", "imageUrl", "description", "expiresAt", "brandName",
                    "categoryName");
            List<String> names = new ArrayList<>(stored.m().keySet());
            names.sort(java.util.Comparator.comparingInt((String n) -> order.indexOf(n) < 0 ? order.size() : order.indexOf(n))
                    .thenComparing(n -> n));
            for (String name : names) {
                Map<String, AttributeValue> c = stored.m().get(name).m();
                changes.put(name, new DealEvent.FieldChange(value(c.get("from")), value(c.get("to"))));
            }
        }
        return new DealEvent(r.instant("at"), r.string("editor"), DealEvent.Action.ofWire(r.string("action")), changes);
    }

    /**
     * A page of the deal's history, newest first: 1 Query (one item more than the page, so the last page says so
     * with a null cursor). A deal with no event at all (none of its own, or none ever: an unknown id) costs one read
     * more, to tell the two apart: NOT_FOUND for an id that never was a deal.
     */
    public Page<DealEvent> page(String dealId, int limit, String cursor) {
        if (limit < 1 || limit > DealStore.MAX_PAGE) {
            throw DomainException.invalid("limit", "limit must be an integer from 1 to " + DealStore.MAX_PAGE);
        }
        String scope = "HISTORY#" + dealId;
        Map<String, AttributeValue> start = null;
        if (cursor != null) {
            String sk = table.cursors().decode(scope, cursor, 1).get(0);
            if (!sk.startsWith(DealKeys.HISTORY_PREFIX)) {
                throw DomainException.invalid("cursor", "cursor is not valid for this list");
            }
            start = DealKeys.dealEvent(dealId, sk);
        }
        QueryResponse r = table.client().query(QueryRequest.builder().tableName(table.name())
                .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(DealKeys.dealPk(dealId)),
                        ":prefix", AttributeValue.fromS(DealKeys.HISTORY_PREFIX)))
                .scanIndexForward(false).limit(limit + 1).exclusiveStartKey(start).consistentRead(true).build());
        List<DealEvent> events = new ArrayList<>();
        String lastSk = null;
        for (Map<String, AttributeValue> item : r.items()) {
            if (events.size() == limit) {
                return new Page<>(events, table.cursors().encode(scope, List.of(lastSk)));
            }
            events.add(read(item));
            lastSk = item.get(Keys.SK).s();
        }
        if (events.isEmpty() && cursor == null) {
            Map<String, AttributeValue> deal = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                    .key(DealKeys.deal(dealId)).projectionExpression("#t").expressionAttributeNames(Map.of("#t", Keys.TYPE))
                    .build()).item();
            if (deal == null || !DealKeys.DEAL.equals(new ItemReader(deal).type())) {
                throw DomainException.notFound("deal not found");
            }
        }
        return new Page<>(events, null);
    }
}
