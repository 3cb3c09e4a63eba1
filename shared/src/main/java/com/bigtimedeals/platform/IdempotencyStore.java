package com.bigtimedeals.platform;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * The records of keyed operations (a {@code POST} sent with an {@code Idempotency-Key}): one item per caller and key
 * (access pattern: Idempotency record), kept for {@link #RETENTION_SECONDS} by DynamoDB's TTL. What a record keeps of
 * the operation's result is opaque here: bytes the service layer made (IdempotencyService) and alone reads back. The
 * service claims a key with a conditional put (one request; a failed claim returns the item that holds the key, so a
 * replay costs that one request), runs the operation and records its outcome (one more request). A claim is held for
 * a lease: if its request died with the function (a Lambda timeout), another may take the key over once the lease has
 * run out. An operation with a request budget has its store write the record, outcome and all, in the operation's own
 * transaction instead ({@link KeyedWrite}): no claim, no lease, 2 requests fewer. Either way a record holding an
 * outcome is final, and so is one the code before outcomes finished with its answer ({@link LegacyAnswer}). Reads never
 * depend on TTL having deleted anything: an item past its expiry counts as absent.
 */
public final class IdempotencyStore {
    /** 24 hours, as the contract keeps keys. */
    public static final long RETENTION_SECONDS = 24 * 3600;
    private static final String FINGERPRINT = "fingerprint";
    private static final String LEASE = "leaseUntil";
    /** The outcome's bytes, compressed; absent while the claimant still runs. */
    private static final String OUTCOME = "outcome";
    private static final String TTL = TableDefinition.TTL_ATTRIBUTE;
    /**
     * The first answer's status and body (gzipped UTF-8, absent for none), as the code before outcomes wrote a record
     * (a claimed request's completion, or a carried one's transaction). Read, never written: the last such record
     * expires 24 hours after that code stopped running.
     */
    private static final String LEGACY_STATUS = "status";
    private static final String LEGACY_BODY = "body";

    /**
     * What holds a key. {@code outcome} (the service's bytes) is null while its first request still runs (until
     * {@code leaseUntil}, epoch milliseconds), and for a record of the code before outcomes, whose first answer
     * {@code legacy} holds instead (null for every other record).
     */
    public record Holder(String fingerprint, byte[] outcome, long leaseUntil, LegacyAnswer legacy) {
    }

    /**
     * The first answer under a key as the code before outcomes recorded it, status and body (null for none), which a
     * repeat gets back as it was: no typed result can be decoded from it.
     */
    public record LegacyAnswer(int status, String body) {
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
                    // Nor one the code before outcomes finished (its claimant outlived the lease, then recorded):
                    // taking that over would do its work twice.
                    .conditionExpression("#lease = :expired AND attribute_not_exists(#outcome) AND attribute_not_exists(#status)")
                    .expressionAttributeNames(Map.of("#lease", LEASE, "#outcome", OUTCOME, "#status", LEGACY_STATUS))
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
    static final java.util.List<String> ATTRIBUTES = java.util.List.of(Keys.PK, Keys.SK, FINGERPRINT, LEASE, OUTCOME,
            LEGACY_STATUS, LEGACY_BODY, TTL);

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
     * A record written with its outcome, by the operation's own transaction ({@link KeyedWrite}): it holds no lease
     * (no request is running under it), so nothing ever takes it over.
     */
    static Map<String, AttributeValue> recordedItem(String caller, String key, String fingerprint, Instant now, byte[] outcome) {
        return record(caller, key, fingerprint, now, now.toEpochMilli()).value(OUTCOME, compressed(outcome)).build();
    }

    /**
     * Records the claimant's outcome for replays, kept compressed (a category with 20 featured deals is 10 KB of
     * answer).
     */
    public void complete(String caller, String key, long lease, byte[] outcome) {
        UpdateItemRequest.Builder update = UpdateItemRequest.builder().tableName(table.name())
                .key(Keys.idempotencyRecord(caller, key))
                .updateExpression("SET #outcome = :outcome")
                // Only the request whose lease this still is records an outcome: one that lost its lease to a
                // takeover (it outlived it) must not overwrite the outcome of the request that took over.
                .conditionExpression("#lease = :lease")
                .expressionAttributeNames(Map.of("#outcome", OUTCOME, "#lease", LEASE))
                .expressionAttributeValues(Map.of(":outcome", compressed(outcome),
                        ":lease", AttributeValue.fromN(Long.toString(lease))));
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
                    .conditionExpression("#lease = :lease AND attribute_not_exists(#outcome)")
                    .expressionAttributeNames(Map.of("#lease", LEASE, "#outcome", OUTCOME))
                    .expressionAttributeValues(Map.of(":lease", AttributeValue.fromN(Long.toString(lease))))
                    .build()));
        } catch (ConditionalCheckFailedException e) {
            // Taken over meanwhile: the key is someone else's now.
        }
    }

    static Holder holder(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        AttributeValue outcome = item.get(OUTCOME);
        return new Holder(r.string(FINGERPRINT), outcome == null ? null : gunzip(outcome.b().asByteArrayUnsafe()),
                r.number(LEASE), legacy(item));
    }

    /**
     * The first answer of a record the code before outcomes finished: without it such a record reads as a claim
     * whose lease ran out, is taken over, and a retry that spans the deploy does its work twice.
     */
    private static LegacyAnswer legacy(Map<String, AttributeValue> item) {
        if (item.containsKey(OUTCOME) || !item.containsKey(LEGACY_STATUS)) {
            return null;
        }
        AttributeValue body = item.get(LEGACY_BODY);
        return new LegacyAnswer((int) new ItemReader(item).number(LEGACY_STATUS),
                body == null ? null : new String(gunzip(body.b().asByteArrayUnsafe()), java.nio.charset.StandardCharsets.UTF_8));
    }

    private static AttributeValue compressed(byte[] outcome) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(outcome);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(out.toByteArray()));
    }

    private static byte[] gunzip(byte[] bytes) {
        try (GZIPInputStream z = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return z.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
