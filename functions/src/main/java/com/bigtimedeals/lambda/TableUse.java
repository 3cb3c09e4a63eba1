package com.bigtimedeals.lambda;

import com.bigtimedeals.platform.Contention;
import com.bigtimedeals.platform.RequestMeter;

import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * The table as an invocation's frame sees it, above the services: what the invocation spent on it
 * ({@link RequestMeter}) and what a failure that came out of it means for the client. Here so that the API's frame
 * (ApiHandler) names neither the data layer nor the SDK: ArchitectureTest holds it to that.
 */
public final class TableUse {
    /** What one invocation spent: DynamoDB requests, and the read and write units DynamoDB reported for them. */
    public record Spent(int requests, double readUnits, double writeUnits) {
    }

    /** What a failure the services let through is. */
    public enum Failure {
        /** Throttled, or held by other transactions past the code's own retries: the client may try again (503). */
        BUSY,
        /** DynamoDB refused the request for another reason (500). */
        REFUSED,
        /** Not the table's: a bug (500). */
        OTHER
    }

    private TableUse() {
    }

    /** Starts counting this thread's requests afresh: one invocation's, not the one before's. */
    public static void start() {
        RequestMeter.reset();
    }

    public static Spent spent() {
        RequestMeter.Usage usage = RequestMeter.usage();
        return new Spent(usage.requests(), usage.readUnits(), usage.writeUnits());
    }

    public static Failure failure(RuntimeException e) {
        if (!(e instanceof AwsServiceException aws)) {
            return Failure.OTHER;
        }
        return aws.isThrottlingException() || Contention.isContention(aws) ? Failure.BUSY : Failure.REFUSED;
    }
}
