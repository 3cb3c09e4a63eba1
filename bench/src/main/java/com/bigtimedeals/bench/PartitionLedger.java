package com.bigtimedeals.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Which partition keys a client's writes landed on, and how many write units each took when: the engine bills every
 * write (with the service's rules, transactions twice), the client reports what it was billed, and this ledger books
 * the units of a request on the partition keys it wrote, spread evenly over them (exact when, as for votes, every item
 * of the request is under 1 KB). Writes the engine refused (a partition over its limit) are counted, not booked.
 */
final class PartitionLedger implements ExecutionInterceptor {
    /** Units booked on one partition key at one moment. */
    private record Booking(long nanos, String partition, double units) {
    }

    private final ConcurrentLinkedQueue<Booking> bookings = new ConcurrentLinkedQueue<>();
    private final AtomicInteger refused = new AtomicInteger();
    private final java.util.concurrent.ConcurrentHashMap<String, AtomicInteger> refusals = new java.util.concurrent.ConcurrentHashMap<>();

    /** Forgets what was booked so far: the next figures are of what comes after. */
    void reset() {
        bookings.clear();
        refused.set(0);
        refusals.clear();
    }

    /** Writes (or transactions) the engine refused for a partition over its per-second limit, before any retry. */
    int refused() {
        return refused.get();
    }

    /** What was refused, by request and reason (and partition key, ids left out). */
    String refusals(String dealId) {
        return refusals.isEmpty() ? "none" : new java.util.TreeMap<>(refusals).toString().replace(dealId, "<dealId>")
                .replaceAll("voter\\d+", "<user>");
    }

    /** The partition keys written since the last reset that {@code which} selects. */
    long partitions(java.util.function.Predicate<String> which) {
        return bookings.stream().map(Booking::partition).filter(which).distinct().count();
    }

    /** The busiest partition key's most write units within any one second, and which key that was. */
    Map.Entry<String, Double> busiestSecond() {
        return busiestSecond(java.util.function.UnaryOperator.identity());
    }

    /**
     * The same with the keys {@code together} selects booked as one (what one item in their place would have taken).
     */
    double busiestSecondTogether(java.util.function.Predicate<String> together) {
        return busiestSecond(p -> together.test(p) ? "together" : p).getValue();
    }

    private Map.Entry<String, Double> busiestSecond(java.util.function.UnaryOperator<String> grouping) {
        Map<String, List<Booking>> byPartition = new HashMap<>();
        bookings.forEach(b -> byPartition.computeIfAbsent(grouping.apply(b.partition()), k -> new ArrayList<>()).add(b));
        Map.Entry<String, Double> busiest = Map.entry("none", 0.0);
        for (Map.Entry<String, List<Booking>> p : byPartition.entrySet()) {
            List<Booking> list = p.getValue();
            list.sort(Comparator.comparingLong(Booking::nanos));
            double window = 0;
            int from = 0;
            for (Booking b : list) {
                window += b.units();
                while (b.nanos() - list.get(from).nanos() >= 1_000_000_000L) {
                    window -= list.get(from++).units();
                }
                if (window > busiest.getValue()) {
                    busiest = Map.entry(p.getKey(), window);
                }
            }
        }
        return busiest;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        SdkResponse response = context.response();
        List<String> partitions = new ArrayList<>();
        double units;
        if (request instanceof TransactWriteItemsRequest t && response instanceof TransactWriteItemsResponse r) {
            t.transactItems().forEach(i -> partitions.add(partition(i)));
            units = total(r.consumedCapacity());
        } else if (request instanceof PutItemRequest p && response instanceof PutItemResponse r) {
            partitions.add(pk(p.item()));
            units = total(r.consumedCapacity() == null ? List.of() : List.of(r.consumedCapacity()));
        } else if (request instanceof UpdateItemRequest u && response instanceof UpdateItemResponse r) {
            partitions.add(pk(u.key()));
            units = total(r.consumedCapacity() == null ? List.of() : List.of(r.consumedCapacity()));
        } else if (request instanceof DeleteItemRequest d && response instanceof DeleteItemResponse r) {
            partitions.add(pk(d.key()));
            units = total(r.consumedCapacity() == null ? List.of() : List.of(r.consumedCapacity()));
        } else if (request instanceof BatchWriteItemRequest b && response instanceof BatchWriteItemResponse r) {
            java.util.Set<Map<String, AttributeValue>> unprocessed = new java.util.HashSet<>();
            r.unprocessedItems().values().forEach(l -> l.forEach(w -> unprocessed.add(key(w))));
            b.requestItems().values().forEach(l -> l.forEach(w -> {
                if (!unprocessed.contains(key(w))) {
                    partitions.add(pk(key(w)));
                }
            }));
            units = total(r.consumedCapacity());
        } else {
            return;
        }
        long now = System.nanoTime();
        for (String p : partitions) {
            bookings.add(new Booking(now, p, units / partitions.size()));
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        Throwable e = context.exception();
        SdkRequest request = context.request();
        if (e instanceof TransactionCanceledException t && t.hasCancellationReasons() && request instanceof TransactWriteItemsRequest w) {
            for (int i = 0; i < t.cancellationReasons().size(); i++) {
                String code = t.cancellationReasons().get(i).code();
                if ("ThrottlingError".equals(code) || "ProvisionedThroughputExceeded".equals(code)) {
                    refused.incrementAndGet();
                    refusals.computeIfAbsent("TransactWriteItems " + code + " on " + partition(w.transactItems().get(i)),
                            k -> new AtomicInteger()).incrementAndGet();
                    return;
                }
            }
        } else if (e.getClass().getSimpleName().contains("Throttl") || e.getClass().getSimpleName().contains("ProvisionedThroughput")) {
            refused.incrementAndGet();
            refusals.computeIfAbsent(request.getClass().getSimpleName() + " " + e.getClass().getSimpleName(),
                    k -> new AtomicInteger()).incrementAndGet();
        }
    }

    private static String partition(TransactWriteItem i) {
        if (i.put() != null) {
            return pk(i.put().item());
        } else if (i.update() != null) {
            return pk(i.update().key());
        } else if (i.delete() != null) {
            return pk(i.delete().key());
        }
        return pk(i.conditionCheck().key());
    }

    private static Map<String, AttributeValue> key(WriteRequest w) {
        return w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
    }

    private static String pk(Map<String, AttributeValue> item) {
        return item.get("PK").s();
    }

    private static double total(List<ConsumedCapacity> capacity) {
        double sum = 0;
        for (ConsumedCapacity c : capacity == null ? List.<ConsumedCapacity>of() : capacity) {
            sum += c.capacityUnits() == null ? 0 : c.capacityUnits();
        }
        return sum;
    }
}
