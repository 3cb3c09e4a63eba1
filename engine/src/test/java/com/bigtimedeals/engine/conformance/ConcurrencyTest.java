package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** Threads racing on one item and transactions racing writes: atomic per item, serializable transactions. */
class ConcurrencyTest extends ConformanceSupport {
    private static void race(int threads, Runnable work) throws Exception {
        race(threads, index -> work.run());
    }

    /** Runs {@code work} on {@code threads} threads released together, each given its index (roles by index, not by thread id). */
    private static void race(int threads, java.util.function.IntConsumer work) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    work.accept(index);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            all.add(t);
            t.start();
        }
        for (Thread t : all) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    @Test
    void racingConditionalUpdatesOfOneItemNeverLoseAnUpdate() throws Exception {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "counter", "n", 0)));
        AtomicInteger succeeded = new AtomicInteger();
        race(4, () -> {
            for (int i = 0; i < 100; i++) {
                String seen = db.getItem(b -> b.tableName(t).key(item("pk", "counter")).consistentRead(true)).item().get("n").n();
                try {
                    db.updateItem(b -> b.tableName(t).key(item("pk", "counter")).updateExpression("SET n = n + :one")
                            .conditionExpression("n = :seen").expressionAttributeValues(Map.of(":one", n(1), ":seen", n(seen))));
                    succeeded.incrementAndGet();
                } catch (ConditionalCheckFailedException lostRace) {
                    // another thread changed n between our read and our write: exactly what the condition is for
                }
            }
        });
        String n = db.getItem(b -> b.tableName(t).key(item("pk", "counter"))).item().get("n").n();
        assertEquals(Integer.toString(succeeded.get()), n);
        assertTrue(succeeded.get() >= 100, "at least one writer wins each round");
    }

    @Test
    void racingUnconditionalAddsAllCount() throws Exception {
        String t = table(ScalarAttributeType.S, null);
        race(4, () -> {
            for (int i = 0; i < 200; i++) {
                db.updateItem(b -> b.tableName(t).key(item("pk", "sum")).updateExpression("ADD n :one")
                        .expressionAttributeValues(Map.of(":one", n(1))));
            }
        });
        assertEquals("800", db.getItem(b -> b.tableName(t).key(item("pk", "sum"))).item().get("n").n());
    }

    @Test
    void onlyOneRacingCreateOfAnItemSucceeds() throws Exception {
        String t = table(ScalarAttributeType.S, null);
        for (int round = 0; round < 20; round++) {
            String key = "item" + round;
            AtomicInteger created = new AtomicInteger();
            race(4, () -> {
                try {
                    db.putItem(b -> b.tableName(t).item(item("pk", key, "by", Thread.currentThread().getName()))
                            .conditionExpression("attribute_not_exists(pk)"));
                    created.incrementAndGet();
                } catch (ConditionalCheckFailedException already) {
                    // someone else created it first
                }
            });
            assertEquals(1, created.get(), key);
        }
    }

    /**
     * Transfers between two items race each other and plain writes to a third; transactional reads racing them
     * never see half a transfer. Conflicts are allowed (the service cancels racing transactions too).
     */
    @Test
    void transactionsRacingWritesStaySerializable() throws Exception {
        String t = table(ScalarAttributeType.S, null);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "n", 1000)));
        db.putItem(b -> b.tableName(t).item(item("pk", "b", "n", 0)));
        AtomicInteger transfers = new AtomicInteger();
        AtomicInteger reads = new AtomicInteger();
        race(4, (int index) -> {
            boolean reader = index % 2 == 0;
            for (int i = 0; i < 150; i++) {
                try {
                    if (reader) {
                        var r = db.transactGetItems(b -> b.transactItems(
                                TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", "a"))).build(),
                                TransactGetItem.builder().get(g -> g.tableName(t).key(item("pk", "b"))).build()));
                        long sum = Long.parseLong(r.responses().get(0).item().get("n").n())
                                + Long.parseLong(r.responses().get(1).item().get("n").n());
                        assertEquals(1000, sum, "a transactional read saw half a transfer");
                        reads.incrementAndGet();
                    } else {
                        db.transactWriteItems(b -> b.transactItems(
                                TransactWriteItem.builder().update(u -> u.tableName(t).key(item("pk", "a"))
                                        .updateExpression("SET n = n - :one").conditionExpression("n >= :one")
                                        .expressionAttributeValues(Map.of(":one", n(1)))).build(),
                                TransactWriteItem.builder().update(u -> u.tableName(t).key(item("pk", "b"))
                                        .updateExpression("SET n = n + :one").expressionAttributeValues(Map.of(":one", n(1)))).build()));
                        transfers.incrementAndGet();
                        db.putItem(b -> b.tableName(t).item(item("pk", "c", "n", 1)));
                    }
                } catch (TransactionCanceledException conflict) {
                    assertTrue(conflict.cancellationReasons().stream().anyMatch(r -> r.code().equals("TransactionConflict")),
                            conflict.awsErrorDetails().errorMessage());
                }
            }
        });
        long a = Long.parseLong(db.getItem(b -> b.tableName(t).key(item("pk", "a"))).item().get("n").n());
        long b2 = Long.parseLong(db.getItem(b -> b.tableName(t).key(item("pk", "b"))).item().get("n").n());
        assertEquals(1000, a + b2);
        assertEquals(transfers.get(), b2);
        assertTrue(reads.get() > 0, "no transactional read completed: the race tested nothing");
        assertTrue(transfers.get() > 0, "no transfer completed: the race tested nothing");
    }

    /**
     * Transactions and single writes racing on the same two items: every write either applies whole or is refused
     * with a conflict, so the final values are exactly the sums of what was acknowledged.
     */
    @Test
    void writesRacingTransactionsApplyWholeOrAreRefusedAsConflicts() throws Exception {
        String t = table(ScalarAttributeType.S, null);
        AtomicInteger xAcked = new AtomicInteger();
        AtomicInteger yAcked = new AtomicInteger();
        race(4, (int index) -> {
            boolean transactional = index % 2 == 0;
            for (int i = 0; i < 100; i++) {
                try {
                    if (transactional) {
                        db.transactWriteItems(b -> b.transactItems(
                                TransactWriteItem.builder().update(u -> u.tableName(t).key(item("pk", "x"))
                                        .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", n(1)))).build(),
                                TransactWriteItem.builder().update(u -> u.tableName(t).key(item("pk", "y"))
                                        .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", n(1)))).build()));
                        xAcked.incrementAndGet();
                        yAcked.incrementAndGet();
                    } else {
                        String key = i % 2 == 0 ? "x" : "y";
                        db.updateItem(b -> b.tableName(t).key(item("pk", key)).updateExpression("ADD n :one")
                                .expressionAttributeValues(Map.of(":one", n(1))));
                        (key.equals("x") ? xAcked : yAcked).incrementAndGet();
                    }
                } catch (DynamoDbException refused) {
                    String code = refused.awsErrorDetails().errorCode();
                    assertTrue(code.equals("TransactionCanceledException") || code.equals("TransactionConflictException"), code);
                }
            }
        });
        Map<String, AttributeValue> x = db.getItem(b -> b.tableName(t).key(item("pk", "x"))).item();
        Map<String, AttributeValue> y = db.getItem(b -> b.tableName(t).key(item("pk", "y"))).item();
        assertEquals(Integer.toString(xAcked.get()), x.get("n").n());
        assertEquals(Integer.toString(yAcked.get()), y.get("n").n());
    }
}
