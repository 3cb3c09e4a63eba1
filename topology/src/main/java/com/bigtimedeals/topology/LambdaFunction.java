package com.bigtimedeals.topology;

import java.util.Arrays;
import java.util.List;

/**
 * Every deployed function, once: its name, the handler class Lambda instantiates, and what it is given. The
 * handler is named by its binary name, not a class literal, so that the CDK app (which reads this) never depends
 * on the Lambda code; {@code HandlerBindingTest} in the functions module proves each name is a handler class bound
 * to this very descriptor. The CDK stack deploys these, the local gateway and stream delivery load them by name.
 */
public enum LambdaFunction {
    DEALS("Deals", "com.bigtimedeals.api.DealsHandler", Kind.API),
    BRANDS("Brands", "com.bigtimedeals.api.BrandsHandler", Kind.API),
    CATEGORIES("Categories", "com.bigtimedeals.api.CategoriesHandler", Kind.API),
    FOLLOWS("Follows", "com.bigtimedeals.api.FollowsHandler", Kind.API),
    INBOX("Inbox", "com.bigtimedeals.api.InboxHandler", Kind.API),
    /** Votes on deals: the busiest writes of a popular deal, with functions of their own. */
    VOTES("Votes", "com.bigtimedeals.api.VotesHandler", Kind.API),
    /** Search and deal alerts (an alert is a standing search): both read the index of words. */
    SEARCH("Search", "com.bigtimedeals.api.SearchHandler", Kind.API),
    /** Deal threads, community reports and the editors' moderation queue. */
    COMMENTS("Comments", "com.bigtimedeals.api.CommentsHandler", Kind.API),
    /**
     * The caller's devices and notification settings: the only API function that talks to the push service (it makes
     * and deletes platform endpoints), so no other handler loads the SNS SDK.
     */
    DEVICES("Devices", "com.bigtimedeals.api.DevicesHandler", Kind.API),
    /** The table's stream consumer: fan-out, blasts, account clean-ups, the front-page cache. */
    STREAM_CONSUMER("StreamConsumer", "com.bigtimedeals.stream.StreamHandler", Kind.STREAM),
    /** Touches resumable walks that made no progress for a while, so their stream records come again. */
    SWEEPER("StalledWorkSweeper", "com.bigtimedeals.stream.SweepHandler", Kind.SCHEDULE),
    /**
     * The user pool's pre token generation trigger: takes {@link Access#EDITORS_GROUP} out of the token of a user who
     * has no authenticator app, so the editors' routes need a sign-in with a second factor.
     */
    EDITORS_GROUP_GATE("EditorsGroupGate", "com.bigtimedeals.lambda.EditorsGroupGate", Kind.SIGN_IN);

    /** How a function is invoked. */
    public enum Kind {
        /** By the HTTP API, for the routes of {@link RouteTable} that name it; memory buys a fast SnapStart restore. */
        API(1024, 10),
        /** By the event source mapping ({@link StreamMapping}); a full vCPU for fan-out, and the mapping's timeout. */
        STREAM(ONE_VCPU_MB, StreamMapping.TIMEOUT_SECONDS),
        /** On a schedule ({@link #SWEEP_EVERY_MINUTES}). */
        SCHEDULE(512, 60),
        /** By Cognito while it signs a user in, which waits at most 5 seconds for it; it reads no table. */
        SIGN_IN(512, 5);

        private final int memoryMb;
        private final int timeoutSeconds;

        Kind(int memoryMb, int timeoutSeconds) {
            this.memoryMb = memoryMb;
            this.timeoutSeconds = timeoutSeconds;
        }
    }

    /** The memory at which Lambda gives a function one full vCPU; below it, CPU in proportion to memory. */
    public static final int ONE_VCPU_MB = 1769;

    /** How often the deployed sweeper runs: each minute, so a reminder or a quiet-hours summary is out within 2. */
    public static final int SWEEP_EVERY_MINUTES = 1;

    private final String id;
    private final String handlerClass;
    private final Kind kind;

    LambdaFunction(String id, String handlerClass, Kind kind) {
        this.id = id;
        this.handlerClass = handlerClass;
        this.kind = kind;
    }

    /** A short name for construct ids and function names. */
    public String id() {
        return id;
    }

    /** The binary name of the class Lambda instantiates: {@code handler} in the function configuration. */
    public String handlerClass() {
        return handlerClass;
    }

    public Kind kind() {
        return kind;
    }

    public int memoryMb() {
        return kind.memoryMb;
    }

    /** The share of one vCPU the function's environment runs on (at most 1 for a single-threaded handler). */
    public double vcpuShare() {
        return Math.min(1, kind.memoryMb / (double) ONE_VCPU_MB);
    }

    public int timeoutSeconds() {
        return kind.timeoutSeconds;
    }

    /** The functions behind the HTTP API. */
    public static List<LambdaFunction> api() {
        return Arrays.stream(values()).filter(f -> f.kind == Kind.API).toList();
    }
}
