package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.changes.Change;
import com.bigtimedeals.changes.ItemChanges;
import com.bigtimedeals.inbox.InboxKeys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which item types are walks is said once ({@link ItemChanges#WALK_TYPES}): the consumer's filter lets exactly their
 * unfinished records through, each decodes to its kind of {@link Change.WalkPending}, and every kind has its type.
 */
class WalkRegistryTest {
    private static Map<String, AttributeValue> unfinished(String type) {
        return Map.of(Keys.TYPE, AttributeValue.fromS(type), "done", AttributeValue.fromBool(false),
                "blastId", AttributeValue.fromS("b"), "segment", AttributeValue.fromN("3"), "dealId", AttributeValue.fromS("d"),
                "source", AttributeValue.fromS("BRAND"), "username", AttributeValue.fromS("u"),
                "kind", AttributeValue.fromS("BRAND"), "targetId", AttributeValue.fromS("acme"));
    }

    @Test
    void everyWalkTypeDecodesToItsOwnKindOfPendingWalkWhileUnfinished() {
        Set<Class<?>> kinds = new HashSet<>();
        for (String type : ItemChanges.WALK_TYPES) {
            Change change = ItemChanges.decode(false, unfinished(type), null);
            assertInstanceOf(Change.WalkPending.class, change, type);
            kinds.add(change.getClass());
            Map<String, AttributeValue> finished = new java.util.HashMap<>(unfinished(type));
            finished.put("done", AttributeValue.fromBool(true));
            assertInstanceOf(Change.Other.class, ItemChanges.decode(false, finished, null), type + " finished");
        }
        assertEquals(Set.of(Change.WalkPending.class.getPermittedSubclasses()), kinds,
                "every kind of pending walk has exactly one item type");
    }

    @Test
    void theConsumersFilterNamesExactlyTheWalkTypesForUnfinishedRecords() {
        @SuppressWarnings("unchecked")
        Map<String, Object> walkFilter = ItemChanges.CONSUMER_FILTERS.stream()
                .filter(f -> f.toString().contains("done")).findFirst().orElseThrow();
        assertTrue(walkFilter.toString().contains("done={BOOL=[false]}"), walkFilter.toString());
        assertTrue(walkFilter.toString().contains("S=" + ItemChanges.WALK_TYPES), walkFilter.toString());
        assertEquals(List.of(InboxKeys.BLAST_SEGMENT, InboxKeys.FAN_OUT, InboxKeys.ALERT_FAN_OUT, AccountKeys.ACCOUNT_DELETION, CatalogKeys.RENAME,
                CatalogKeys.UNFOLLOW),
                ItemChanges.WALK_TYPES);
    }
}
