package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * PartiQL for DynamoDB (Developer Guide, "PartiQL - a SQL-compatible query language for Amazon DynamoDB"):
 * ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, each statement behaving as the documented
 * SELECT, INSERT, UPDATE, DELETE and EXISTS.
 */
class PartiqlTest extends ConformanceSupport {
    private List<Map<String, AttributeValue>> run(String statement, AttributeValue... params) {
        return execute(statement, params).items();
    }

    private ExecuteStatementResponse execute(String statement, AttributeValue... params) {
        return db.executeStatement(b -> {
            b.statement(statement);
            if (params.length > 0) {
                b.parameters(params);
            }
        });
    }

    private Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        return db.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
    }

    private static ParameterizedStatement stmt(String statement, AttributeValue... params) {
        ParameterizedStatement.Builder b = ParameterizedStatement.builder().statement(statement);
        if (params.length > 0) {
            b.parameters(params);
        }
        return b.build();
    }

    @Test
    void insertAddsTheItemAndReturnsNoValues() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        List<Map<String, AttributeValue>> items = run("INSERT INTO \"" + t + "\" VALUE {'pk': 'a', 'sk': 1, 'v': 'x', 'l': [1, 'y'], 'm': {'n': true}}");
        assertTrue(items.isEmpty());
        assertEquals(item("pk", "a", "sk", n(1), "v", "x", "l", AttributeValue.fromL(List.of(n(1), s("y"))),
                "m", AttributeValue.fromM(Map.of("n", AttributeValue.fromBool(true)))), get(t, item("pk", "a", "sk", n(1))));
    }

    @Test
    void insertOfAnExistingKeyIsRefusedAsDuplicateItem() {
        String t = table(ScalarAttributeType.S, null);
        run("INSERT INTO \"" + t + "\" VALUE {'pk': 'a', 'v': 1}");
        assertError("DuplicateItemException", "Duplicate primary key exists in table",
                () -> run("INSERT INTO \"" + t + "\" VALUE {'pk': 'a', 'v': 2}"));
        assertEquals(item("pk", "a", "v", 1), get(t, item("pk", "a")));
    }

    @Test
    void parametersAreBoundInTheOrderOfTheQuestionMarks() {
        String t = table(ScalarAttributeType.S, null);
        run("INSERT INTO \"" + t + "\" VALUE {'pk': ?, 'v': ?}", s("a"), n(7));
        assertEquals(List.of(item("pk", "a", "v", 7)), run("SELECT * FROM \"" + t + "\" WHERE pk = ?", s("a")));
    }

    @Test
    void parameterCountMustMatchTheStatement() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Number of parameters in request and statement don't match.",
                () -> run("SELECT * FROM \"" + t + "\" WHERE pk = ?"));
    }

    @Test
    void selectByFullKeyReturnsTheItemOrNothing() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", n(1), "v", "x")));
        assertEquals(List.of(item("pk", "a", "sk", n(1), "v", "x")), run("SELECT * FROM \"" + t + "\" WHERE pk = 'a' AND sk = 1"));
        assertTrue(run("SELECT * FROM \"" + t + "\" WHERE pk = 'a' AND sk = 2").isEmpty());
    }

    @Test
    void selectProjectsTheNamedAttributes() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", "x", "w", "y")));
        assertEquals(List.of(item("v", "x")), run("SELECT v FROM \"" + t + "\" WHERE pk = 'a'"));
    }

    @Test
    void selectByPartitionKeyReturnsThePartitionInSortKeyOrderOrReversedByOrderByDesc() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        for (int i : new int[] {3, 1, 2}) {
            db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", n(i))));
        }
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "sk", n(1))));
        assertEquals(List.of(n(1), n(2), n(3)), sortKeys(run("SELECT * FROM \"" + t + "\" WHERE pk = 'a'")));
        assertEquals(List.of(n(3), n(2)), sortKeys(run("SELECT * FROM \"" + t + "\" WHERE pk = 'a' AND sk >= 2 ORDER BY sk DESC")));
    }

    /**
     * ORDER BY takes the hash or sort key (Developer Guide, PartiQL select statements) of a statement with a partition
     * key condition; the service's refusals are worded as an emulator's source records them checked against the
     * service. A statement the service would order but the engine cannot (several partitions) is refused.
     */
    @Test
    void orderByTakesAKeyOfAStatementWithAPartitionKeyCondition() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", n(1), "v", 1)));
        String from = "SELECT * FROM \"" + t + "\"";
        assertError("ValidationException", "Must have WHERE clause in the statement when using ORDER BY clause.",
                () -> run(from + " ORDER BY sk"));
        assertError("ValidationException", "Attribute v in ORDER BY clause must be part of the primary key",
                () -> run(from + " WHERE pk = 'a' ORDER BY v"));
        assertError("ValidationException", "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.",
                () -> run(from + " WHERE v = 1 ORDER BY sk"));
        assertError("ValidationException", "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause.",
                () -> run(from + " WHERE pk IN ['a', 'b'] ORDER BY sk"));
        assertError("ValidationException", null, () -> run(from + " WHERE pk IN ['a', 'b'] ORDER BY pk"));
        assertEquals(List.of(n(1)), sortKeys(run(from + " WHERE pk = 'a' AND v = 1 ORDER BY sk ASC")));
    }

    private static List<AttributeValue> sortKeys(List<Map<String, AttributeValue>> items) {
        List<AttributeValue> keys = new ArrayList<>();
        for (Map<String, AttributeValue> i : items) {
            keys.add(i.get("sk"));
        }
        return keys;
    }

    @Test
    void selectWithoutTheKeyScansWithTheWhereClauseAsAFilter() {
        String t = table(ScalarAttributeType.S, null);
        for (int i = 0; i < 5; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "k" + k, "v", k)));
        }
        assertEquals(2, run("SELECT * FROM \"" + t + "\" WHERE v > 2").size());
        assertEquals(5, run("SELECT * FROM \"" + t + "\"").size());
        assertEquals(1, run("SELECT * FROM \"" + t + "\" WHERE v IN [1, 9] AND attribute_exists(pk)").size());
    }

    /**
     * PartiQL's IN takes a list of up to 100 values, as expressions do; 101 are refused with the expressions' message,
     * counting the values, whether the IN filters or names partition keys.
     */
    @Test
    void inTakesAListOfUpTo100Values() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 5)));
        List<String> numbers = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            numbers.add(Integer.toString(i));
            keys.add("'k" + i + "'");
        }
        String tooMany = "The IN operator is provided with too many operands; number of operands: 101";
        String filter = "SELECT * FROM \"" + t + "\" WHERE pk = 'a' AND v IN [";
        assertEquals(1, run(filter + String.join(", ", numbers.subList(0, 100)) + "]").size());
        assertError("ValidationException", tooMany, () -> run(filter + String.join(", ", numbers) + "]"));
        assertError("ValidationException", tooMany, () -> run("SELECT * FROM \"" + t + "\" WHERE pk IN [" + String.join(", ", keys) + "]"));
        assertError("ValidationException", tooMany, () -> run("UPDATE \"" + t + "\" SET w = 1 WHERE pk = 'a' AND v IN ["
                + String.join(", ", numbers) + "]"));
        assertFalse(get(t, item("pk", "a")).containsKey("w"));
    }

    @Test
    void selectWithLimitPagesOnWithNextToken() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        for (int i = 0; i < 5; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "a", "sk", n(k))));
        }
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            String from = token;
            ExecuteStatementResponse r = db.executeStatement(b -> b.statement("SELECT * FROM \"" + t + "\" WHERE pk = 'a'").limit(2).nextToken(from));
            all.addAll(r.items());
            token = r.nextToken();
            pages++;
        } while (token != null);
        assertEquals(List.of(n(0), n(1), n(2), n(3), n(4)), sortKeys(all));
        assertTrue(pages >= 3);
    }

    /**
     * A NextToken belongs to the statement and parameters that minted it: used with another statement (another WHERE
     * clause, another table) or other parameters the service answers "NextToken does not match request", and a token
     * it cannot read "Invalid NextToken" (captures against the service recorded in nubo-db/dynoxide
     * src/partiql/executor.rs; aws-sdk-js-v3 issue 4424).
     */
    @Test
    void nextTokenIsBoundToItsStatementAndParameters() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        String u = table(ScalarAttributeType.S, ScalarAttributeType.N);
        for (int i = 0; i < 3; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "p1", "sk", n(k))));
            db.putItem(b -> b.tableName(t).item(item("pk", "p2", "sk", n(k))));
        }
        String statement = "SELECT * FROM \"" + t + "\" WHERE pk = ?";
        String token = db.executeStatement(b -> b.statement(statement).parameters(s("p1")).limit(1)).nextToken();
        assertNotNull(token);
        String mismatch = "NextToken does not match request";
        assertError("ValidationException", mismatch, () -> db.executeStatement(b -> b
                .statement("SELECT * FROM \"" + t + "\" WHERE pk = 'p2'").limit(1).nextToken(token)));
        assertError("ValidationException", mismatch, () -> db.executeStatement(b -> b
                .statement("SELECT * FROM \"" + u + "\" WHERE pk = ?").parameters(s("p1")).limit(1).nextToken(token)));
        assertError("ValidationException", mismatch, () -> db.executeStatement(b -> b
                .statement(statement).parameters(s("p2")).limit(1).nextToken(token)));
        assertError("ValidationException", "Invalid NextToken", () -> db.executeStatement(b -> b
                .statement(statement).parameters(s("p1")).limit(1).nextToken("not a token")));
        assertEquals(List.of(item("pk", "p1", "sk", n(1))),
                db.executeStatement(b -> b.statement(statement).parameters(s("p1")).limit(1).nextToken(token)).items());
        // A token whose binding is right but whose position is forged names no read of the statement: a 400 like any
        // unreadable token, not a failure of the engine.
        String json = new String(java.util.Base64.getDecoder().decode(token), java.nio.charset.StandardCharsets.UTF_8);
        for (String position : List.of("99", "-1", "1.5", "99999999999")) {
            String forged = java.util.Base64.getEncoder().encodeToString(json.replaceFirst("\"i\":[0-9]+", "\"i\":" + position)
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertError("ValidationException", "Invalid NextToken", () -> db.executeStatement(b -> b
                    .statement(statement).parameters(s("p1")).limit(1).nextToken(forged)));
        }
    }

    @Test
    void selectFromAnIndexReadsTheIndex() {
        String t = tableWithIndexOnG("byG", software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "g", "x")));
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "g", "y")));
        assertEquals(List.of(item("pk", "a", "g", "x")), run("SELECT * FROM \"" + t + "\".\"byG\" WHERE g = 'x'"));
    }

    /** A table keyed by pk (S) with one global index, {@code name}, keyed by g (S). */
    private String tableWithIndexOnG(String name, software.amazon.awssdk.services.dynamodb.model.ProjectionType projection) {
        return table(ScalarAttributeType.S, null, b -> b
                .attributeDefinitions(
                        software.amazon.awssdk.services.dynamodb.model.AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        software.amazon.awssdk.services.dynamodb.model.AttributeDefinition.builder().attributeName("g").attributeType(ScalarAttributeType.S).build())
                .globalSecondaryIndexes(gsi -> gsi.indexName(name)
                        .keySchema(k -> k.attributeName("g").keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))
                        .projection(p -> p.projectionType(projection))));
    }

    private String tableWithKeysOnlyIndex() {
        return tableWithIndexOnG("gix", software.amazon.awssdk.services.dynamodb.model.ProjectionType.KEYS_ONLY);
    }

    /**
     * A SELECT from a global index naming attributes it does not project is refused, and so is a WHERE clause naming
     * them when it keys the index; an unkeyed read scans the index and matches nothing (captures against the service
     * recorded in nubo-db/dynoxide src/partiql/executor.rs and tests/partiql_index_qualifier.rs).
     */
    @Test
    void selectFromAnIndexRefusesAttributesItDoesNotProject() {
        String t = tableWithKeysOnlyIndex();
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "g", "x", "v", 1)));
        assertError("ValidationException", "One or more parameter values were invalid: Global secondary index gix does not project [v]",
                () -> run("SELECT pk, v FROM \"" + t + "\".\"gix\" WHERE g = 'x'"));
        assertError("ValidationException", "One or more parameter values were invalid: Secondary index gix does not project one or more filter attributes: [v]",
                () -> run("SELECT * FROM \"" + t + "\".\"gix\" WHERE g = 'x' AND v = 1"));
        assertTrue(run("SELECT * FROM \"" + t + "\".\"gix\" WHERE v = 1").isEmpty());
        assertEquals(List.of(item("pk", "a", "g", "x")), run("SELECT pk, g FROM \"" + t + "\".\"gix\" WHERE g = 'x'"));
    }

    /** PartiQL words a consistent read of a global index its own way; Query keeps its wording (capture Q16, as above). */
    @Test
    void consistentReadOfAGlobalIndexIsRefusedInPartiqlsWords() {
        String t = tableWithKeysOnlyIndex();
        assertError("ValidationException", "Strongly consistent read is not supported on Global Secondary Indexes",
                () -> db.executeStatement(b -> b.statement("SELECT * FROM \"" + t + "\".\"gix\" WHERE g = 'x'").consistentRead(true)));
        assertError("ValidationException", "Consistent reads are not supported on global secondary indexes",
                () -> db.query(b -> b.tableName(t).indexName("gix").keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("x"))).consistentRead(true)));
    }

    @Test
    void updateSetsAndRemovesAttributesAndReturnsTheNewItemWhenAsked() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1, "gone", "x", "l", AttributeValue.fromL(List.of(n(1))))));
        List<Map<String, AttributeValue>> items = run("UPDATE \"" + t + "\" SET v = v + 2 SET l = list_append(l, [2]) REMOVE gone"
                + " WHERE pk = 'a' RETURNING ALL NEW *");
        Map<String, AttributeValue> expected = item("pk", "a", "v", 3, "l", AttributeValue.fromL(List.of(n(1), n(2))));
        assertEquals(List.of(expected), items);
        assertEquals(expected, get(t, item("pk", "a")));
    }

    @Test
    void updateAddsToAndDeletesFromSetsWithSetAddAndSetDelete() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "ss", AttributeValue.fromSs(List.of("x", "y")))));
        run("UPDATE \"" + t + "\" SET ss = set_add(ss, <<'z'>>) WHERE pk = 'a'");
        run("UPDATE \"" + t + "\" SET ss = set_delete(ss, <<'x'>>) WHERE pk = 'a'");
        assertEquals(AttributeValue.fromSs(List.of("y", "z")).ss().stream().sorted().toList(),
                get(t, item("pk", "a")).get("ss").ss().stream().sorted().toList());
    }

    @Test
    void updateOfAMissingItemFailsItsCondition() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ConditionalCheckFailedException", "The conditional request failed",
                () -> run("UPDATE \"" + t + "\" SET v = 1 WHERE pk = 'nobody'"));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "nobody"))).hasItem());
    }

    @Test
    void updateWithAConditionTheItemDoesNotMeetFails() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        assertError("ConditionalCheckFailedException", "The conditional request failed",
                () -> run("UPDATE \"" + t + "\" SET v = 5 WHERE pk = 'a' AND v = 2"));
        run("UPDATE \"" + t + "\" SET v = 5 WHERE pk = 'a' AND v = 1");
        assertEquals(item("pk", "a", "v", 5), get(t, item("pk", "a")));
    }

    @Test
    void writesMustNameTheWholePrimaryKey() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        assertError("ValidationException", "Where clause does not contain a mandatory equality on all key attributes",
                () -> run("UPDATE \"" + t + "\" SET v = 1 WHERE pk = 'a'"));
        assertError("ValidationException", "Where clause does not contain a mandatory equality on all key attributes",
                () -> run("DELETE FROM \"" + t + "\" WHERE pk = 'a'"));
    }

    @Test
    void deleteOfAMissingItemSucceeds() {
        String t = table(ScalarAttributeType.S, null);
        assertTrue(run("DELETE FROM \"" + t + "\" WHERE pk = 'nobody'").isEmpty());
    }

    @Test
    void deleteRemovesTheItemAndReturnsItWithReturningAllOld() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        assertEquals(List.of(item("pk", "a", "v", 1)), run("DELETE FROM \"" + t + "\" WHERE pk = 'a' RETURNING ALL OLD *"));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
    }

    @Test
    void deleteWithAConditionTheItemDoesNotMeetFails() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        assertError("ConditionalCheckFailedException", "The conditional request failed",
                () -> run("DELETE FROM \"" + t + "\" WHERE pk = 'a' AND v = 2"));
        assertTrue(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).hasItem());
    }

    @Test
    void statementOnAMissingTableIsResourceNotFound() {
        assertError("ResourceNotFoundException", null, () -> run("SELECT * FROM \"nosuchtable\" WHERE pk = 'a'"));
    }

    @Test
    void malformedStatementIsAValidationError() {
        String t = table(ScalarAttributeType.S, null);
        DynamoDbExceptionHolder.check(assertError("ValidationException", null, () -> run("SELEKT * FROM \"" + t + "\"")));
        assertError("ValidationException", null, () -> run("SELECT * FROM \"" + t + "\" WHERE"));
    }

    /** Statement syntax errors start with the service's words. */
    private static final class DynamoDbExceptionHolder {
        static void check(software.amazon.awssdk.services.dynamodb.model.DynamoDbException e) {
            assertTrue(e.awsErrorDetails().errorMessage().startsWith("Statement wasn't well formed, can't be processed"),
                    e.awsErrorDetails().errorMessage());
        }
    }

    @Test
    void batchExecuteStatementAnswersEachStatementOnItsOwn() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "taken")));
        List<BatchStatementResponse> r = db.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'new'}").build(),
                BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'taken'}").build(),
                BatchStatementRequest.builder().statement("UPDATE \"" + t + "\" SET v = 1 WHERE pk = 'nobody'").build())).responses();
        assertEquals(3, r.size());
        assertNull(r.get(0).error());
        assertEquals("DuplicateItem", r.get(1).error().codeAsString());
        assertEquals("ConditionalCheckFailed", r.get(2).error().codeAsString());
        assertTrue(db.getItem(b -> b.tableName(t).key(item("pk", "new"))).hasItem());
    }

    /**
     * A member that failed validation names no table; one that met a failed condition, a duplicate item or a missing
     * table names it (captures against the service recorded in nubo-db/dynoxide src/actions/batch_execute_statement.rs).
     */
    @Test
    void batchMembersNameTheirTableExceptOnValidationErrors() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "taken")));
        List<BatchStatementResponse> r = db.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'taken'}").build(),
                BatchStatementRequest.builder().statement("UPDATE \"" + t + "\" SET v = 1 WHERE pk = 'nobody'").build(),
                BatchStatementRequest.builder().statement("DELETE FROM \"nosuchtable\" WHERE pk = 'a'").build(),
                BatchStatementRequest.builder().statement("UPDATE \"" + t + "\" SET v = 1 WHERE v = 2").build(),
                BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'new'}").build())).responses();
        assertEquals(List.of("DuplicateItem", "ConditionalCheckFailed", "ResourceNotFound", "ValidationError"),
                r.subList(0, 4).stream().map(x -> x.error().codeAsString()).toList());
        assertEquals(t, r.get(0).tableName());
        assertEquals(t, r.get(1).tableName());
        assertEquals("nosuchtable", r.get(2).tableName());
        assertNull(r.get(3).tableName());
        assertNull(r.get(4).error());
        assertEquals(t, r.get(4).tableName());
    }

    @Test
    void batchExecuteStatementReadsSingleItems() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        List<BatchStatementResponse> r = db.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("SELECT * FROM \"" + t + "\" WHERE pk = 'a'").build(),
                BatchStatementRequest.builder().statement("SELECT * FROM \"" + t + "\" WHERE pk = 'b'").build())).responses();
        assertEquals(item("pk", "a", "v", 1), r.get(0).item());
        assertFalse(r.get(1).hasItem());
        assertNull(r.get(1).error());
    }

    @Test
    void batchExecuteStatementRefusesReadsAndWritesTogether() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Read and write requests together in the same batch is not supported.",
                () -> db.batchExecuteStatement(b -> b.statements(
                        BatchStatementRequest.builder().statement("SELECT * FROM \"" + t + "\" WHERE pk = 'a'").build(),
                        BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'b'}").build())));
    }

    @Test
    void executeTransactionWritesAllStatementsTogether() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "u", "v", 1)));
        db.putItem(b -> b.tableName(t).item(item("pk", "d")));
        db.executeTransaction(b -> b.transactStatements(
                stmt("INSERT INTO \"" + t + "\" VALUE {'pk': ?}", s("i")),
                stmt("UPDATE \"" + t + "\" SET v = v + 1 WHERE pk = 'u'"),
                stmt("DELETE FROM \"" + t + "\" WHERE pk = 'd'")));
        assertTrue(db.getItem(b -> b.tableName(t).key(item("pk", "i"))).hasItem());
        assertEquals(item("pk", "u", "v", 2), get(t, item("pk", "u")));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "d"))).hasItem());
    }

    @Test
    void executeTransactionIsCancelledWithOneReasonPerStatementAndChangesNothing() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "taken")));
        TransactionCanceledException e = assertThrows(TransactionCanceledException.class, () -> db.executeTransaction(b -> b.transactStatements(
                stmt("INSERT INTO \"" + t + "\" VALUE {'pk': 'new'}"),
                stmt("EXISTS(SELECT * FROM \"" + t + "\" WHERE pk = 'taken' AND v = 1)"))));
        assertEquals(List.of("None", "ConditionalCheckFailed"), e.cancellationReasons().stream().map(r -> r.code()).toList());
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "new"))).hasItem());
    }

    @Test
    void executeTransactionReadsItemsByTheirFullKey() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        ExecuteTransactionResponse r = db.executeTransaction(b -> b.transactStatements(
                stmt("SELECT * FROM \"" + t + "\" WHERE pk = 'a'"),
                stmt("SELECT * FROM \"" + t + "\" WHERE pk = 'b'")));
        assertEquals(2, r.responses().size());
        assertEquals(item("pk", "a", "v", 1), r.responses().get(0).item());
        assertFalse(r.responses().get(1).hasItem());
    }

    @Test
    void executeTransactionRefusesReadsAndWritesTogether() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "ExecuteTransaction API does not support both read and write operations in the same request.",
                () -> db.executeTransaction(b -> b.transactStatements(
                        stmt("SELECT * FROM \"" + t + "\" WHERE pk = 'a'"),
                        stmt("INSERT INTO \"" + t + "\" VALUE {'pk': 'b'}"))));
    }

    /**
     * A RETURNING clause in any statement of ExecuteTransaction refuses the whole request before any write (captures
     * against the service recorded in nubo-db/dynoxide src/actions/execute_transaction.rs and tests/partiql.rs).
     */
    @Test
    void executeTransactionRefusesReturningBeforeAnyWrite() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        assertError("ValidationException", "Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.",
                () -> db.executeTransaction(b -> b.transactStatements(
                        stmt("UPDATE \"" + t + "\" SET v = 2 WHERE pk = 'a' RETURNING ALL NEW *"))));
        assertError("ValidationException", "Validation failed in TransactStatements[1]: RETURNING clause is not supported in ExecuteTransaction.",
                () -> db.executeTransaction(b -> b.transactStatements(
                        stmt("INSERT INTO \"" + t + "\" VALUE {'pk': 'b'}"),
                        stmt("DELETE FROM \"" + t + "\" WHERE pk = 'a' RETURNING ALL OLD *"))));
        assertEquals(item("pk", "a", "v", 1), get(t, item("pk", "a")));
        assertFalse(db.getItem(b -> b.tableName(t).key(item("pk", "b"))).hasItem());
    }

    /** A transaction does not read from an index (capture recorded in nubo-db/dynoxide src/actions/execute_transaction.rs). */
    @Test
    void executeTransactionRefusesReadsOnAnIndex() {
        String t = tableWithIndexOnG("byG", software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL);
        assertError("ValidationException", "Validation failed in TransactStatements[0]: Reads on indices are not supported within transactions.",
                () -> db.executeTransaction(b -> b.transactStatements(stmt("SELECT * FROM \"" + t + "\".\"byG\" WHERE g = 'x'"))));
    }

    /**
     * UPDATE and DELETE on "table"."index" are refused before the table is looked up, a missing table included; an
     * INSERT into one is refused with its own unwrapped message (captures Q23 to Q25 recorded in nubo-db/dynoxide
     * tests/partiql_index_qualifier.rs).
     */
    @Test
    void writesNamingAnIndexAreRefused() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 0)));
        String onIndex = "This operation is not supported on an index";
        assertError("ValidationException", onIndex, () -> run("UPDATE \"" + t + "\".\"gix\" SET v = 1 WHERE pk = 'a'"));
        assertError("ValidationException", onIndex, () -> run("DELETE FROM \"" + t + "\".\"gix\" WHERE pk = 'a'"));
        assertError("ValidationException", onIndex, () -> run("UPDATE \"nosuchtable\".\"gix\" SET v = 1 WHERE pk = 'a'"));
        assertError("ValidationException", "FROM clause may only contain a single table name in data manipulation statements",
                () -> run("INSERT INTO \"" + t + "\".\"gix\" VALUE {'pk': 'b'}"));
        assertEquals(item("pk", "a", "v", 0), get(t, item("pk", "a")));
    }

    @Test
    void existsOutsideATransactionIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertNotNull(assertError("ValidationException", null,
                () -> run("EXISTS(SELECT * FROM \"" + t + "\" WHERE pk = 'a')")));
    }

    @Test
    void quotedNamesNestedPathsAndFunctionsWorkAsInTheGuidesExamples() {
        String t = table(ScalarAttributeType.S, null);
        run("INSERT INTO \"" + t + "\" VALUE {'pk': 'Acme Band', 'Song': 'PartiQL Rocks', 'Info': {'Year': 2020}}");
        run("UPDATE \"" + t + "\" SET \"Info\".\"Label\" = 'Indie' SET Awards = 1 WHERE \"pk\" = 'Acme Band' AND Awards IS MISSING");
        assertEquals(List.of(item("Label", "Indie")),
                run("SELECT Info.Label FROM \"" + t + "\" WHERE pk = 'Acme Band' AND begins_with(Song, 'PartiQL') AND contains(Song, 'Rocks')"));
        assertEquals(1, run("SELECT * FROM \"" + t + "\" WHERE Info.\"Year\" BETWEEN 2019 AND 2021 AND Awards IS NOT MISSING").size());
    }

    @Test
    void selectOfNamedAttributesAnswersAnEmptyItemWhereTheyAreMissing() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "u", "x")));
        db.putItem(b -> b.tableName(t).item(item("pk", "b")));
        List<Map<String, AttributeValue>> items = run("select u from " + t);
        assertEquals(2, items.size());
        assertTrue(items.contains(Map.of()));
        assertTrue(items.contains(item("u", "x")));
    }

    @Test
    void selectFromAnUnknownIndexIsRefusedWithoutNamingIt() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "The table does not have the specified index", () -> run("select * from " + t + ".nosuchindex"));
        assertError("ResourceNotFoundException", "Requested resource not found", () -> run("select * from nosuchtable.nosuchindex"));
    }

    @Test
    void whereClauseCombinesParenthesesFunctionsAndComparisons() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "0", "Name", "run code", "Category", "free", "Price", n("2E-7"), "FreeTier", n("1E+6"))));
        db.putItem(b -> b.tableName(t).item(item("pk", "1", "Name", "scale", "Category", "free", "Price", n(0),
                "FreeTier", AttributeValue.fromNul(true))));
        db.putItem(b -> b.tableName(t).item(item("pk", "2", "Name", "code", "Category", "paid", "Price", n(7))));
        assertEquals(List.of(item("pk", "0")), run("SELECT pk FROM \"" + t + "\" WHERE (contains(\"Name\", 'code') OR contains(Category, 'code'))"
                + " AND Category = 'free' AND Price >= 0 AND Price <= 1 AND FreeTier IS NOT MISSING AND attribute_type(\"FreeTier\", 'N')"));
    }

    @Test
    void batchSelectWithoutTheWholeKeyIsAnErrorOfItsOwnStatement() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        List<BatchStatementResponse> r = db.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("SELECT * FROM \"" + t + "\" WHERE v = 1").build(),
                BatchStatementRequest.builder().statement("SELECT * FROM \"" + t + "\" WHERE pk = ?").parameters(s("a")).build())).responses();
        assertEquals("ValidationError", r.get(0).error().codeAsString());
        assertEquals("Select statements within BatchExecuteStatement must specify the primary key in the where clause.", r.get(0).error().message());
        assertNull(r.get(0).tableName());
        assertEquals(item("pk", "a", "v", 1), r.get(1).item());
        assertEquals(t, r.get(1).tableName());
    }

    @Test
    void batchSelectWithAnotherConditionAnswersTheItemOnlyWhenItMatches() {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        List<BatchStatementResponse> r = db.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("SELECT v FROM \"" + t + "\" WHERE pk = 'a' AND v = 1").build(),
                BatchStatementRequest.builder().statement("SELECT * FROM \"" + t + "\" WHERE pk = 'a' AND v = 2").build())).responses();
        assertEquals(item("v", 1), r.get(0).item());
        assertFalse(r.get(1).hasItem());
        assertNull(r.get(1).error());
    }

    @Test
    void batchStatementWithTheWrongNumberOfParametersFailsAlone() {
        String t = table(ScalarAttributeType.S, null);
        List<BatchStatementResponse> r = db.batchExecuteStatement(b -> b.statements(
                BatchStatementRequest.builder().statement("UPDATE \"" + t + "\" SET a = ?, b = ? WHERE pk = ?").parameters(s("x"), s("y")).build(),
                BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'new'}").build())).responses();
        assertEquals("ValidationError", r.get(0).error().codeAsString());
        assertEquals("Number of parameters in request and statement don't match.", r.get(0).error().message());
        assertNull(r.get(1).error());
        assertEquals(t, r.get(1).tableName());
    }

    @Test
    void insertChecksTheItemAsPutItemDoes() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        assertError("ValidationException", "One or more parameter values were invalid: Missing the key sk in the item",
                () -> run("INSERT INTO \"" + t + "\" VALUE {'pk': 'a'}"));
        assertError("ValidationException", "One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S",
                () -> run("INSERT INTO \"" + t + "\" VALUE {'pk': 'a', 'sk': 'one'}"));
    }

    @Test
    void batchExecuteStatementReportsTheCapacityEachTableConsumed() {
        String t = table(ScalarAttributeType.S, null);
        String u = table(ScalarAttributeType.S, null);
        var r = db.batchExecuteStatement(b -> b.returnConsumedCapacity(software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.TOTAL)
                .statements(
                        BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'a'}").build(),
                        BatchStatementRequest.builder().statement("INSERT INTO \"" + t + "\" VALUE {'pk': 'b'}").build(),
                        BatchStatementRequest.builder().statement("INSERT INTO \"" + u + "\" VALUE {'pk': 'a'}").build()));
        Map<String, Double> units = new java.util.HashMap<>();
        r.consumedCapacity().forEach(c -> units.put(c.tableName(), c.capacityUnits()));
        assertEquals(Map.of(t, 2.0, u, 1.0), units);
    }
}
