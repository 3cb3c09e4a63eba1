package com.bigtimedeals.platform;

import java.util.Set;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * DynamoDB refusals that say "not now" rather than "no": a write to an item another transaction holds
 * (TransactionConflictException), and a transaction cancelled by another one or by an item's throughput. The SDK retries
 * neither (they are not throttling errors to it), so the code that meets one backs off and tries again, and what
 * still fails is a 503 with Retry-After, never a 500.
 */
public final class Contention {
    /** Cancellation reasons that are contention, not an outcome. */
    static final Set<String> REASONS = Set.of("TransactionConflict", "ThrottlingError", "ProvisionedThroughputExceeded");

    private Contention() {
    }

    /** Whether another transaction or the item's throughput cancelled this transaction (beside any other reason). */
    public static boolean cancelledBy(TransactionCanceledException e) {
        return e.hasCancellationReasons() && e.cancellationReasons().stream().anyMatch(r -> REASONS.contains(r.code()));
    }

    /**
     * Whether {@code e} refused a request only for contention: an item held by a transaction, or a transaction whose
     * every failing item failed for contention (no condition failed).
     */
    public static boolean isContention(AwsServiceException e) {
        if (e instanceof TransactionConflictException) {
            return true;
        }
        if (e instanceof TransactionCanceledException t && cancelledBy(t)) {
            for (CancellationReason r : t.cancellationReasons()) {
                if (r.code() != null && !"None".equals(r.code()) && !REASONS.contains(r.code())) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
