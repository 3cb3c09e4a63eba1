package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.item;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Document paths have at most 32 elements (Developer Guide, "Service quotas": nested attributes up to 32 levels deep)
 * and list indexes stay within the int range, with the service's messages.
 */
class PathLimitsTest {
    private static final String TOO_DEEP = "The document path has too many nesting levels; nesting levels: 33";

    @Test
    void pathOfThirtyThreeLevelsIsRefusedInEveryExpression() {
        String ok = "a" + ".b".repeat(31);
        String deep = "a" + ".b".repeat(32);
        context().projection(ok);
        fails("Invalid ProjectionExpression: " + TOO_DEEP, () -> context().projection(deep));
        fails("Invalid ConditionExpression: " + TOO_DEEP, () -> context(null, values(":v", s("x")))
                .condition(ExpressionContext.Kind.ConditionExpression, deep + " = :v"));
        fails("Invalid FilterExpression: " + TOO_DEEP, () -> context()
                .condition(ExpressionContext.Kind.FilterExpression, "attribute_exists(" + deep + ")"));
        fails("Invalid UpdateExpression: " + TOO_DEEP, () -> context(null, values(":v", s("x")))
                .update("SET " + deep + " = :v"));
        fails("Invalid UpdateExpression: " + TOO_DEEP, () -> context().update("REMOVE " + deep));
    }

    /** PartiQL's WHERE and SET come as syntax trees, not text: a path too deep in one is refused as in text. */
    @Test
    void pathOfThirtyThreeLevelsIsRefusedInATreeAsInText() {
        context().condition(ExpressionContext.Kind.ConditionExpression, exists(path(32)), 1);
        fails("Invalid ConditionExpression: " + TOO_DEEP,
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, exists(path(33)), 1));
        Syntax.Clause remove = new Syntax.Clause(Syntax.Section.REMOVE,
                List.of(new Syntax.Action(Syntax.Section.REMOVE, path(33), null, null)));
        fails("Invalid UpdateExpression: " + TOO_DEEP, () -> context().update(List.of(remove), 1));
    }

    private static Syntax.Cond exists(Syntax.PathRef path) {
        return new Syntax.FunctionCond(new Syntax.Call(new Token(Token.Kind.NAME, "attribute_exists", 0, 16), List.of(path)));
    }

    private static Syntax.PathRef path(int steps) {
        List<Syntax.Step> all = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            all.add(new Syntax.Step(new Token(Token.Kind.NAME, i == 0 ? "a" : "b", 0, 1), 0));
        }
        return new Syntax.PathRef(all, false);
    }

    @Test
    void listIndexesCountAsLevels() {
        fails("Invalid ProjectionExpression: " + TOO_DEEP, () -> context().projection("a" + "[0]".repeat(32)));
        context().projection("a" + "[0]".repeat(31));
    }

    @Test
    void listIndexBeyondTheIntRangeIsRefused() {
        fails("Invalid ProjectionExpression: List index is not within the allowable range; index: [99999999999999]",
                () -> context().projection("a[99999999999999]"));
        fails("Invalid ConditionExpression: List index is not within the allowable range; index: [2147483648]",
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, "attribute_exists(a[2147483648])"));
        Map<String, com.bigtimedeals.engine.value.Value> listItem = item("a", l(n("7"), n("42")));
        assertEquals(Map.of(), context().projection("a[2147483647]").apply(listItem));
        assertEquals(Map.of(), context().projection("a[999]").apply(listItem));
        assertEquals(item("a", l(n("42"))), context().projection("a[1]").apply(listItem));
    }

    @Test
    void negativeOrMissingListIndexIsASyntaxError() {
        fails("Invalid ProjectionExpression: Syntax error; token: \"-\", near: \"[-1\"",
                () -> context().projection("a[-1]"));
        fails("Invalid ProjectionExpression: Syntax error; token: \"]\", near: \"[]\"", () -> context().projection("a[]"));
    }

    @Test
    void syntaxErrorComesBeforeAPathFault() {
        fails("Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"",
                () -> context().projection("a[99999999999999],"));
    }
}
