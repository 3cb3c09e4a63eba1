package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.b;
import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.bs;
import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.filter;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.ns;
import static com.bigtimedeals.engine.expr.Fixtures.nul;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.ss;
import static com.bigtimedeals.engine.expr.Fixtures.values;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.bigtimedeals.engine.value.Value;

/** What the service refuses in a condition or filter once it parses, and which fault it reports first. */
class ConditionValidationTest {
    private static final String PREFIX = "Invalid FilterExpression: ";

    private static void refused(String text, Map<String, String> names, Map<String, Value> values, String fault) {
        fails(PREFIX + fault, () -> filter(text, names, values));
    }

    private static void refused(String text, String fault) {
        refused(text, null, null, fault);
    }

    @ParameterizedTest
    @MethodSource
    void doubledParenthesesAreRedundant(String text) {
        refused(text, "The expression has redundant parentheses;");
    }

    static Stream<String> doubledParenthesesAreRedundant() {
        return Stream.of("a=a and a > ((views))", "(a)between(((b.c)).d)and(c)", "a > whatever((:things), ((a)))",
                "a=a AND ((a=a AND a=a)) AND a=a", "a=a OR ((a=a OR a=a)) OR a=a", "a=a AND ((a=a AND (a=a AND a=a)))",
                "a=a OR ((a=a OR (a=a OR a=a)))", "((((a < b))))", "((a = b))");
    }

    @Test
    void singleParenthesesAroundConditionsAndOperandsAreFine() {
        filter("(a = b)", null, null);
        filter("((a = b) OR (c = d))", null, null);
        filter("((a) = b)", null, null);
        filter("(a)between(b)and(c)", null, null);
        filter("size((a)) > b", null, null);
        filter("attribute_exists((a))", null, null);
        filter("(attribute_exists (#0)) AND (((#1 <> :0) AND (#1 <> :1)) AND (#2 = :3))",
                names("#0", "pk", "#1", "pk", "#2", "pk"), values(":0", s("x"), ":1", s("y"), ":3", s("z")));
        filter("((#a = :b) OR (#c = :d) AND (#e = :f))", names("#a", "pk", "#c", "pk", "#e", "pk"),
                values(":b", s("x"), ":d", s("y"), ":f", s("z")));
    }

    @Test
    void unknownFunctionIsNamedAsWritten() {
        refused("a=a and whatever((:things)) > a", "Invalid function name; function: whatever");
        refused("attRIbute_exIsts((views), #a)", "Invalid function name; function: attRIbute_exIsts");
        refused("dog(a) = :arg", null, values(":arg", n("5")), "Invalid function name; function: dog");
    }

    @ParameterizedTest
    @MethodSource
    void functionsOtherThanSizeAreNotOperands(String text, String function) {
        refused(text, "The function is not allowed to be used this way in an expression; function: " + function);
    }

    static Stream<Arguments> functionsOtherThanSizeAreNotOperands() {
        return Stream.of(Arguments.of("a=a and attribute_exists((views), (#a)) > b", "attribute_exists"),
                Arguments.of("attribute_not_exists(things) > b", "attribute_not_exists"),
                Arguments.of("attribute_type(things, :a) > b", "attribute_type"),
                Arguments.of("begins_with(things, a) > b", "begins_with"),
                Arguments.of("contains(:things, c) > b", "contains"),
                Arguments.of("size(contains(a, b)) > a", "contains"),
                Arguments.of("size(things)", "size"),
                Arguments.of("a = b AND size(things)", "size"),
                Arguments.of("NOT (size(things))", "size"),
                Arguments.of("a between b and attribute_exists(things)", "attribute_exists"),
                Arguments.of("a in (b, attribute_exists(things))", "attribute_exists"));
    }

    @Test
    void updateFunctionsAreNotAllowedInConditions() {
        refused("if_not_exists(a, a) = :arg", null, values(":arg", n("5")),
                "The function is not allowed in a condition expression; function: if_not_exists");
        refused("list_append(a, a) = :arg", null, values(":arg", n("5")),
                "The function is not allowed in a condition expression; function: list_append");
        refused("if_not_exists(a, :arg)", null, values(":arg", n("5")),
                "The function is not allowed in a condition expression; function: if_not_exists");
    }

    @Test
    void reservedWordAsABareNameIsRefusedAsWritten() {
        refused("attribute_exists(views, #a)", "Attribute name is a reserved keyword; reserved keyword: views");
        refused(":a < abOrT", "Attribute name is a reserved keyword; reserved keyword: abOrT");
        refused("size(#first.#second.end) = :one", names("#first", "first", "#second", "s"), values(":one", n("1")),
                "Attribute name is a reserved keyword; reserved keyword: end");
    }

    @Test
    void reservedWordsCanBeUsedThroughExpressionAttributeNames() {
        filter("#s = :v", names("#s", "status"), values(":v", s("x")));
    }

    @Test
    void undefinedNameOrValueFirstInTheTextIsReported() {
        String name = "An expression attribute name used in the document path is not defined; attribute name: ";
        String value = "An expression attribute value used in expression is not defined; attribute value: ";
        refused("attribute_exists(#Pictures.RearView, :a) and a=a", name + "#Pictures");
        refused("begins_with(Pictures.#RearView)", name + "#RearView");
        refused("(#P between :lo and :hi) and (#PC in (:cat1, :cat2))", name + "#P");
        refused("#4g > a", name + "#4g");
        refused("#_ > a", name + "#_");
        refused("(a)between(b.c[45].#d)and(:a)", name + "#d");
        refused("begins_with(:hello, #a, #b)", value + ":hello");
        refused(":a < :b", value + ":a");
        refused(":_ > a", value + ":_");
    }

    @ParameterizedTest
    @MethodSource
    void functionsTakeTheirNumberOfOperands(String text, String function, int count) {
        refused(text, "Incorrect number of operands for operator or function; operator or function: " + function
                + ", number of operands: " + count);
    }

    static Stream<Arguments> functionsTakeTheirNumberOfOperands() {
        return Stream.of(Arguments.of("attribute_exists(things, a) and a=a", "attribute_exists", 2),
                Arguments.of("attribute_not_exists(things, b)", "attribute_not_exists", 2),
                Arguments.of("attribute_type(things)", "attribute_type", 1),
                Arguments.of("begins_with(things)", "begins_with", 1),
                Arguments.of("begins_with(things, size(a), b)", "begins_with", 3),
                Arguments.of("contains(things)", "contains", 1),
                Arguments.of("size(things, a) > b", "size", 2));
    }

    @ParameterizedTest
    @MethodSource
    void functionOperandsMustHaveTheirTypes(String text, Value value, String function) {
        refused(text, null, values(":a", value), "Incorrect operand type for operator or function; operator or function: "
                + function + ", operand type: " + value.type().name());
    }

    static Stream<Arguments> functionOperandsMustHaveTheirTypes() {
        Stream.Builder<Arguments> cases = Stream.builder();
        cases.add(Arguments.of("attribute_type(a, size(a)) and a=a and a=:a", n("1"), "attribute_type"));
        for (Value v : new Value[] {n("1"), b("a"), bool(true), nul(), l(), m(), ss("1"), ns("1"), bs("a")}) {
            cases.add(Arguments.of("attribute_type(a, :a)", v, "attribute_type"));
        }
        cases.add(Arguments.of("begins_with(a, size(a)) and a=:a", n("1"), "begins_with"));
        for (Value v : new Value[] {n("1"), bool(true), nul(), l(), m(), ss("1"), ns("1"), bs("a")}) {
            cases.add(Arguments.of("begins_with(a, :a)", v, "begins_with"));
            cases.add(Arguments.of("begins_with(:a, a)", v, "begins_with"));
        }
        cases.add(Arguments.of("size(size(a)) > :a", n("1"), "size"));
        cases.add(Arguments.of("attribute_not_exists(size(:a))", n("1"), "size"));
        cases.add(Arguments.of("size(:a) > a", bool(true), "size"));
        cases.add(Arguments.of("size(:a) > a", nul(), "size"));
        return cases.build();
    }

    @Test
    void attributeTypeNeedsAValueNotAPath() {
        refused("attribute_type(a, b)", "Incorrect operand type for operator or function; operator or function: "
                + "attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
    }

    @Test
    void attributeTypeNeedsAKnownTypeName() {
        refused("attribute_type(a, :a)", null, values(":a", s("1")),
                "Invalid attribute type name found; type: 1, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
    }

    @Test
    void existenceFunctionsNeedADocumentPath() {
        refused("attribute_exists(:a) and a=a", null, values(":a", s("1")),
                "Operator or function requires a document path; operator or function: attribute_exists");
        refused("attribute_not_exists(size(:a))", null, values(":a", s("1")),
                "Operator or function requires a document path; operator or function: attribute_not_exists");
    }

    @ParameterizedTest
    @MethodSource
    void aPathCannotBeComparedWithItself(String text, String operator, String path) {
        refused(text, names("#a", "a"), null, "The first operand must be distinct from the remaining operands for "
                + "this operator or function; operator: " + operator + ", first operand: " + path);
    }

    static Stream<Arguments> aPathCannotBeComparedWithItself() {
        return Stream.of(Arguments.of("a = a AND #a = b AND :views > a", "=", "[a]"),
                Arguments.of("#a <> a", "<>", "[a]"), Arguments.of("a > #a", ">", "[a]"),
                Arguments.of("((a=a) OR (a=a))", "=", "[a]"), Arguments.of("((a=a) AND (a=a))", "=", "[a]"),
                Arguments.of("contains(ab.bc[1].a, ab.bc[1].#a)", "contains", "[ab, bc, [1], a]"),
                Arguments.of("attribute_type(ab.bc[1].#a, ab.bc[1].a)", "attribute_type", "[ab, bc, [1], a]"),
                Arguments.of("begins_with(ab.bc[1].a, ab.bc[1].#a)", "begins_with", "[ab, bc, [1], a]"));
    }

    @Test
    void aValueMayBeComparedWithItself() {
        filter(":a > :a", null, values(":a", n("1")));
    }

    @Test
    void betweenBoundsMustShareATypeAndBeInOrder() {
        refused("a between :b and :a", null, values(":a", s("a"), ":b", n("1")),
                "The BETWEEN operator requires same data type for lower and upper bounds; "
                        + "lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:a}");
        refused("a between :b and :a", null, values(":a", s("a"), ":b", s("b")),
                "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                        + "lower bound operand: AttributeValue: {S:b}, upper bound operand: AttributeValue: {S:a}");
        filter("a between :a and :a", null, values(":a", s("a")));
    }

    @Test
    void orderingComparisonsRefuseValuesThatHaveNoOrder() {
        refused("a < :v", null, values(":v", bool(true)),
                "Incorrect operand type for operator or function; operator or function: <, operand type: BOOL");
        refused(":v >= a", null, values(":v", ss("x")),
                "Incorrect operand type for operator or function; operator or function: >=, operand type: SS");
        refused("a BETWEEN :x AND :y", null, values(":x", bool(false), ":y", bool(true)),
                "Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: BOOL");
        filter("a = :v", null, values(":v", bool(true)));
        filter("a <> :v", null, values(":v", m()));
        filter("a IN (:v)", null, values(":v", l()));
    }

    /**
     * Developer Guide, "Comparison operator and function reference": "a IN (b, c, d) ... The list can contain up to
     * 100 values"; 101 are refused, the message counting the values in the list.
     */
    @Test
    void inTakesAtMostOneHundredValues() {
        StringBuilder text = new StringBuilder("a IN (");
        Map<String, Value> values = new java.util.LinkedHashMap<>();
        for (int i = 0; i < 101; i++) {
            text.append(i == 0 ? "" : ", ").append(":v").append(i);
            values.put(":v" + i, n(Integer.toString(i)));
        }
        String tooMany = text + ")";
        refused(tooMany, null, values, "The IN operator is provided with too many operands; number of operands: 101");
        values.remove(":v100");
        filter(tooMany.replace(", :v100", ""), null, values);
    }

    @Test
    void atMostThreeHundredOperators() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 151; i++) {
            text.append(i == 0 ? "" : " OR ").append("a").append(i).append(" = :v");
        }
        refused(text.toString(), null, values(":v", n("1")),
                "The expression contains too many operators; operator count: 301");
    }

    @Test
    void faultKindsAreReportedInTheServicesOrder() {
        // Redundant parentheses before an unknown function.
        refused("a > whatever((:things), ((a)))", "The expression has redundant parentheses;");
        // An unknown function before a condition's faults.
        refused("a = a AND nope(b)", "Invalid function name; function: nope");
        // A misused function before a reserved word.
        refused("size(status)", "The function is not allowed to be used this way in an expression; function: size");
        // A reserved word before an undefined name.
        refused("#x = :y AND status = :y", null, values(":y", s("a")),
                "Attribute name is a reserved keyword; reserved keyword: status");
        // Within the first faulty condition, an undefined value before an operand count.
        refused("begins_with(:nope, a, b)",
                "An expression attribute value used in expression is not defined; attribute value: :nope");
    }

    @Test
    void theFirstConditionWithAFaultDecides() {
        refused("begins_with(a, :n) AND b = :missing", null, values(":n", n("1")),
                "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N");
        refused("b = :missing AND begins_with(a, :n)", null, values(":n", n("1")),
                "An expression attribute value used in expression is not defined; attribute value: :missing");
    }

    @Test
    void functionNamesAreCaseSensitiveAndKeywordsAreNot() {
        refused("Begins_With(a, :v)", null, values(":v", s("x")), "Invalid function name; function: Begins_With");
        filter("a = :v and b = :v Or not c = :v", null, values(":v", s("x")));
    }

    @Test
    void keywordsCannotBeAttributeNames() {
        ExpressionException e = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, "between = :v"));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("Syntax error"));
    }
}
