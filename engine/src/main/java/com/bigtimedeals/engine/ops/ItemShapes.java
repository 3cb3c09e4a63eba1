package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeField;
import static com.bigtimedeals.engine.api.Shape.attributeValue;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.map;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.value.Value;

/** Shapes and legacy-parameter conversions shared by the item operations. */
final class ItemShapes {
    static final String[] OPERATORS = {"IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE",
            "BEGINS_WITH", "GE", "CONTAINS"};

    private ItemShapes() {
    }

    static Shape returnConsumedCapacity() {
        return string().oneOf("INDEXES", "TOTAL", "NONE");
    }

    static Shape returnValues() {
        return string().oneOf("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW");
    }

    static Shape returnItemCollectionMetrics() {
        return string().oneOf("SIZE", "NONE");
    }

    static Shape returnValuesOnConditionCheckFailure() {
        return string().oneOf("ALL_OLD", "NONE");
    }

    static Shape conditionalOperator() {
        return string().oneOf("OR", "AND");
    }

    static Shape expected() {
        return map("ExpectedAttributeValue", valueStruct("ExpectedAttributeValue")
                .field("AttributeValueList", list(attributeValue()))
                .field("ComparisonOperator", string().oneOf(OPERATORS))
                .field("Exists", bool())
                .field("Value", attributeField()));
    }

    /** QueryFilter, ScanFilter and KeyConditions. */
    static Shape conditions() {
        return map("Condition", valueStruct("Condition")
                .field("AttributeValueList", list(attributeValue()))
                .field("ComparisonOperator", string().notNull().oneOf(OPERATORS)));
    }

    static Shape attributeUpdates() {
        return map("AttributeValueUpdate", valueStruct("AttributeValueUpdate")
                .field("Action", string().oneOf("ADD", "PUT", "DELETE"))
                .field("Value", attributeField()));
    }

    static Shape attributesToGet() {
        return list(string()).length(1, 255);
    }

    /** Expected, converted; attribute value errors worded as the operation words them. */
    static Map<String, Legacy.ExpectedAttribute> expected(Expressions ex, Map<String, Object> raw) {
        Map<String, Legacy.ExpectedAttribute> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            Map<String, Object> c = Req.asMap(e.getValue());
            Value value = null;
            if (c.get("Value") != null) {
                value = value(ex, Req.asMap(c.get("Value")));
            }
            List<Value> list = values(ex, Req.list(c, "AttributeValueList"));
            out.put(e.getKey(), new Legacy.ExpectedAttribute(value, Req.bool(c, "Exists"), Req.string(c, "ComparisonOperator"), list));
        }
        return out;
    }

    static Map<String, Legacy.LegacyCondition> conditions(Expressions ex, Map<String, Object> raw) {
        Map<String, Legacy.LegacyCondition> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            Map<String, Object> c = Req.asMap(e.getValue());
            List<Value> list = values(ex, Req.list(c, "AttributeValueList"));
            out.put(e.getKey(), new Legacy.LegacyCondition(Req.string(c, "ComparisonOperator"), list == null ? List.of() : list));
        }
        return out;
    }

    /** AttributeUpdates, with the service's checks of action against value. */
    static Map<String, Legacy.AttributeUpdate> attributeUpdates(Expressions ex, Map<String, Object> raw) {
        Map<String, Legacy.AttributeUpdate> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : raw.entrySet()) {
            Map<String, Object> u = Req.asMap(e.getValue());
            String action = Req.string(u, "Action");
            Value value = null;
            if (u.get("Value") != null) {
                value = value(ex, Req.asMap(u.get("Value")));
            }
            out.put(e.getKey(), new Legacy.AttributeUpdate(value, action));
        }
        return out;
    }

    private static Value value(Expressions ex, Map<String, Object> raw) {
        try {
            return AttributeValues.value(raw);
        } catch (AttributeValues.Invalid e) {
            throw ex.invalid(e.getMessage());
        }
    }

    private static List<Value> values(Expressions ex, List<Object> raw) {
        if (raw == null) {
            return null;
        }
        List<Value> out = new ArrayList<>(raw.size());
        for (Object o : raw) {
            out.add(value(ex, Req.asMap(o)));
        }
        return out;
    }

    /** "Duplicate value in attribute name" for AttributesToGet, whose names are held to the attribute name limit too. */
    static void noDuplicates(List<String> names) {
        if (names == null) {
            return;
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String n : names) {
            AttributeValues.checkNameSize(n);
            if (!seen.add(n)) {
                throw ApiException.validation("One or more parameter values were invalid: Duplicate value in attribute name: " + n);
            }
        }
    }
}
