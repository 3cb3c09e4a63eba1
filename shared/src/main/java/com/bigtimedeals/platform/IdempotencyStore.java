package com.bigtimedeals.platform;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The answers to {@code POST}s sent with an {@code Idempotency-Key}: one item per caller and key (access pattern:
 * Idempotency record), kept for {@link #RETENTION_SECONDS} by DynamoDB's TTL. A request claims the key with a
 * conditional put (one request; a failed claim returns the item that holds the key, so a replay costs that one
 * request); the claimant runs the work and records its answer (one more request). A claim is held for a lease: if
 * its request died with the function (a Lambda timeout), another may take the key over once the lease has run out.
 * The routes with a request budget write the record, answer and all, in their own transaction instead
 * ({@link KeyedWrite}): no claim, no lease, 2 requests fewer. Either way a record holding an answer is final.
 * Reads never depend on TTL having deleted anything: an item past its expiry counts as absent.
 */
public final class IdempotencyStore {
    /** 24 hours, as the contract keeps keys. */
    public static final long RETENTION_SECONDS = 24 * 3600;
    private static final String FINGERPRINT = "fingerprint";
    private static final String LEASE = "leaseUntil";
    private static final String STATUS = "status";
    private static final String BODY = "body";
    private static final String TTL = TableDefinition.TTL_ATTRIBUTE;

    /** The first answer under a key: its status and body (null for none). */
    public record Answer(int status, String body) {
    }

    /**
     * What holds a key. {@code answer} is null while its first request still runs (until {@code leaseUntil}, epoch
     * milliseconds).
     */
    public record Holder(String fingerprint, Answer answer, long leaseUntil) {
    }

    private final Table table;

    public IdempotencyStore(Table table) {
        this.table = table;
    }

    /**
     * Claims {@code key} for a request whose method, path and body hash to {@code fingerprint}: null when the claim
     * is this request's (it must then {@link #complete} or {@link #release} it), else what already holds the key.
     */
    public Holder claim(String caller, String key, String fingerprint, Instant now, long leaseUntil) {
        Map<String, AttributeValue> item = record(caller, key, fingerprint, now, leaseUntil).build();
        try {
            PutItemRequest.Builder put = PutItemRequest.builder().tableName(table.name()).item(item)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
            whileFree(now, put::conditionExpression, put::expressionAttributeNames, put::expressionAttributeValues);
            PutItemRequest request = put.build();
            pastTransactions(() -> table.client().putItem(request));
            return null;
        } catch (ConditionalCheckFailedException e) {
            if (!e.hasItem() || e.item().isEmpty()) {
                throw new IllegalStateException("DynamoDB refused the claim without returning the item that holds it", e);
            }
            return holder(e.item());
        }
    }

    /**
     * Takes over a key whose claimant's lease ran out ({@code expiredLease}): only one of several requests doing so
     * at once gets it. True when this one did.
     */
    public boolean takeOver(String caller, String key, long expiredLease, long leaseUntil) {
        try {
            pastTransactions(() -> table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
                    .key(Keys.idempotencyRecord(caller, key))
                    .updateExpression("SET #lease = :lease")
                    .conditionExpression("#lease = :expired AND attribute_not_exists(#status)")
                    .expressionAttributeNames(Map.of("#lease", LEASE, "#status", STATUS))
                    .expressionAttributeValues(Map.of(":lease", AttributeValue.fromN(Long.toString(leaseUntil)),
                            ":expired", AttributeValue.fromN(Long.toString(expiredLease))))
                    .build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /** What holds the key now (a strongly consistent read), or null when nothing does. */
    public Holder read(String caller, String key, Instant now) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.idempotencyRecord(caller, key)).consistentRead(true).build()).item();
        return item == null || item.isEmpty() || !isLive(item, now) ? null : holder(item);
    }

    /**
     * One write of a record, again after a backoff while a transaction holds the item (TransactionConflictException):
     * a route that carries its key writes the record in its transaction, and a twin request's write of the same record
     * meets that transaction for the moment it commits, after which the write's condition says what holds the key.
     */
    static <T> T pastTransactions(java.util.function.Supplier<T> write) {
        return Transactions.retrying(write);
    }

    /** Every attribute {@link #holder} and {@link #isLive} read, for a projection that must read a record whole. */
    static final java.util.List<String> ATTRIBUTES = java.util.List.of(Keys.PK, Keys.SK, FINGERPRINT, LEASE, STATUS, BODY, TTL);

    /** A record past its expiry that TTL has not deleted yet no longer holds its key. */
    static boolean isLive(Map<String, AttributeValue> item, Instant now) {
        return new ItemReader(item).number(TTL) > now.getEpochSecond();
    }

    /** The condition of every write that takes a key: no record holds it ({@link #isLive}). */
    static void whileFree(Instant now, Consumer<String> condition, Consumer<Map<String, String>> names,
                          Consumer<Map<String, AttributeValue>> values) {
        condition.accept("attribute_not_exists(PK) OR #ttl <= :now");
        names.accept(Map.of("#ttl", TTL));
        values.accept(Map.of(":now", AttributeValue.fromN(Long.toString(now.getEpochSecond()))));
    }

    private static ItemWriter record(String caller, String key, String fingerprint, Instant now, long leaseUntil) {
        return new ItemWriter(Keys.idempotencyRecord(caller, key), Keys.IDEMPOTENCY_RECORD)
                .string(FINGERPRINT, fingerprint)
                .number(LEASE, leaseUntil)
                .number(TTL, now.getEpochSecond() + RETENTION_SECONDS);
    }

    /**
     * A record written with its answer, by the route's own transaction ({@link KeyedWrite}): it holds no lease (no
     * request is running under it), so nothing ever takes it over.
     */
    static Map<String, AttributeValue> answeredItem(String caller, String key, String fingerprint, Instant now, Answer answer) {
        ItemWriter record = record(caller, key, fingerprint, now, now.toEpochMilli()).number(STATUS, answer.status());
        if (answer.body() != null) {
            record.value(BODY, AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(gzip(answer.body()))));
        }
        return record.build();
    }

    /** Records the claimant's answer for replays; the body is kept compressed (a category with 20 deals is 10 KB). */
    public void complete(String caller, String key, long lease, Answer answer) {
        Map<String, AttributeValue> values = new java.util.HashMap<>();
        values.put(":status", AttributeValue.fromN(Integer.toString(answer.status())));
        values.put(":lease", AttributeValue.fromN(Long.toString(lease)));
        Map<String, String> names = new java.util.HashMap<>(Map.of("#status", STATUS, "#lease", LEASE));
        String set = "SET #status = :status";
        // A 204 has no body: the name is given only with its value, since DynamoDB refuses a name no expression uses.
        if (answer.body() != null) {
            values.put(":body", AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(gzip(answer.body()))));
            names.put("#body", BODY);
            set += ", #body = :body";
        }
        UpdateItemRequest.Builder update = UpdateItemRequest.builder().tableName(table.name())
                .key(Keys.idempotencyRecord(caller, key))
                .updateExpression(set)
                // Only the request whose lease this still is records an answer: one that lost its lease to a
                // takeover (it outlived it) must not overwrite the answer of the request that took over.
                .conditionExpression("#lease = :lease")
                .expressionAttributeNames(names)
                .expressionAttributeValues(values);
        pastTransactions(() -> table.client().updateItem(update.build()));
    }

    /**
     * Gives the key back without an answer: the request was refused or failed, wrote nothing, and a retry with the
     * same key must run it afresh. A rejected request leaves no record behind.
     */
    public void release(String caller, String key, long lease) {
        try {
            pastTransactions(() -> table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
                    .key(Keys.idempotencyRecord(caller, key))
                    .conditionExpression("#lease = :lease AND attribute_not_exists(#status)")
                    .expressionAttributeNames(Map.of("#lease", LEASE, "#status", STATUS))
                    .expressionAttributeValues(Map.of(":lease", AttributeValue.fromN(Long.toString(lease))))
                    .build()));
        } catch (ConditionalCheckFailedException e) {
            // Taken over meanwhile: the key is someone else's now.
        }
    }

    static Holder holder(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        Answer answer = null;
        if (r.has(STATUS)) {
            AttributeValue body = item.get(BODY);
            answer = new Answer((int) r.number(STATUS), body == null ? null : gunzip(body.b().asByteArrayUnsafe()));
        }
        return new Holder(r.string(FINGERPRINT), answer, r.number(LEASE));
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String gunzip(byte[] bytes) {
        try (GZIPInputStream z = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(z.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
