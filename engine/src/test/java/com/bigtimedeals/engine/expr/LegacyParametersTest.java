package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.b;
import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.item;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.ns;
import static com.bigtimedeals.engine.expr.Fixtures.nul;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.bigtimedeals.engine.value.Value;

/** The legacy conditional parameters (Developer Guide, "Legacy conditional parameters"). */
class LegacyParametersTest {
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final Map<String, Value> ITEM = item("pk", s("k"), "name", s("hello world"), "count", n("5"),
            "tags", ss("a", "b"), "nums", ns("1", "2"), "list", l(s("x"), n("1")), "bin", b("abc"), "flag", bool(true),
            "nothing", nul(), "map", m("a", n("1")));

    private static Legacy.LegacyCondition cond(String operator, Value... values) {
        return new Legacy.LegacyCondition(operator, values.length == 0 ? null : Arrays.asList(values));
    }

    private static Map<String, Legacy.LegacyCondition> conditions(Object... pairs) {
        Map<String, Legacy.LegacyCondition> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], (Legacy.LegacyCondition) pairs[i + 1]);
        }
        return out;
    }

    private static boolean scan(String attribute, Legacy.LegacyCondition condition) {
        return Legacy.filter("ScanFilter", conditions(attribute, condition), null).test(ITEM);
    }

    @Test
    void eachComparisonOperator() {
        assertTrue(scan("name", cond("EQ", s("hello world"))));
        assertFalse(scan("count", cond("EQ", s("5"))));
        assertTrue(scan("tags", cond("EQ", ss("b", "a"))));
        assertTrue(scan("count", cond("NE", n("6"))));
        assertTrue(scan("absent", cond("NE", n("6"))));
        assertTrue(scan("count", cond("LE", n("5"))));
        assertTrue(scan("count", cond("LT", n("6"))));
        assertTrue(scan("count", cond("GE", n("5"))));
        assertFalse(scan("count", cond("GT", n("5"))));
        assertFalse(scan("name", cond("GT", n("5"))));
        assertTrue(scan("nothing", cond("NOT_NULL")));
        assertTrue(scan("absent", cond("NULL")));
        assertFalse(scan("nothing", cond("NULL")));
        assertTrue(scan("name", cond("CONTAINS", s("lo w"))));
        assertTrue(scan("tags", cond("CONTAINS", s("a"))));
        assertTrue(scan("nums", cond("CONTAINS", n("2"))));
        assertTrue(scan("list", cond("CONTAINS", n("1"))));
        assertTrue(scan("bin", cond("CONTAINS", b("bc"))));
        assertTrue(scan("name", cond("NOT_CONTAINS", s("bye"))));
        assertTrue(scan("name", cond("NOT_CONTAINS", n("1"))));
        assertFalse(scan("absent", cond("NOT_CONTAINS", n("1"))));
        assertFalse(scan("absent", cond("CONTAINS", n("1"))));
        assertFalse(scan("tags", cond("NOT_CONTAINS", s("a"))));
        assertTrue(scan("name", cond("BEGINS_WITH", s("hell"))));
        assertTrue(scan("bin", cond("BEGINS_WITH", b("ab"))));
        assertTrue(scan("count", cond("IN", n("1"), n("5"))));
        assertFalse(scan("count", cond("IN", n("1"), n("2"))));
        assertTrue(scan("count", cond("BETWEEN", n("5"), n("9"))));
        assertFalse(scan("count", cond("BETWEEN", n("6"), n("9"))));
    }

    @Test
    void conditionsAreAndedUnlessOrIsAsked() {
        Map<String, Legacy.LegacyCondition> two = conditions("count", cond("EQ", n("5")), "name", cond("EQ", s("x")));
        assertFalse(Legacy.filter("ScanFilter", two, null).test(ITEM));
        assertFalse(Legacy.filter("ScanFilter", two, "AND").test(ITEM));
        assertTrue(Legacy.filter("ScanFilter", two, "OR").test(ITEM));
        assertTrue(Legacy.filter("ScanFilter", Map.of(), null).test(ITEM));
        assertTrue(Legacy.expected(Map.of(), null).test(ITEM));
    }

    @Test
    void conditionalOperatorNeedsTwoOrMoreConditions() {
        Legacy.checkConditionalOperator(null, null);
        Legacy.checkConditionalOperator(null, Map.of("a", cond("NULL")));
        Legacy.checkConditionalOperator("AND", conditions("a", cond("NULL"), "b", cond("NULL")));
        String without = "ConditionalOperator cannot be used without Filter or Expected";
        fails(without, () -> Legacy.checkConditionalOperator("AND", null));
        fails(without, () -> Legacy.checkConditionalOperator("OR", Map.of()));
        fails(without, () -> Legacy.filter("ScanFilter", Map.of(), "OR"));
        fails(without, () -> Legacy.expected(Map.of(), "AND"));
        String twoOrMore = "ConditionalOperator can only be used when Filter or Expected has two or more elements";
        fails(twoOrMore, () -> Legacy.checkConditionalOperator("AND", conditions("a", cond("NULL"))));
        fails(twoOrMore, () -> Legacy.filter("QueryFilter", conditions("a", cond("NULL")), "OR"));
        fails(twoOrMore, () -> Legacy.expected(expected("a", expect(null, false)), "AND"));
    }

    @ParameterizedTest
    @CsvSource({"NULL, 1", "NOT_NULL, 1", "EQ, 0", "EQ, 2", "NE, 0", "LE, 2", "LT, 0", "GE, 2", "GT, 0", "CONTAINS, 2",
        "NOT_CONTAINS, 0", "BEGINS_WITH, 2", "IN, 0", "BETWEEN, 1", "BETWEEN, 3"})
    void eachOperatorTakesItsNumberOfValues(String operator, int count) {
        Value[] values = new Value[count];
        Arrays.fill(values, s("a"));
        fails(INVALID + "Invalid number of argument(s) for the " + operator + " ComparisonOperator",
                () -> Legacy.filter("QueryFilter", conditions("a", cond(operator, values)), null));
    }

    @Test
    void valuesOfOneConditionShareAType() {
        fails(INVALID + "AttributeValues inside AttributeValueList must be of same type",
                () -> Legacy.filter("ScanFilter", conditions("a", cond("IN", s("a"), n("1"))), null));
    }

    @ParameterizedTest
    @CsvSource({"LT, SS", "GE, NS", "CONTAINS, SS", "NOT_CONTAINS, BS", "IN, SS", "BEGINS_WITH, N", "LE, L", "GT, M",
        "IN, BOOL", "GT, NULL", "BEGINS_WITH, L", "CONTAINS, L", "IN, M"})
    void eachOperatorTakesItsTypes(String operator, String type) {
        Value value = switch (type) {
            case "SS" -> ss("a");
            case "NS" -> ns("1");
            case "BS" -> Fixtures.bs("a");
            case "N" -> n("1");
            case "L" -> l();
            case "M" -> m();
            case "BOOL" -> bool(true);
            default -> nul();
        };
        fails(INVALID + "ComparisonOperator " + operator + " is not valid for " + type + " AttributeValue type",
                () -> Legacy.filter("ScanFilter", conditions("a", cond(operator, value)), null));
    }

    @Test
    void equalityTakesEveryType() {
        assertTrue(scan("list", cond("EQ", l(s("x"), n("1")))));
        assertTrue(scan("map", cond("EQ", m("a", n("1")))));
        assertTrue(scan("flag", cond("EQ", bool(true))));
        assertTrue(scan("nothing", cond("EQ", nul())));
        assertTrue(scan("list", cond("NE", l(s("x")))));
        assertFalse(scan("map", cond("NE", m("a", n("1")))));
    }

    @Test
    void betweenBoundsMustBeInOrder() {
        fails("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
                () -> Legacy.filter("ScanFilter", conditions("a", cond("BETWEEN", n("2"), n("1"))), null));
    }

    @Test
    void unknownOperatorIsRefusedAsAnEnumValue() {
        fails("1 validation error detected: Value 'LIKE' at 'scanFilter.a.member.comparisonOperator' failed to satisfy "
                + "constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, "
                + "NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]",
                () -> Legacy.filter("ScanFilter", conditions("a", cond("LIKE", s("x"))), null));
    }

    private static Legacy.ExpectedAttribute expect(Value value, Boolean exists) {
        return new Legacy.ExpectedAttribute(value, exists, null, null);
    }

    private static Legacy.ExpectedAttribute expect(String operator, List<Value> list) {
        return new Legacy.ExpectedAttribute(null, null, operator, list);
    }

    private static Map<String, Legacy.ExpectedAttribute> expected(Object... pairs) {
        Map<String, Legacy.ExpectedAttribute> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], (Legacy.ExpectedAttribute) pairs[i + 1]);
        }
        return out;
    }

    @Test
    void expectedExistsAndValueForms() {
        assertTrue(Legacy.expected(expected("pk", expect(null, false)), null).test(Map.of()));
        assertFalse(Legacy.expected(expected("pk", expect(null, false)), null).test(ITEM));
        assertTrue(Legacy.expected(expected("name", expect(s("hello world"), true)), null).test(ITEM));
        assertTrue(Legacy.expected(expected("name", expect(s("hello world"), null)), null).test(ITEM));
        assertFalse(Legacy.expected(expected("name", expect(s("x"), null)), null).test(ITEM));
    }

    @Test
    void expectedComparisonForms() {
        assertTrue(Legacy.expected(expected("name", expect("BEGINS_WITH", List.of(s("hello")))), null).test(ITEM));
        assertTrue(Legacy.expected(expected("name", new Legacy.ExpectedAttribute(s("hello world"), null, "EQ", null)),
                null).test(ITEM));
        assertTrue(Legacy.expected(expected("name", expect("EQ", List.of(s("x"))), "count", expect("EQ",
                List.of(n("5")))), "OR").test(ITEM));
        assertFalse(Legacy.expected(expected("name", expect("EQ", List.of(s("x"))), "count", expect("EQ",
                List.of(n("5")))), "AND").test(ITEM));
    }

    @Test
    void expectedIsCheckedAsTheServiceChecksIt() {
        fails(INVALID + "Value and AttributeValueList cannot be used together for Attribute: a",
                () -> Legacy.expected(expected("a", new Legacy.ExpectedAttribute(s("x"), null, "EQ", List.of(s("x")))), null));
        fails(INVALID + "Exists and ComparisonOperator cannot be used together for Attribute: a",
                () -> Legacy.expected(expected("a", new Legacy.ExpectedAttribute(null, true, "NULL", null)), null));
        fails(INVALID + "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a",
                () -> Legacy.expected(expected("a", expect("EQ", null)), null));
        fails(INVALID + "Invalid number of argument(s) for the NULL ComparisonOperator",
                () -> Legacy.expected(expected("a", expect("NULL", List.of(s("x")))), null));
        fails(INVALID + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a",
                () -> Legacy.expected(expected("a", new Legacy.ExpectedAttribute(null, null, null, List.of(s("x")))), null));
        fails(INVALID + "Value must be provided when Exists is null for Attribute: a",
                () -> Legacy.expected(expected("a", expect((Value) null, null)), null));
        fails(INVALID + "Value must be provided when Exists is true for Attribute: a",
                () -> Legacy.expected(expected("a", expect(null, true)), null));
        fails(INVALID + "Value cannot be used when Exists is false for Attribute: a",
                () -> Legacy.expected(expected("a", expect(s("x"), false)), null));
        fails("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
                () -> Legacy.expected(expected("a", expect("BETWEEN", List.of(s("b"), s("a")))), null));
        fails(INVALID + "AttributeValues inside AttributeValueList must be of same type",
                () -> Legacy.expected(expected("a", expect("IN", List.of(n("3"), s("dog")))), null));
    }

    @Test
    void expectedOperandsTakeTheOperatorsTypes() {
        fails(INVALID + "ComparisonOperator CONTAINS is not valid for L AttributeValue type",
                () -> Legacy.expected(expected("a", expect("CONTAINS", List.of(l(n("1"))))), null));
        fails(INVALID + "ComparisonOperator IN is not valid for L AttributeValue type",
                () -> Legacy.expected(expected("a", expect("IN", List.of(l(n("1")), l(n("2"))))), null));
        fails(INVALID + "ComparisonOperator BETWEEN is not valid for NS AttributeValue type",
                () -> Legacy.expected(expected("a", expect("BETWEEN", List.of(ns("1"), ns("2")))), null));
        fails(INVALID + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
                () -> Legacy.expected(expected("a", new Legacy.ExpectedAttribute(n("3"), null, "BEGINS_WITH", null)),
                        null));
        assertTrue(Legacy.expected(expected("tags", expect("EQ", List.of(ss("b", "a")))), null).test(ITEM));
        assertFalse(Legacy.expected(expected("absent", expect("NOT_CONTAINS", List.of(n("1")))), null).test(ITEM));
        assertTrue(Legacy.expected(expected("absent", expect("NE", List.of(n("1")))), null).test(ITEM));
    }

    private static final KeySchema COMPOSITE = new KeySchema("pk", Value.Type.S, "sk", Value.Type.S);
    private static final KeySchema HASH = new KeySchema("pk", Value.Type.S, null, null);

    @Test
    void keyConditionsBecomeAKeyCondition() {
        KeyCondition c = Legacy.keyConditions(conditions("pk", cond("EQ", s("a")), "sk", cond("BETWEEN", s("b"),
                s("d"))), COMPOSITE);
        assertEquals(s("a"), c.partitionValue());
        assertEquals(SortKeyCondition.Op.BETWEEN, c.sortKey().op());
        assertTrue(c.sortKey().test(s("c")));
        assertNull(Legacy.keyConditions(conditions("pk", cond("EQ", s("a"))), COMPOSITE).sortKey());
        assertEquals(SortKeyCondition.Op.BEGINS_WITH, Legacy.keyConditions(conditions("pk", cond("EQ", s("a")), "sk",
                cond("BEGINS_WITH", s("al"))), COMPOSITE).sortKey().op());
    }

    @Test
    void keyConditionsAreCheckedAsTheServiceChecksThem() {
        fails("Conditions can be of length 1 or 2 only", () -> Legacy.keyConditions(conditions("pk", cond("EQ", s("a")),
                "sk", cond("EQ", s("a")), "x", cond("EQ", s("a"))), COMPOSITE));
        fails("Query key condition not supported", () -> Legacy.keyConditions(conditions("pk", cond("EQ", s("a")),
                "sk", cond("EQ", s("a"))), HASH));
        fails("Query key condition not supported", () -> Legacy.keyConditions(conditions("pk", cond("LE", s("a"))),
                HASH));
        fails("Query condition missed key schema element: pk", () -> Legacy.keyConditions(conditions("sk",
                cond("EQ", s("a"))), COMPOSITE));
        fails("Query condition missed key schema element: sk", () -> Legacy.keyConditions(conditions("pk",
                cond("EQ", s("a")), "other", cond("EQ", s("a"))), COMPOSITE));
        for (Legacy.LegacyCondition c : List.of(cond("NULL"), cond("NOT_NULL"), cond("NE", s("a")),
                cond("CONTAINS", s("a")), cond("NOT_CONTAINS", s("a")), cond("IN", s("a")))) {
            fails("Attempted conditional constraint is not an indexable operation",
                    () -> Legacy.keyConditions(conditions("pk", c), HASH));
            fails("Attempted conditional constraint is not an indexable operation",
                    () -> Legacy.keyConditions(conditions("pk", cond("EQ", s("a")), "sk", c), COMPOSITE));
        }
        fails(INVALID + "Condition parameter type does not match schema type",
                () -> Legacy.keyConditions(conditions("pk", cond("EQ", n("1"))), HASH));
    }

    private static Map<String, Legacy.AttributeUpdate> updates(Object... triples) {
        Map<String, Legacy.AttributeUpdate> out = new LinkedHashMap<>();
        for (int i = 0; i < triples.length; i += 3) {
            out.put((String) triples[i], new Legacy.AttributeUpdate((Value) triples[i + 1], (String) triples[i + 2]));
        }
        return out;
    }

    private static final Set<String> KEYS = new LinkedHashSet<>(List.of("pk"));

    @Test
    void attributeUpdatesPutAddAndDelete() {
        Map<String, Value> before = item("pk", s("k"), "data", s("old"), "counter", n("10"), "tags", ss("a", "b", "c"),
                "list", l(s("x")), "gone", s("g"));
        Update update = Legacy.attributeUpdates(updates("data", s("new-value"), "PUT", "counter", n("5"), "ADD",
                "tags", ss("b"), "DELETE", "list", l(s("y")), "ADD", "gone", null, "DELETE", "fresh", ns("1"), "ADD",
                "plain", s("p"), null), KEYS);
        Map<String, Value> after = update.apply(before);
        assertEquals(item("pk", s("k"), "data", s("new-value"), "counter", n("15"), "tags", ss("a", "c"), "list",
                l(s("x"), s("y")), "fresh", ns("1"), "plain", s("p")), after);
        assertEquals(item("data", s("new-value"), "counter", n("15"), "tags", ss("a", "c"), "list", l(s("x"), s("y")),
                "fresh", ns("1"), "plain", s("p")), update.updatedAttributes(after));
        assertEquals(item("data", s("old"), "counter", n("10"), "tags", ss("a", "b", "c"), "list", l(s("x")), "gone",
                s("g")), update.updatedAttributes(before));
    }

    @Test
    void deletingTheLastMembersRemovesTheSet() {
        assertEquals(item("pk", s("k")), Legacy.attributeUpdates(updates("tags", ss("a"), "DELETE"), KEYS)
                .apply(item("pk", s("k"), "tags", ss("a"))));
        assertEquals(item(), Legacy.attributeUpdates(updates("tags", ss("a"), "DELETE"), KEYS).apply(item()));
    }

    @Test
    void attributeUpdatesAreCheckedAsTheServiceChecksThem() {
        fails(INVALID + "Only DELETE action is allowed when no attribute value is specified",
                () -> Legacy.attributeUpdates(updates("a", null, "PUT"), KEYS));
        fails(INVALID + "Only DELETE action is allowed when no attribute value is specified",
                () -> Legacy.attributeUpdates(updates("a", null, null), KEYS));
        fails(INVALID + "DELETE action with value is not supported for the type S",
                () -> Legacy.attributeUpdates(updates("a", s("x"), "DELETE"), KEYS));
        fails(INVALID + "DELETE action with value is not supported for the type L",
                () -> Legacy.attributeUpdates(updates("a", l(), "DELETE"), KEYS));
        fails(INVALID + "ADD action is not supported for the type B",
                () -> Legacy.attributeUpdates(updates("a", b("x"), "ADD"), KEYS));
        fails(INVALID + "ADD action is not supported for the type M",
                () -> Legacy.attributeUpdates(updates("a", m(), "ADD"), KEYS));
        fails(INVALID + "Cannot update attribute pk. This attribute is part of the key",
                () -> Legacy.attributeUpdates(updates("pk", s("new-key"), "PUT"), KEYS));
    }

    @Test
    void addOrDeleteOfAnotherTypeIsATypeMismatch() {
        Map<String, Value> before = item("b", ss("1"), "c", n("1"), "d", ns("1"));
        for (Map<String, Legacy.AttributeUpdate> u : List.of(updates("b", ns("1"), "DELETE"), updates("c", ns("1"),
                "DELETE"), updates("b", ns("1"), "ADD"), updates("d", n("1"), "ADD"))) {
            fails("Type mismatch for attribute to update", () -> Legacy.attributeUpdates(u, KEYS).apply(before));
        }
    }

    @Test
    void attributesToGetProjectsTopLevelNamesWithoutAddingKeys() {
        Projection p = Legacy.attributesToGet(List.of("name", "count", "absent"));
        assertEquals(item("name", s("hello world"), "count", n("5")), p.apply(ITEM));
        assertEquals(Set.of("name", "count", "absent"), p.topLevelNames());
        fails(INVALID + "Duplicate value in attribute name: a", () -> Legacy.attributesToGet(List.of("a", "b", "a")));
    }

    @Test
    void mixingExpressionAndLegacyParametersIsRefused() {
        assertEquals("Can not use both expression and non-expression parameters in the same request: Non-expression "
                + "parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
                Legacy.mixedParameters(List.of("AttributesToGet"), List.of("ProjectionExpression")));
        fails("Can not use both expression and non-expression parameters in the same request: Non-expression "
                + "parameters: {AttributeUpdates, Expected, ConditionalOperator} Expression parameters: "
                + "{UpdateExpression, ConditionExpression}",
                () -> Legacy.checkParameters(List.of("UpdateExpression", "ConditionExpression"),
                        List.of("AttributeUpdates", "Expected", "ConditionalOperator"), Set.of("AttributeUpdates",
                                "Expected", "ConditionalOperator", "UpdateExpression", "ConditionExpression")));
        fails("Can not use both expression and non-expression parameters in the same request: Non-expression "
                + "parameters: {QueryFilter, ConditionalOperator, KeyConditions} Expression parameters: "
                + "{ProjectionExpression, FilterExpression, KeyConditionExpression}",
                () -> Legacy.checkParameters(List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression"),
                        List.of("AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"),
                        Set.of("KeyConditions", "QueryFilter", "ConditionalOperator", "KeyConditionExpression",
                                "FilterExpression", "ProjectionExpression", "ExpressionAttributeValues")));
        Legacy.checkParameters(List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression"),
                List.of("AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"),
                Set.of("KeyConditions", "FilterExpression"));
    }

    @Test
    void placeholdersWithoutExpressionsAreRefused() {
        fails("ExpressionAttributeNames can only be specified when using expressions",
                () -> Legacy.checkParameters(List.of("ProjectionExpression"), List.of("AttributesToGet"),
                        Set.of("ExpressionAttributeNames")));
        fails("ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
                () -> Legacy.checkParameters(List.of("ConditionExpression"), List.of("Expected"),
                        Set.of("ExpressionAttributeValues")));
        fails("ExpressionAttributeValues can only be specified when using expressions: FilterExpression and "
                + "KeyConditionExpression are null", () -> Legacy.checkParameters(List.of("ProjectionExpression",
                        "FilterExpression", "KeyConditionExpression"), List.of("AttributesToGet", "QueryFilter",
                        "ConditionalOperator", "KeyConditions"), Set.of("ExpressionAttributeValues",
                        "ProjectionExpression", "KeyConditions")));
    }
}
