package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.b;
import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.bs;
import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.ns;
import static com.bigtimedeals.engine.expr.Fixtures.nul;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.ss;
import static com.bigtimedeals.engine.expr.Fixtures.values;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.bigtimedeals.engine.value.Value;

/** What the service refuses in an update expression once it parses, in the order it reports it. */
class UpdateValidationTest {
    private static final String PREFIX = "Invalid UpdateExpression: ";
    private static final Map<String, Value> SOME_VALUES = values(":a", s("a"), ":b", s("a"));
    private static final Map<String, String> SOME_NAMES = names("#a", "a", "#b", "b");

    private static void refused(String text, Map<String, String> names, Map<String, Value> values, String fault) {
        fails(PREFIX + fault, () -> context(names, values).update(text));
    }

    @Test
    void reservedWordsAreRefusedWhereverTheyStand() {
        refused(" set #c = :c set abOrt = true ", SOME_NAMES, SOME_VALUES,
                "Attribute name is a reserved keyword; reserved keyword: abOrt");
        refused(" remove Absolute ", SOME_NAMES, SOME_VALUES,
                "Attribute name is a reserved keyword; reserved keyword: Absolute");
        refused("SET status = :v", null, values(":v", s("x")),
                "Attribute name is a reserved keyword; reserved keyword: status");
        refused("SET a = b.count", null, null, "Attribute name is a reserved keyword; reserved keyword: count");
    }

    @Test
    void onlyIfNotExistsAndListAppendAreFunctions() {
        refused("set #c = if_not_exist(:c) set c = d", SOME_NAMES, SOME_VALUES,
                "Invalid function name; function: if_not_exist");
        refused("SET a = size(b)", null, null, "The function is not allowed in an update expression; function: size");
        refused("SET a = contains(b, :v)", null, values(":v", s("x")),
                "The function is not allowed in an update expression; function: contains");
        refused("SET a = f(b,c,d)", null, null, "Invalid function name; function: f");
        refused("SET a = LIST_APPEND(b, c)", null, null, "Invalid function name; function: LIST_APPEND");
    }

    @Test
    void eachClauseAtMostOnce() {
        refused("set a = #c set c = :d", SOME_NAMES, SOME_VALUES,
                "The \"SET\" section can only be used once in an update expression;");
        refused("remove #d set a = b remove e", SOME_NAMES, SOME_VALUES,
                "The \"REMOVE\" section can only be used once in an update expression;");
        refused("add #d :e set a = b add e :f", SOME_NAMES, SOME_VALUES,
                "The \"ADD\" section can only be used once in an update expression;");
        refused("delete #d :e set a = b delete #e :f", SOME_NAMES, SOME_VALUES,
                "The \"DELETE\" section can only be used once in an update expression;");
    }

    @Test
    void undefinedNamesBeforeUndefinedValues() {
        refused("SET #c = if_not_exists(:c)", SOME_NAMES, SOME_VALUES,
                "An expression attribute name used in the document path is not defined; attribute name: #c");
        refused("SET #a = if_not_exists(:c)", SOME_NAMES, SOME_VALUES,
                "An expression attribute value used in expression is not defined; attribute value: :c");
        refused("SET x = :undefined, #undefined = :a", SOME_NAMES, SOME_VALUES,
                "An expression attribute name used in the document path is not defined; attribute name: #undefined");
    }

    @Test
    void pathsMayNotOverlap() {
        Map<String, String> names = names("#c", "c", "#d", "[3]");
        refused("set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a)", names, null,
                "Two document paths overlap with each other; must remove or rewrite one of these paths; "
                        + "path one: [c, [1], a], path two: [c]");
        refused("set #c[3].#d = a, #c[3] = a", names, null, "Two document paths overlap with each other; must remove "
                + "or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3]]");
        refused("SET #stringSet = :h, #stringSet = :h", names("#stringSet", "string_set"), values(":h", s("H")),
                "Two document paths overlap with each other; must remove or rewrite one of these paths; "
                        + "path one: [string_set], path two: [string_set]");
        refused("SET string_set.nested = :h, string_set.nested = :h", null, values(":h", s("H")),
                "Two document paths overlap with each other; must remove or rewrite one of these paths; "
                        + "path one: [string_set, nested], path two: [string_set, nested]");
        refused("ADD #s :a DELETE #s :b", names("#s", "string_set"), values(":a", ss("c"), ":b", ss("a")),
                "Two document paths overlap with each other; must remove or rewrite one of these paths; "
                        + "path one: [string_set], path two: [string_set]");
        refused("REMOVE string_set SET string_set.nested = :h", null, values(":h", s("H")),
                "Two document paths overlap with each other; must remove or rewrite one of these paths; "
                        + "path one: [string_set], path two: [string_set, nested]");
    }

    @Test
    void pathsMayNotStepIntoOnePlaceAsBothListAndMap() {
        Map<String, String> names = names("#b", "b", "#c", "c", "#d", "[3]");
        refused("set #c[3].#d = a, #c.#d[3] = if_not_exists(a)", names, null, "Two document paths conflict with each "
                + "other; must remove or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3], [3]]");
        refused("remove a.#c set a[1] = #d", names, null, "Two document paths conflict with each other; must remove "
                + "or rewrite one of these paths; path one: [a, c], path two: [a, [1]]");
    }

    @Test
    void sharedRootsAndDottedNamesDoNotOverlap() {
        context(names("#root", "nested", "#child1", "key1", "#child2", "key2"), values(":k1", s("1"), ":k2", s("2")))
                .update("SET #root.#child1=:k1,#root.#child2=:k2");
        context(names("#nested", "string_set.nested"), values(":h", s("H")))
                .update("SET string_set = :h, #nested = :h");
        context(null, values(":a", s("a"))).update("SET l[0] = :a, l[1] = :a REMOVE l[2]");
    }

    static Stream<Arguments> addAndDeleteTakeNumbersAndSets() {
        return Stream.of(Arguments.of("set b = list_append(:a, a), c = if_not_exists(a) add a.b :a", s("a"), "ADD",
                        "STRING"),
                Arguments.of("delete a.b :a", s("a"), "DELETE", "STRING"),
                Arguments.of("add a.b :a", nul(), "ADD", "NULL"),
                Arguments.of("delete a.b :a", nul(), "DELETE", "NULL"),
                Arguments.of("add a.b :a", bool(false), "ADD", "BOOLEAN"),
                Arguments.of("delete a.b :a", bool(false), "DELETE", "BOOLEAN"),
                Arguments.of("add a.b :a", b("a"), "ADD", "BINARY"),
                Arguments.of("delete a.b :a", b("a"), "DELETE", "BINARY"),
                Arguments.of("add a.b :a", m("a", l(n("1"))), "ADD", "MAP"),
                Arguments.of("delete a.b :a", m("a", l(n("1"))), "DELETE", "MAP"),
                Arguments.of("add a.b :a", l(n("1")), "ADD", "LIST"),
                Arguments.of("delete a.b :a", l(n("1")), "DELETE", "LIST"),
                Arguments.of("delete a.b :a", n("1"), "DELETE", "NUMBER"));
    }

    @ParameterizedTest
    @MethodSource
    void addAndDeleteTakeNumbersAndSets(String text, Value operand, String operator, String type) {
        refused(text, null, values(":a", operand, ":b", s("a")), "Incorrect operand type for operator or function; "
                + "operator: " + operator + ", operand type: " + type + ", typeSet: ALLOWED_FOR_" + operator + "_OPERAND");
    }

    @Test
    void functionsTakeTwoOperands() {
        refused("set a = if_not_exists(c)", SOME_NAMES, SOME_VALUES, "Incorrect number of operands for operator or "
                + "function; operator or function: if_not_exists, number of operands: 1");
        refused("set a = list_append(c)", SOME_NAMES, SOME_VALUES, "Incorrect number of operands for operator or "
                + "function; operator or function: list_append, number of operands: 1");
    }

    @Test
    void ifNotExistsNeedsAPathFirst() {
        refused("set a = if_not_exists(:a, c)", SOME_NAMES, SOME_VALUES,
                "Operator or function requires a document path; operator or function: if_not_exists");
        refused("set a = if_not_exists(if_not_exists(a, b), c)", SOME_NAMES, SOME_VALUES,
                "Operator or function requires a document path; operator or function: if_not_exists");
    }

    static Stream<Arguments> valuesWrittenInTheRequestMustSuitTheFunction() {
        return Stream.of(Arguments.of("set a = list_append(:a, a)", "list_append", "S"),
                Arguments.of("set a = list_append(a, :b)", "list_append", "N"),
                Arguments.of("set a = list_append(:c, a)", "list_append", "B"),
                Arguments.of("set a = list_append(:d, a)", "list_append", "BOOL"),
                Arguments.of("set a = list_append(:e, a)", "list_append", "NULL"),
                Arguments.of("set a = list_append(:f, a)", "list_append", "SS"),
                Arguments.of("set a = list_append(:g, a)", "list_append", "NS"),
                Arguments.of("set a = list_append(:h, a)", "list_append", "BS"),
                Arguments.of("set a = list_append(:i, a)", "list_append", "M"),
                Arguments.of("set a = a + :a", "+", "S"), Arguments.of("set a = :a + :c", "+", "S"),
                Arguments.of("set a = :c + a", "+", "B"), Arguments.of("set a = a + :d", "+", "BOOL"),
                Arguments.of("set a = a + :e", "+", "NULL"), Arguments.of("set a = a + :f", "+", "SS"),
                Arguments.of("set a = a + :g", "+", "NS"), Arguments.of("set a = a + :h", "+", "BS"),
                Arguments.of("set a = a + :i", "+", "M"), Arguments.of("set a = a + :j", "+", "L"),
                Arguments.of("set a = a - :a", "-", "S"), Arguments.of("set a = :a - :c", "-", "S"),
                Arguments.of("set a = :c - a", "-", "B"), Arguments.of("set a = a - :d", "-", "BOOL"),
                Arguments.of("set a = a - :e", "-", "NULL"), Arguments.of("set a = a - :f", "-", "SS"),
                Arguments.of("set a = a - :g", "-", "NS"), Arguments.of("set a = a - :h", "-", "BS"),
                Arguments.of("set a = a - :i", "-", "M"), Arguments.of("set a = a - :j", "-", "L"));
    }

    @ParameterizedTest
    @MethodSource
    void valuesWrittenInTheRequestMustSuitTheFunction(String text, String function, String type) {
        ExpressionContext context = context(null, values(":a", s("a"), ":b", n("1"), ":c", b("a"), ":d", bool(false),
                ":e", nul(), ":f", ss("a"), ":g", ns("1"), ":h", bs("a"), ":i", m(), ":j", l()));
        fails(PREFIX + "Incorrect operand type for operator or function; operator or function: " + function
                + ", operand type: " + type, () -> context.update(text));
    }

    @Test
    void faultKindsAreReportedInTheServicesOrder() {
        // An ADD operand's type before a function's operands.
        refused("set b = list_append(:a, a) add c :a", null, values(":a", s("a")),
                "Incorrect operand type for operator or function; operator: ADD, operand type: STRING, typeSet: "
                        + "ALLOWED_FOR_ADD_OPERAND");
        // Overlap before conflict, whichever comes first in the text.
        refused("set d[1] = a, d.b = a, c = a, c = a", null, null, "Two document paths overlap with each other; must "
                + "remove or rewrite one of these paths; path one: [c], path two: [c]");
        // An unknown function before a repeated clause.
        refused("set a = nope(b) set c = d", null, null, "Invalid function name; function: nope");
    }

    @Test
    void atMostThreeHundredOperatorsAndFunctions() {
        StringBuilder text = new StringBuilder("SET ");
        for (int i = 0; i < 301; i++) {
            text.append(i == 0 ? "" : ",").append("a").append(i).append("=:n+:n");
        }
        refused(text.toString(), null, values(":n", n("1")),
                "The expression contains too many operators; operator count: 301");
    }

    @Test
    void keyAttributesCannotBeUpdated() {
        ExpressionContext context = context(null, values(":v", s("new-val")));
        Update update = context.update("SET pk = :v", new LinkedHashSet<>(List.of("pk", "sk")));
        fails("One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
                context::requireAllUsed);
        fails("One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key",
                () -> context(null, values(":v", s("x"))).update("SET a = :v REMOVE sk").checkKeyAttributes(
                        new LinkedHashSet<>(List.of("pk", "sk"))));
        fails("One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
                () -> context(null, values(":v", s("x"))).update("SET pk.a = :v").checkKeyAttributes(
                        new LinkedHashSet<>(List.of("pk", "sk"))));
        update.checkKeyAttributes(new LinkedHashSet<>(List.of("other")));
    }

    @Test
    void unusedNamesAndValuesAcrossAllExpressionsOfTheRequest() {
        ExpressionContext context = context(names("#count", "count", "#limit", "limit"),
                values(":countChange", n("1"), ":limit", s("limit")));
        context.update("SET spec.#limit = :limit");
        fails("Value provided in ExpressionAttributeNames unused in expressions: keys: {#count}",
                context::requireAllUsed);
        ExpressionContext both = context(names("#a", "a", "#b", "b"), values(":a", s("a"), ":b", s("a")));
        both.update("remove a set b = list_append(b, if_not_exists(a, :a))");
        both.condition(ExpressionContext.Kind.ConditionExpression, "a = :b");
        fails("Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}", both::requireAllUsed);
        ExpressionContext values = context(null, values(":countChange", n("1"), ":limit", s("limit"), ":t", s("t")));
        values.update("SET spec.lim = :limit");
        values.condition(ExpressionContext.Kind.ConditionExpression, "begins_with(test, :t)");
        fails("Value provided in ExpressionAttributeValues unused in expressions: keys: {:countChange}",
                values::requireAllUsed);
    }

    @Test
    void listAppendCannotBeAnotherFunctionsOperand() {
        refused("SET a = list_append(list_append(:v1, :v2), :v3)", null, values(":v1", l(), ":v2", l(), ":v3", l()),
                "The function is not allowed to be used this way in an expression; function: list_append");
        refused("SET a = if_not_exists(a, list_append(:v1, :v2))", null, values(":v1", l(), ":v2", l()),
                "The function is not allowed to be used this way in an expression; function: list_append");
    }
}
