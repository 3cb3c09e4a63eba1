package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * Expressions nested as deep as 4 KB allows get the service's ordinary answers, whatever the caller's stack (cases
 * measured by others against the service: ScyllaDB's test_limits.py).
 */
class DeepNestingTest {
    private static final String CONDITION = ExpressionContext.Kind.ConditionExpression.name();

    private static void condition(String text) {
        context(null, values(":val", n("1"))).condition(ExpressionContext.Kind.ConditionExpression, text);
    }

    @Test
    void fourThousandOpeningParenthesesAreASyntaxError() {
        fails("Invalid " + CONDITION + ": Syntax error; token: \"<EOF>\", near: \"(\"", () -> condition("(".repeat(4096)));
    }

    @Test
    void twoThousandParenthesesAroundAConditionAreRedundant() {
        fails("Invalid " + CONDITION + ": The expression has redundant parentheses;",
                () -> condition("(".repeat(2046) + "a<b" + ")".repeat(2046)));
    }

    @Test
    void aThousandNotsAreTooManyOperators() {
        fails("Invalid " + CONDITION + ": The expression contains too many operators; operator count: 301",
                () -> condition("not ".repeat(1000) + "a<b"));
    }

    @Test
    void nestedOrsBeyondThreeHundredOperatorsAreCountedTo301() {
        String ok = "a<b " + "or (a<b ".repeat(149) + ")".repeat(149);
        condition(ok);
        String tooMany = "a<b " + "or (a<b ".repeat(454) + ")".repeat(454);
        assertTrue(tooMany.length() < 4096);
        fails("Invalid " + CONDITION + ": The expression contains too many operators; operator count: 301",
                () -> condition(tooMany));
    }

    @Test
    void functionsNestedThirteenHundredDeepAreAnUnknownFunction() {
        fails("Invalid " + CONDITION + ": Invalid function name; function: f",
                () -> condition("a < " + "f(".repeat(1355) + "b" + ")".repeat(1355)));
    }

    @Test
    void deepUpdatesAndProjectionsToo() {
        fails("Invalid UpdateExpression: Syntax error; token: \"(\", near: \"(((\"",
                () -> context().update("SET a = " + "(".repeat(4000)));
        fails("Invalid ProjectionExpression: Syntax error; token: \"(\", near: \"((\"",
                () -> context().projection("(".repeat(4000)));
        fails("Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"",
                () -> context().keyCondition("(".repeat(4000)));
    }

    @Test
    void aSmallCallerStackIsEnough() throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                fails("Invalid " + CONDITION + ": The expression has redundant parentheses;",
                        () -> condition("(".repeat(20) + "a<b" + ")".repeat(20)));
                condition("(a<b) and " + "(a<b or ".repeat(40) + "a<b" + ")".repeat(40));
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "small-stack", 64 * 1024);
        small.start();
        small.join();
        assertEquals(null, failure.get());
    }

    @Test
    void openingsCountParenthesesAndTheWordNot() {
        assertEquals(5, DeepNesting.openings("NOT (a) and not(b) or (notable = nothing)"));
    }
}
