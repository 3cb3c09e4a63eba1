package com.bigtimedeals.platform;

import java.util.List;

import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Counts the DynamoDB requests and the capacity they consumed on the current thread, so that the request
 * budget of every route can be logged, asserted in tests and shown by the local stack in
 * {@code X-DynamoDB-*} headers. It asks DynamoDB for {@code TOTAL} consumed capacity on every request.
 * Retries of one call count as one request, as the budget counts calls. It also times each attempt on the wire
 * (sent to answered), so that the local stack can tell a handler's own run time from its waits on DynamoDB.
 */
public final class RequestMeter implements ExecutionInterceptor {
    /**
     * What one thread has spent since {@link #reset()}; {@code attempts} counts every HTTP attempt (a call's retries
     * too) and {@code wireNanos} their time from sent to answered.
     */
    public record Usage(int requests, double readUnits, double writeUnits, boolean capacityReported, int attempts,
                        long wireNanos) {
    }

    private static final class Tally {
        int requests;
        double read;
        double write;
        boolean reported;
        int attempts;
        long wireNanos;
    }

    private static final ExecutionAttribute<Long> SENT_AT = new ExecutionAttribute<>("RequestMeter.sentAt");

    private static final ThreadLocal<Tally> TALLY = ThreadLocal.withInitial(Tally::new);

    public static void reset() {
        TALLY.set(new Tally());
    }

    /**
     * What every thread has spent since {@link #resetAll()}: for work spread over threads the caller cannot reset (a
     * consumer's push threads), as the benchmark measures a side-by-side batch.
     */
    private static final Tally ALL = new Tally();

    public static void resetAll() {
        synchronized (ALL) {
            ALL.requests = 0;
            ALL.read = 0;
            ALL.write = 0;
            ALL.reported = false;
            ALL.attempts = 0;
            ALL.wireNanos = 0;
        }
    }

    public static Usage usageAll() {
        synchronized (ALL) {
            return new Usage(ALL.requests, ALL.read, ALL.write, ALL.reported, ALL.attempts, ALL.wireNanos);
        }
    }

    public static Usage usage() {
        Tally t = TALLY.get();
        return new Usage(t.requests, t.read, t.write, t.reported, t.attempts, t.wireNanos);
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest r = context.request();
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (r instanceof GetItemRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof QueryRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof PutItemRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof UpdateItemRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof DeleteItemRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof BatchGetItemRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof BatchWriteItemRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof TransactWriteItemsRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof TransactGetItemsRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof ScanRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof BatchExecuteStatementRequest q && q.returnConsumedCapacity() == null) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        }
        return r;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        TALLY.get().requests++;
        synchronized (ALL) {
            ALL.requests++;
        }
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        attributes.putAttribute(SENT_AT, System.nanoTime());
    }

    /** On the calling thread, as every sync call: the attempt's time from sent to answered. */
    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        Long sent = attributes.getAttribute(SENT_AT);
        if (sent == null) {
            return;
        }
        long wire = System.nanoTime() - sent;
        for (Tally t : List.of(TALLY.get(), ALL)) {
            synchronized (t) {
                t.attempts++;
                t.wireNanos += wire;
            }
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkResponse r = context.response();
        if (r instanceof GetItemResponse g) {
            add(g.consumedCapacity(), true);
        } else if (r instanceof QueryResponse g) {
            add(g.consumedCapacity(), true);
        } else if (r instanceof ScanResponse g) {
            add(g.consumedCapacity(), true);
        } else if (r instanceof BatchGetItemResponse g) {
            addAll(g.consumedCapacity(), true);
        } else if (r instanceof TransactGetItemsResponse g) {
            addAll(g.consumedCapacity(), true);
        } else if (r instanceof PutItemResponse g) {
            add(g.consumedCapacity(), false);
        } else if (r instanceof UpdateItemResponse g) {
            add(g.consumedCapacity(), false);
        } else if (r instanceof DeleteItemResponse g) {
            add(g.consumedCapacity(), false);
        } else if (r instanceof BatchWriteItemResponse g) {
            addAll(g.consumedCapacity(), false);
        } else if (r instanceof TransactWriteItemsResponse g) {
            addAll(g.consumedCapacity(), false);
        } else if (r instanceof BatchExecuteStatementResponse g) {
            // The product's batches of statements are writes only (the push claims' INSERTs, PushStore).
            addAll(g.consumedCapacity(), false);
        }
    }

    private static void addAll(List<ConsumedCapacity> list, boolean read) {
        if (list != null) {
            list.forEach(c -> add(c, read));
        }
    }

    /** Reads and writes are told apart by the operation: DynamoDB often reports only the total. */
    private static void add(ConsumedCapacity c, boolean read) {
        if (c == null || c.capacityUnits() == null) {
            return;
        }
        for (Tally t : List.of(TALLY.get(), ALL)) {
            synchronized (t) {
                t.reported = true;
                if (read) {
                    t.read += c.capacityUnits();
                } else {
                    t.write += c.capacityUnits();
                }
            }
        }
    }
}
