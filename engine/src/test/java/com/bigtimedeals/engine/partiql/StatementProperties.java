package com.bigtimedeals.engine.partiql;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;

import com.bigtimedeals.engine.Engine;
import com.bigtimedeals.engine.SampleTable;
import com.bigtimedeals.engine.api.Response;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Whatever a client sends as a statement, the service answers with its own 400s (a statement that is not well
 * formed, a validation error, a failed condition); an internal error (500) would be an engine bug.
 */
class StatementProperties {
    private static final List<String> WORDS = List.of("SELECT", "*", "FROM", "\"t\"", "t", "\"t\".\"byG\"", "WHERE", "pk", "sk", "v",
            "m.a", "l[1]", "l[99999999999]", "=", "<>", "<", ">=", "'a'", "''", "1", "-2.5e3", "1e999", "123456789012345678901234567890123456789012",
            "AND", "OR", "NOT", "(", ")", "[", "]", "{", "}", "<<", ">>", "?", ".", ",", ":", "SET", "REMOVE", "UPDATE", "INSERT", "INTO",
            "VALUE", "DELETE", "RETURNING", "ALL", "OLD", "NEW", "MODIFIED", "EXISTS", "IN", "BETWEEN", "IS", "MISSING", "NULL", "TRUE",
            "size", "begins_with", "contains", "list_append", "set_add", "if_not_exists", "ORDER", "BY", "DESC", "+", "-", ";", "AS", "x");

    private static Engine engine;

    @BeforeContainer
    static void start() {
        engine = SampleTable.start();
    }

    @AfterContainer
    static void stop() {
        engine.close();
    }

    private static Response call(String op, String body) {
        return SampleTable.call(engine, op, body);
    }

    @Provide
    Arbitrary<String> statements() {
        Arbitrary<String> token = Arbitraries.of(WORDS);
        Arbitrary<String> random = token.list().ofMinSize(1).ofMaxSize(14).map(l -> String.join(" ", l));
        Arbitrary<String> shaped = Arbitraries.of(
                "SELECT * FROM \"t\" WHERE ", "UPDATE \"t\" SET v = 1 WHERE pk = 'a' AND sk = 1 AND ",
                "INSERT INTO \"t\" VALUE {'pk': 'b', 'sk': 2, 'v': ", "DELETE FROM \"t\" WHERE pk = 'a' AND sk = 1 AND ",
                "UPDATE \"t\" SET ", "SELECT * FROM \"t\".\"byG\" WHERE g = 'x' AND ")
                .flatMap(prefix -> token.list().ofMaxSize(8).map(l -> prefix + String.join(" ", l)));
        return Arbitraries.oneOf(random, shaped);
    }

    @Property(tries = 400)
    void anyStatementIsAnsweredWithoutAnInternalError(@ForAll("statements") String statement) {
        String quoted = new String(JsonStringEncoder.getInstance().quoteAsString(statement));
        for (String params : new String[] {"", ",\"Parameters\":[{\"S\":\"a\"}]"}) {
            Response r = call("ExecuteStatement", "{\"Statement\":\"" + quoted + "\"" + params + "}");
            assertNotEquals(500, r.status(), () -> statement + " -> " + new String(r.body(), StandardCharsets.UTF_8));
            Response t = call("ExecuteTransaction", "{\"TransactStatements\":[{\"Statement\":\"" + quoted + "\"" + params + "}]}");
            assertNotEquals(500, t.status(), () -> statement + " -> " + new String(t.body(), StandardCharsets.UTF_8));
        }
    }
}
