package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.b;
import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.bigtimedeals.engine.value.Value;

/** Key condition expressions against a table's or index's key (Developer Guide, "Key condition expressions"). */
class KeyConditionTest {
    private static final KeySchema STRING_SORT = new KeySchema("pk", Value.Type.S, "sk", Value.Type.S);
    private static final KeySchema NUMBER_SORT = new KeySchema("pk", Value.Type.S, "sk", Value.Type.N);
    private static final KeySchema HASH_ONLY = new KeySchema("pk", Value.Type.S, null, null);
    private static final String PREFIX = "Invalid KeyConditionExpression: ";

    private static KeyCondition key(String text, KeySchema schema, Map<String, String> names, Object... values) {
        ExpressionContext context = context(names, values.length == 0 ? null : values(values));
        KeyCondition condition = context.keyCondition(text, schema);
        context.requireAllUsed();
        return condition;
    }

    @Test
    void partitionKeyEqualityAlone() {
        KeyCondition c = key("pk = :p", STRING_SORT, null, ":p", s("a"));
        assertEquals("pk", c.partitionKey());
        assertEquals(s("a"), c.partitionValue());
        assertNull(c.sortKey());
    }

    @Test
    void eachSortKeyOperator() {
        assertEquals(SortKeyCondition.Op.EQ, sort("sk = :v").op());
        assertEquals(SortKeyCondition.Op.LT, sort("sk < :v").op());
        assertEquals(SortKeyCondition.Op.LE, sort("sk <= :v").op());
        assertEquals(SortKeyCondition.Op.GT, sort("sk > :v").op());
        assertEquals(SortKeyCondition.Op.GE, sort("sk >= :v").op());
        assertEquals(SortKeyCondition.Op.BEGINS_WITH, sort("begins_with(sk, :v)").op());
        SortKeyCondition between = key("pk = :p AND sk BETWEEN :v AND :w", STRING_SORT, null, ":p", s("a"), ":v",
                s("b"), ":w", s("c")).sortKey();
        assertEquals(SortKeyCondition.Op.BETWEEN, between.op());
        assertEquals(s("b"), between.first());
        assertEquals(s("c"), between.second());
    }

    private static SortKeyCondition sort(String sortCondition) {
        return key("pk = :p AND " + sortCondition, STRING_SORT, null, ":p", s("a"), ":v", s("b")).sortKey();
    }

    @Test
    void valueWrittenFirstIsTurnedAround() {
        assertEquals(SortKeyCondition.Op.GT, key(":v < sk AND :p = pk", STRING_SORT, null, ":p", s("a"), ":v", s("b"))
                .sortKey().op());
        assertEquals(SortKeyCondition.Op.LE, key("pk = :p AND :v >= sk", STRING_SORT, null, ":p", s("a"), ":v", s("b"))
                .sortKey().op());
    }

    @Test
    void namesParenthesesAndOrderOfConditionsDoNotMatter() {
        KeyCondition c = key("(#s > :v) AND (#p = :p)", STRING_SORT, names("#s", "sk", "#p", "pk"), ":p", s("a"),
                ":v", s("b"));
        assertEquals("pk", c.partitionKey());
        assertEquals("sk", c.sortKey().attribute());
    }

    @Test
    void sortKeyConditionTestsValues() {
        SortKeyCondition c = key("pk = :p AND begins_with(sk, :v)", STRING_SORT, null, ":p", s("a"), ":v", s("ab"))
                .sortKey();
        assertTrue(c.test(s("abc")));
        assertFalse(c.test(s("a")));
        SortKeyCondition n = key("pk = :p AND sk BETWEEN :v AND :w", NUMBER_SORT, null, ":p", s("a"), ":v", n("1"),
                ":w", n("10")).sortKey();
        assertTrue(n.test(n("9.5")));
        assertFalse(n.test(n("11")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a > b and size(b) > c or a > c | OR",
        "a in (b, size(c), d) | IN",
        "attribute_exists(a) | attribute_exists",
        "attribute_not_exists(a) | attribute_not_exists",
        "contains(a.d, b) | contains",
        "not a > b | NOT",
        "a <> b | <>"})
    void onlyComparisonsBetweenAndBeginsWithJoinedByAnd(String text, String operator) {
        fails(PREFIX + "Invalid operator used in KeyConditionExpression: " + operator, () -> context().keyCondition(text));
    }

    @Test
    void attributeTypeIsNotAKeyCondition() {
        fails(PREFIX + "Invalid operator used in KeyConditionExpression: attribute_type",
                () -> context(null, values(":a", s("S"))).keyCondition("attribute_type(a, :a)"));
    }

    @Test
    void keyAttributeMustComeFirstInBetweenAndBeginsWith() {
        fails(PREFIX + "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as "
                + "its first operand", () -> context(null, values(":a", s("1"), ":b", s("1")))
                        .keyCondition(":a between size(b) and size(a) and b > :b"));
        fails(PREFIX + "Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute "
                + "as its first operand", () -> context(null, values(":a", s("1"), ":b", s("1")))
                        .keyCondition("begins_with(:a, b) and a > :b"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "size(b) > a AND a.b > b AND b > c | KeyConditionExpressions cannot contain nested operations",
        "a > size(b.d) | KeyConditionExpressions cannot contain nested operations",
        "a between size(b) and size(a) | KeyConditionExpressions cannot contain nested operations",
        "b > a.b | Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
        "b between c[1] and d | Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
        "a between b and size(a) | Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
        "begins_with(a, b) | Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
        "b.d > a AND c.d > e.f | KeyConditionExpressions cannot have conditions on nested attributes",
        "a.d > c | KeyConditionExpressions cannot have conditions on nested attributes",
        "b[0] > a | KeyConditionExpressions cannot have conditions on nested attributes"})
    void eachConditionNamesOneTopLevelAttribute(String text, String fault) {
        fails(PREFIX + fault, () -> context().keyCondition(text));
    }

    @Test
    void aConditionWithoutAnAttributeIsRefused() {
        fails(PREFIX + "Invalid condition in KeyConditionExpression: No key attribute specified",
                () -> context(null, values(":a", n("1"), ":b", n("1"))).keyCondition(":b > :a AND a < :b"));
    }

    @Test
    void oneConditionPerKeyAttribute() {
        fails(PREFIX + "KeyConditionExpressions must only contain one condition per key",
                () -> context(null, values(":a", n("1"))).keyCondition("b > :a AND b < :a and c = :a and d = :a"));
        fails(PREFIX + "KeyConditionExpressions must only contain one condition per key",
                () -> context(null, values(":p", s("q"), ":a", n("1"), ":b", n("5")))
                        .keyCondition("pk = :p AND sk > :a AND sk < :b"));
    }

    @Test
    void betweenBoundsMustBeInOrder() {
        fails(PREFIX + "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                + "lower bound operand: AttributeValue: {S:b}, upper bound operand: AttributeValue: {S:a}",
                () -> context(null, values(":a", s("a"), ":b", s("b"))).keyCondition("a between :b and :a"));
    }

    @Test
    void operandTypesAreCheckedBeforeTheSchema() {
        String operand = PREFIX + "Incorrect operand type for operator or function; operator or function: ";
        fails(operand + "begins_with, operand type: N",
                () -> key("pk = :p AND begins_with(sk, :v)", NUMBER_SORT, null, ":p", s("q"), ":v", n("1")));
        fails(operand + "begins_with, operand type: BOOL",
                () -> key("pk = :p AND begins_with(sk, :v)", STRING_SORT, null, ":p", s("q"), ":v", bool(true)));
        fails(operand + "<, operand type: BOOL",
                () -> key("pk = :p AND sk < :v", NUMBER_SORT, null, ":p", s("q"), ":v", bool(true)));
        fails(operand + ">=, operand type: BOOL",
                () -> key("pk = :p AND :v >= sk", NUMBER_SORT, null, ":p", s("q"), ":v", bool(true)));
        fails(operand + "BETWEEN, operand type: BOOL", () -> key("pk = :p AND sk BETWEEN :a AND :b", NUMBER_SORT, null,
                ":p", s("q"), ":a", bool(false), ":b", bool(true)));
    }

    @Test
    void conditionsAreMatchedToTheSchema() {
        String schema = "One or more parameter values were invalid: Condition parameter type does not match schema type";
        fails(schema, () -> key("pk = :p AND begins_with(sk, :v)", NUMBER_SORT, null, ":p", s("q"), ":v", s("a")));
        fails(schema, () -> key("pk = :p AND sk = :v", NUMBER_SORT, null, ":p", s("q"), ":v", bool(true)));
        fails(schema, () -> key("pk = :p", NUMBER_SORT, null, ":p", n("1")));
        fails("The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)",
                () -> key("pk = :p AND sk > :a AND extra = :b", NUMBER_SORT, null, ":p", s("q"), ":a", n("1"), ":b",
                        n("5")));
        fails("The number of query conditions (2) exceeds the number of key attributes defined in the schema (1)",
                () -> key("pk = :p AND sk = :s", HASH_ONLY, null, ":p", s("q"), ":s", s("r")));
        fails("Query condition missed key schema element: pk", () -> key("sk = :v", STRING_SORT, null, ":v", s("a")));
        fails("Query condition missed key schema element: pk", () -> key("attr1 = :v", STRING_SORT, null, ":v", s("a")));
        fails("Query condition missed key schema element: sk",
                () -> key("pk = :p AND wrongName = :v", STRING_SORT, null, ":p", s("a"), ":v", s("a")));
        fails("Query key condition not supported", () -> key("pk > :p", STRING_SORT, null, ":p", s("a")));
        fails("Query key condition not supported", () -> key("begins_with(pk, :p)", HASH_ONLY, null, ":p", s("a")));
    }

    @Test
    void emptyKeyValuesAreRefused() {
        fails("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
                + "empty string value. Key: pk", () -> key("pk = :p", HASH_ONLY, null, ":p", s("")));
        KeySchema binary = new KeySchema("pk", Value.Type.B, null, null);
        fails("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
                + "empty binary value. Key: pk", () -> key("pk = :p", binary, null, ":p", b("")));
    }

    @Test
    void checksThatNeedNoTableComeFirst() {
        ExpressionContext context = context(null, values(":p", s("q"), ":n", n("1")));
        fails(PREFIX + "Incorrect operand type for operator or function; operator or function: begins_with, "
                + "operand type: N", () -> context.keyCondition("pk = :p AND begins_with(sk, :n)"));
        KeyConditions checked = context(null, values(":p", s("q"))).keyCondition("pk = :p");
        assertEquals(1, checked.size());
    }

    @Test
    void queryFiltersMayNotReadKeyAttributes() {
        Condition filter = Fixtures.filter("#k = :v AND extra.x = :v", names("#k", "sk"), values(":v", s("a")));
        assertEquals(java.util.Set.of("sk", "extra"), filter.topLevelNames());
        fails("Filter Expression can only contain non-primary key attributes: Primary key attribute: sk",
                () -> KeyConditions.refuseKeyAttributesInFilter(filter, STRING_SORT, false));
        KeyConditions.refuseKeyAttributesInFilter(filter, HASH_ONLY, false);
        Condition legacy = Legacy.filter("QueryFilter", java.util.Map.of("pk", new Legacy.LegacyCondition("EQ",
                java.util.List.of(s("a")))), null);
        fails("QueryFilter can only contain non-primary key attributes: Primary key attribute: pk",
                () -> KeyConditions.refuseKeyAttributesInFilter(legacy, HASH_ONLY, true));
    }

    @Test
    void expressionsMayNotReachInsideKeyAttributes() {
        String refused = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: ";
        java.util.List<String> tableKey = java.util.List.of("a", "b");
        java.util.List<String> indexKeys = java.util.List.of("c", "d");
        Projection projection = context(names("#a", "a"), null).projection("#a.b.c, x");
        assertEquals(java.util.Set.of("a"), projection.nestedTopLevelNames());
        fails(refused + "Key: a", () -> KeyConditions.refuseNestedKeyAccess(projection.nestedTopLevelNames(), tableKey,
                indexKeys));
        Projection index = context(names("#d", "d"), null).projection("#d[0], b");
        fails(refused + "IndexKey: d", () -> KeyConditions.refuseNestedKeyAccess(index.nestedTopLevelNames(), tableKey,
                indexKeys));
        Update update = context(null, values(":a", n("1"))).update("SET e = list_append(x, y), f = d[1] ADD g :a");
        assertEquals(java.util.Set.of("d"), update.nestedTopLevelNames());
        fails(refused + "IndexKey: d", () -> KeyConditions.refuseNestedKeyAccess(update.nestedTopLevelNames(), tableKey,
                indexKeys));
        Condition filter = Fixtures.filter("size(b.x) > :v AND b = :v", null, values(":v", n("1")));
        fails(refused + "Key: b", () -> KeyConditions.refuseNestedKeyAccess(filter.nestedTopLevelNames(), tableKey,
                indexKeys));
        KeyConditions.refuseNestedKeyAccess(context().projection("a, b, c, d, e.f").nestedTopLevelNames(), tableKey,
                indexKeys);
        assertEquals(java.util.Set.of(), Legacy.attributesToGet(java.util.List.of("a")).nestedTopLevelNames());
    }

    @Test
    void nestedPathsAreRefusedBeforeTheKeySchemaIsConsulted() {
        String nested = PREFIX + "KeyConditionExpressions cannot have conditions on nested attributes";
        Object[] values = {":p", s("p1"), ":v", s("s"), ":a", s("a"), ":b", s("z")};
        for (String text : new String[] {"pk.foo = :v", "pk[0] = :v", "pk = :p AND sk.foo = :v",
            "pk = :p AND begins_with(sk.foo, :v)", "pk = :p AND sk.foo BETWEEN :a AND :b", "pk = :p AND :v < sk.foo",
            "pk.foo > :v", "foo.bar = :v", "#d.foo = :v"}) {
            fails(nested, () -> context(names("#d", "pk"), values(values)).keyCondition(text));
        }
        fails(PREFIX + "Attribute name is a reserved keyword; reserved keyword: data",
                () -> context(null, values(":v", s("x"))).keyCondition("data.foo = :v"));
        fails("Query condition missed key schema element: pk",
                () -> context(null, values(":v", s("x"))).keyCondition("foo = :v").against(STRING_SORT));
    }

    /** Ordering measured by others against the service (paritysuite, eu-west-2): clauses in written order. */
    @Test
    void theFirstFaultyClauseInWrittenOrderIsReported() {
        String operand = PREFIX + "Incorrect operand type for operator or function; operator or function: begins_with, "
                + "operand type: N";
        String undefined = PREFIX + "An expression attribute value used in expression is not defined; attribute value: "
                + ":missing";
        fails(undefined, () -> context(null, values(":n", n("1"))).keyCondition("pk = :missing AND begins_with(sk, :n)"));
        fails(operand, () -> context(null, values(":n", n("1"))).keyCondition("begins_with(sk, :n) AND pk = :missing"));
        fails(operand, () -> context(null, values(":p", s("q"), ":n", n("1")))
                .keyCondition("pk = :p AND begins_with(sk, :n) AND sk = :missing"));
        fails(operand, () -> context(null, values(":p", s("q"), ":n", n("1"), ":s", s("a")))
                .keyCondition("pk = :p AND begins_with(sk, :n) AND sk > :s"));
        fails("The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)",
                () -> context(null, values(":p", s("q"), ":a", n("1"), ":b", n("5")))
                        .keyCondition("pk = :p AND sk > :a AND extra = :b").against(NUMBER_SORT));
        fails("One or more parameter values were invalid: Condition parameter type does not match schema type",
                () -> context(null, values(":p", s("q"), ":v", bool(true))).keyCondition("pk = :p AND sk = :v")
                        .against(NUMBER_SORT));
        fails("One or more parameter values were invalid: Condition parameter type does not match schema type",
                () -> context(null, values(":p", s("q"), ":v", s("a"))).keyCondition("pk = :p AND begins_with(sk, :v)")
                        .against(NUMBER_SORT));
    }
}
