package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.value.Value;

/** ExpressionAttributeNames and ExpressionAttributeValues (Developer Guide, the pages of those names). */
class ExpressionAttributesTest {
    @Test
    void emptyMapsAreRefused() {
        fails("ExpressionAttributeNames must not be empty", () -> context(Map.of(), null));
        fails("ExpressionAttributeValues must not be empty", () -> context(null, Map.of()));
    }

    @Test
    void placeholdersMustBeSigilAndNameCharacters() {
        fails("ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"", () -> context(names("a", "b"), null));
        fails("ExpressionAttributeNames contains invalid key: Syntax error; key: \"#\"", () -> context(names("#", "b"), null));
        fails("ExpressionAttributeNames contains invalid key: Syntax error; key: \"#data.provider.name\"",
                () -> context(names("#data.provider.name", "b"), null));
        fails("ExpressionAttributeValues contains invalid key: Syntax error; key: \"b\"",
                () -> context(null, values("b", s("x"))));
        context(names("#0", "a", "#_x9", "b"), values(":0", s("x"), ":_", s("y")));
    }

    @Test
    void placeholdersHaveAtMost255Bytes() {
        context(names("#" + "a".repeat(254), "x"), values(":" + "a".repeat(254), s("y")));
        fails("ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too "
                + "long; size of key: 256", () -> context(names("#" + "a".repeat(255), "x"), null));
        fails("ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too "
                + "long; size of key: 258", () -> context(names("#" + "a".repeat(255) + "-x", "x"), null));
        fails("ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too "
                + "long;", () -> context(null, values(":" + "a".repeat(255), s("y"))));
    }

    @Test
    void aNameMayNotStandForTheEmptyString() {
        fails("ExpressionAttributeNames contains invalid value: Empty attribute name for key #a",
                () -> context(names("#a", ""), null));
    }

    @Test
    void namesAreCheckedBeforeValues() {
        fails("ExpressionAttributeNames must not be empty", () -> context(Map.of(), values("b", s("x"))));
    }

    @Test
    void unusedNamesAreReportedBeforeUnusedValues() {
        ExpressionContext context = context(names("#a", "a", "#unused", "x"), values(":v", s("x"), ":unused", s("y")));
        context.condition(ExpressionContext.Kind.ConditionExpression, "#a = :v");
        fails("Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}", context::requireAllUsed);
    }

    @Test
    void unusedValuesAreReported() {
        ExpressionContext context = context(null, values(":v", s("x"), ":unused", s("y")));
        context.update("SET attr1 = :v");
        fails("Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}", context::requireAllUsed);
    }

    @Test
    void aNameUsedInAnyExpressionOfTheRequestCounts() {
        ExpressionContext context = context(names("#p", "pk", "#x", "x"), values(":v", s("x")));
        context.keyCondition("#p = :v");
        context.projection("#x");
        context.requireAllUsed();
    }

    @Test
    void placeholdersStandForWholeNamesEvenWithDotsOrReservedWords() {
        Condition c = Fixtures.filter("#a.#b = :v", names("#a", "status", "#b", "a.b"), values(":v", s("x")));
        assertTrue(c.test(Fixtures.item("status", Fixtures.m("a.b", s("x")))));
        assertFalse(c.test(Fixtures.item("status", Fixtures.m("a", Fixtures.m("b", s("x"))))));
    }

    @Test
    void allFiveHundredSeventyThreeReservedWordsAreRefusedInAnyCase() {
        assertEquals(573, ReservedWords.count());
        for (String word : new String[] {"ABORT", "zone", "Status", "name", "DATA", "count", "items", "value", "size",
            "between", "TTL", "year"}) {
            assertTrue(ReservedWords.isReserved(word), word);
        }
        assertFalse(ReservedWords.isReserved("pk"));
        assertFalse(ReservedWords.isReserved("attribute_exists"));
    }

    @Test
    void valuesAreTakenAsGiven() {
        Map<String, Value> values = values(":v", s("x"));
        Condition c = Fixtures.filter("a = :v", null, values);
        assertTrue(c.test(Fixtures.item("a", s("x"))));
    }
}
