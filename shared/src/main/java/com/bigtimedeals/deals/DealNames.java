package com.bigtimedeals.deals;

import java.util.HashMap;
import java.util.Map;

import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A deal's copies of its brand's and its category's names ({@code brandName}, {@code categoryName}), each with the
 * number of the rename it comes from ({@code brandNameVersion}, {@code categoryNameVersion}; 0 at creation before
 * any rename), which a rename's walk ({@code catalogue.CatalogRenames}) carries a new name into.
 */
public final class DealNames {
    private final Table table;

    public DealNames(Table table) {
        this.table = table;
    }

    /**
     * The deal takes {@code name} from rename {@code nameVersion} of its brand or category {@code ownerId}, and moves
     * its version on (its answer changed), unless a newer rename named it or it is gone: 1 conditional UpdateItem.
     * False when it did not.
     */
    public boolean take(String dealId, Likeable kind, String ownerId, String name, long nameVersion) {
        String attribute = kind == Likeable.BRAND ? "brandName" : "categoryName";
        String owner = kind == Likeable.BRAND ? "brandId" : "categoryId";
        Map<String, String> names = new HashMap<>();
        names.put("#name", attribute);
        names.put("#owner", owner);
        names.put("#nv", attribute + "Version");
        names.put("#v", DealCodec.VERSION);
        names.put("#t", Keys.TYPE);
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":name", AttributeValue.fromS(name));
        values.put(":id", AttributeValue.fromS(ownerId));
        values.put(":nv", AttributeValue.fromN(Long.toString(nameVersion)));
        values.put(":one", AttributeValue.fromN("1"));
        values.put(":deal", AttributeValue.fromS(DealKeys.DEAL));
        try {
            Transactions.retrying(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                    .updateExpression("SET #name = :name, #nv = :nv, #v = if_not_exists(#v, :one) + :one")
                    .conditionExpression("attribute_exists(PK) AND #t = :deal AND #owner = :id"
                            + " AND (attribute_not_exists(#nv) OR #nv < :nv)")
                    .expressionAttributeNames(names).expressionAttributeValues(values).build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false; // a newer rename got there first, or the deal is gone
        }
    }
}
