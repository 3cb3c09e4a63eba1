package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The service names the offending token and the text from the token before it to the token after it; at the end of
 * the text the token is {@code <EOF>}.
 */
class SyntaxErrorTest {
    @Test
    void unknownFirstWordNamesItAndTheNextToken() {
        fails("Invalid UpdateExpression: Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\"",
                () -> context(null, values(":v", s("val"))).update("INVALID SYNTAX HERE"));
    }

    @Test
    void characterOutsideTheGrammarIsItsOwnToken() {
        fails("Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"",
                () -> context().projection("!!! INVALID !!!"));
    }

    @Test
    void numberLiteralIsNotAnOperand() {
        fails("Invalid UpdateExpression: Syntax error; token: \"1\", near: \"+ 1\"",
                () -> context().update("SET MyStr = myNum + 1"));
    }

    @Test
    void setActionsMustBeSeparatedByCommas() {
        fails("Invalid UpdateExpression: Syntax error; token: \"Mystr2\", near: \"myNum Mystr2 myNum2\"",
                () -> context().update("SET MyStr = myNum Mystr2 myNum2"));
    }

    @Test
    void trailingCommaEndsAtEndOfText() {
        fails("Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \",\"",
                () -> context(names("#attr1", "attr1", "#attr2", "attr2"),
                        values(":val1", Fixtures.n("3"), ":val2", Fixtures.n("4")))
                        .update("SET #attr1 = :val1, #attr2 = :val2,"));
    }

    @Test
    void addNeedsAValuePlaceholder() {
        fails("Invalid UpdateExpression: Syntax error; token: \"bad_value\", near: \"str_set bad_value\"",
                () -> context().update("ADD str_set bad_value"));
    }

    @Test
    void bareColonIsNotAValue() {
        fails("Invalid UpdateExpression: Syntax error; token: \":\", near: \"hits : incr\"",
                () -> context().update("ADD hits : incr"));
    }

    @Test
    void hyphenInAnAttributeNameIsASyntaxError() {
        fails("Invalid ConditionExpression: Syntax error; token: \"-\", near: \"a-b\"",
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, "a-b"));
        fails("Invalid FilterExpression: Syntax error; token: \"-\", near: \"a-b\"",
                () -> context().condition(ExpressionContext.Kind.FilterExpression, "a-b"));
        fails("Invalid KeyConditionExpression: Syntax error; token: \"-\", near: \"a-b\"",
                () -> context().keyCondition("a-b"));
    }

    @Test
    void emptyParenthesesNameTheClosingOne() {
        fails("Invalid KeyConditionExpression: Syntax error; token: \")\", near: \"()\"",
                () -> context().keyCondition("()"));
    }

    @Test
    void functionWithoutParenthesesNamesTheArgument() {
        fails("Invalid KeyConditionExpression: Syntax error; token: \"sk\", near: \"begins_with sk,\"",
                () -> context().keyCondition("pk=:pk AND begins_with sk, :sk "));
    }

    @Test
    void nearKeepsTheWhitespaceAsWritten() {
        fails("Invalid ConditionExpression: Syntax error; token: \"4\", near: \">   4\"",
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, "a >   4"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"things are not gonna be ok", "a > 4", "attribute_exists(Pictures-RearView)",
        "attribute_exists(\"Pictures.RearView\")", "attribute_exists(Pictures..RearView)",
        "attribute_exists(Pi#ctures.RearView)", "attribute_exists(asdf[a])", "a in b, c", "a > between", "a in b",
        "a in (b,c,)", "(a)between(b.(c.d))and(c)", "(a)between(b.c.d)and((c)", "#$.b > a", "a > :things.stuff",
        "b[:a] > a", "b[#_] > a", "\u00fc > a", "(a)between(b.c[4.5].#d)and(:a)", "size(a).b > a",
        "(size(a)).b > a", "size(a)[0] > a", "(size(a))[0] > a", "a = b AND", "NOT", "a = :v OR OR b = :v"})
    void malformedConditionsAreSyntaxErrors(String text) {
        ExpressionException e = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> context().condition(ExpressionContext.Kind.FilterExpression, text));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("Invalid FilterExpression: Syntax error; "),
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"set a = b / c", "set a = b * c", "set a[1] = \"eight\"", "set a[1] = 1",
        "SET if_not_exist(a, b) = a", "set (a = (b + c))", "set a = (b.c).d + e", "set a = (b.c)[0] + e",
        "set a = b + c + d", "add :a b", "delete :a b", "remove :a", "SET", "SET a", "REMOVE a,", "SET a = ",
        "set a = b remove", "SET (a) = :v"})
    void malformedUpdatesAreSyntaxErrors(String text) {
        ExpressionException e = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> context().update(text));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("Invalid UpdateExpression: Syntax error; "),
                e.getMessage());
    }

    @Test
    void emptyExpressionIsRefusedBeforeParsing() {
        fails("Invalid UpdateExpression: The expression can not be empty;", () -> context().update(""));
        fails("Invalid ConditionExpression: The expression can not be empty;",
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, ""));
        fails("Invalid FilterExpression: The expression can not be empty;",
                () -> context().condition(ExpressionContext.Kind.FilterExpression, ""));
        fails("Invalid KeyConditionExpression: The expression can not be empty;", () -> context().keyCondition(""));
        fails("Invalid ProjectionExpression: The expression can not be empty;", () -> context().projection(""));
    }

    @Test
    void expressionOverFourKilobytesIsRefusedBeforeParsing() {
        String text = "a".repeat(4097);
        fails("Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;",
                () -> context().projection(text));
        context().projection("a".repeat(4096));
    }

    @Test
    void onlyConditionsAndFiltersTellTheExpressionSize() {
        String path = "a" + "z".repeat(4096);
        fails("Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4119",
                () -> context().condition(ExpressionContext.Kind.ConditionExpression, "attribute_not_exists(" + path
                        + ")"));
        fails("Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 4102",
                () -> context().condition(ExpressionContext.Kind.FilterExpression, path + " = :v"));
        fails("Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed size;",
                () -> context().keyCondition("pk = :p AND " + path + " = :q"));
        fails("Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;",
                () -> context().update("SET " + path + " = :v"));
    }

    @Test
    void expressionSizeCountsUtf8BytesOfTheTextAsSent() {
        String text = "a = :v AND b = :v OR " + "\u00e9".repeat(2040);
        fails("Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 4101",
                () -> context().condition(ExpressionContext.Kind.FilterExpression, text));
    }

    @Test
    void bareNamesStartWithALetter() {
        fails("Invalid UpdateExpression: Syntax error; token: \"_\", near: \"SET _123\"",
                () -> context(null, values(":val1", Fixtures.n("3"))).update("SET _123 = :val1"));
        fails("Invalid UpdateExpression: Syntax error; token: \"123\", near: \"SET 123a\"",
                () -> context(null, values(":val1", Fixtures.n("3"))).update("SET 123a = :val1"));
        fails("Invalid UpdateExpression: Syntax error; token: \"_\", near: \"= _f\"",
                () -> context().update("SET a = _f(b,c,d)"));
        context(names("#123", "x", "#_", "y"), values(":123", s("v"), ":_", s("w"))).update("SET #123 = :123, #_ = :_");
        context(null, values(":v", s("v"))).update("SET Alpha_Numeric_123 = :v, A123_ = :v");
    }

    @Test
    void valuePlaceholderCannotBeAssignedTo() {
        fails("Invalid UpdateExpression: Syntax error; token: \":a\", near: \"SET :a =\"",
                () -> context(null, values(":a", s("1"), ":b", s("2"))).update("SET :a = :b"));
    }

    @Test
    void listIndexesAreDigitsOnly() {
        fails("Invalid UpdateExpression: Syntax error; token: \":xyz\", near: \"[:xyz]\"",
                () -> context(null, values(":val1", s("x"), ":xyz", Fixtures.n("1"))).update("SET a[:xyz] = :val1"));
    }

    @Test
    void arithmeticInsideAFunctionIsASyntaxError() {
        fails("Invalid UpdateExpression: Syntax error; token: \"+\", near: \":val1+:val2\"",
                () -> context().update("SET c = if_not_exists(c, :val1+:val2)"));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "ADD numx | <EOF> | numx",
        "SET note = :v + | <EOF> | +",
        "SET numx = numx * :v | * | numx * :v",
        "DELETE setx | <EOF> | setx",
        "DELETE setx a | a | setx a",
        "ADD numx 1 | 1 | numx 1",
        "SET | <EOF> | SET"})
    void updateSyntaxErrorsNameTheTokenAndItsNeighbours(String text, String token, String near) {
        fails("Invalid UpdateExpression: Syntax error; token: \"" + token + "\", near: \"" + near + "\"",
                () -> context(null, values(":v", Fixtures.n("1"))).update(text));
    }
}
