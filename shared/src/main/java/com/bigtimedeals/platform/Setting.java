package com.bigtimedeals.platform;

import java.util.Arrays;
import java.util.List;

/**
 * Every tunable setting of the product, with its default, defined once. A process reads its settings where it
 * starts, through {@link Settings} (a function's environment as Lambda sets it, or the local stack's), into a typed
 * configuration it passes down; the CDK stack reads its {@link #contextKey()} from {@code cdk.json} context; all
 * fall back to the same default here. The stack writes every {@link Where#FUNCTIONS} setting into each function's
 * environment, so what is deployed is always explicit in the template, and {@code cdk.json} overrides only what it
 * names. A setting the local stack runs with another value (a shorter clock, one machine for every function instance)
 * says so here too ({@link #localDefault()}).
 */
public enum Setting {
    /** Front-page copies {@code DEALSCACHE#1..N}; the reader and the stream consumer must use the same N (docs/fan-out.md). */
    CACHE_SHARDS("cacheShards", "10", Where.FUNCTIONS, 1, 1000),
    /** Parallel-scan segments of a hot-deal blast; at most 97, because they are created with the blast in one transaction. */
    BLAST_SEGMENTS("blastSegments", "16", Where.FUNCTIONS, 1, Setting.MAX_BLAST_SEGMENTS),
    /** Milliseconds of the stream consumer's timeout kept for the page in flight and its checkpoint. */
    WORK_RESERVE_MS("workReserveMs", "30000", Where.FUNCTIONS, 0, 900_000),
    /**
     * Message writes one stream invocation keeps in flight (docs/fan-out.md: which are batches, which conditional
     * puts). In AWS each write waits milliseconds on the network, and 32 keep an invocation busy. The local stack runs
     * every consumer instance (up to 10 per shard) in one JVM beside the engine, whose writes take microseconds of
     * CPU and no waiting: there, 4 in flight per instance keep the cores busy, and 32 only add threads contending for
     * them (measured with {@code ./bigtimedeals bench --fanout}: about a third less CPU per blast message).
     */
    DELIVERY_THREADS("deliveryThreads", "32", "4", Where.FUNCTIONS, 1, 128),
    /**
     * Walks (blast segments, handed-on fan-outs, account clean-ups) one stream invocation runs side by side; their
     * writes share the {@link #DELIVERY_THREADS} in flight. A batch often names several blast segments, and one
     * after another the first would spend the whole invocation while the rest wait for the next.
     */
    WALKS_PER_INVOCATION("walksPerInvocation", "16", Where.FUNCTIONS, 1, 100),
    /**
     * Milliseconds between two aggregations of one deal's counts, across every stream lane and shard
     * ({@code CountsGate}): a batch whose changes a finished aggregation already read is done; otherwise it claims the
     * deal's gate once this has passed, or waits for it. Each aggregation rewrites the deal item, which every
     * latest-deals index projects: at 2,000 votes a second on one deal every lane's batch rewrote it each second
     * (issue 41). 0 switches the gate off. Adds at most this to the lists' stream delay for a deal whose counts keep
     * moving; the deal page and the vote answer read exact counts.
     */
    COUNTS_PACE_MS("countsPaceMillis", "2000", Where.FUNCTIONS, 0, 60_000),
    /**
     * Recipients whose pushes one stream invocation sends side by side (the consumer's {@code PushRuns}); each
     * recipient's messages stay in order on one thread. A push is five round trips (the devices, the settings, the
     * claim, SNS's Publish, the claim's mark), which in AWS all wait on the network: one at a time, a batch of 100
     * messages waits seconds, and a new deal's 10,000 watchers miss the 5 s (docs/data-model.md, "Pushes at scale":
     * with AWS's round trips a batch of 100 takes 6.0 s one at a time, 0.24 s with 32). The local stack runs every
     * consumer instance (10 lanes) in one JVM beside the engine and the SNS stand-in, whose round trips are CPU, not
     * waiting: there, 4 (measured with {@code ./bigtimedeals bench --push}).
     */
    PUSHES_IN_FLIGHT("pushesInFlight", "32", "4", Where.FUNCTIONS, 1, 128),
    /**
     * Seconds without progress before the sweeper resumes a blast segment or handed-on fan-out: two consumer
     * timeouts, so a walk that is merely running is left alone. The local stack, whose invocations are seconds
     * long, picks up a stalled walk after 20.
     */
    SWEEP_STALLED_AFTER_S("sweepStalledAfterSeconds", "600", "20", Where.FUNCTIONS, 1, 86_400),
    /**
     * Days an inbox message is kept; DynamoDB TTL deletes it after, and reads hide it from then on. Its range is the
     * one retention rule, checked once by {@link InboxRetention}, the value every consumer of a retention takes.
     */
    INBOX_RETENTION_DAYS("inboxRetentionDays", "180", Where.FUNCTIONS, 1, 36_500),
    /**
     * Seconds a reporter's profile must exist before their {@code expired} report counts toward community expiry
     * (api.md, "Reports, tightened"), so that throwaway accounts cannot expire a deal. The local stack counts every
     * profile at once, so that a fresh demo can show the expiry.
     */
    REPORTER_MIN_AGE_S("reporterMinAgeSeconds", "86400", "0", Where.FUNCTIONS, 0, 31_536_000),
    /**
     * Comma-separated origins a browser may call the API from (the CMS); a trailing {@code *} matches any origin
     * starting with what precedes it, as API Gateway matches them. The default is the contract's: the CMS on a
     * development server at any port of localhost or 127.0.0.1. Deployed, the stack allows the CMS's own
     * CloudFront origin unless cdk.json names origins here (a custom domain in front of it).
     */
    CORS_ORIGINS("corsOrigins", "http://localhost:*,http://127.0.0.1:*", Where.API, 0, 0),
    /** Requests a second the API's default stage accepts, steady state. */
    THROTTLE_RATE("throttleRate", "2000", Where.API, 1, 1_000_000),
    /** Requests the API's default stage accepts in a burst. */
    THROTTLE_BURST("throttleBurst", "5000", Where.API, 1, 1_000_000),
    /**
     * Requests a second, and in a burst, each like, unlike, watch and unwatch route accepts: each is a transaction on
     * the brand's or category's counter item, so a flood on one route would write hot items and bills, not starve the
     * rest of the API.
     */
    THROTTLE_FOLLOWS_RATE("throttleFollowsRate", "200", Where.API, 1, 1_000_000),
    THROTTLE_FOLLOWS_BURST("throttleFollowsBurst", "400", Where.API, 1, 1_000_000),
    /** {@code DELETE /me}: each starts a walk over the user's follows and inbox on the stream consumer. */
    THROTTLE_ACCOUNT_DELETION_RATE("throttleAccountDeletionRate", "10", Where.API, 1, 1_000_000),
    THROTTLE_ACCOUNT_DELETION_BURST("throttleAccountDeletionBurst", "20", Where.API, 1, 1_000_000),
    /** {@code POST /cms/hot-deals}: each can message every user. */
    THROTTLE_BLASTS_RATE("throttleBlastsRate", "1", Where.API, 1, 1_000_000),
    THROTTLE_BLASTS_BURST("throttleBlastsBurst", "5", Where.API, 1, 1_000_000),
    /** The community's writes (votes, comments, reports, alerts): any signed-in user, many times a session. */
    THROTTLE_COMMUNITY_WRITES_RATE("throttleCommunityWritesRate", "100", Where.API, 1, 1_000_000),
    THROTTLE_COMMUNITY_WRITES_BURST("throttleCommunityWritesBurst", "200", Where.API, 1, 1_000_000),
    /**
     * Concurrent executions kept for the stream consumer, so that an API flood cannot take the account's whole Lambda
     * concurrency and stall fan-out, blasts and clean-ups; also its ceiling: ten batches at once (the mapping's
     * parallelization) on each of ten stream shards.
     */
    CONSUMER_RESERVED_CONCURRENCY("consumerReservedConcurrency", "100", Where.API, 1, 10_000),
    /** The same for the sweeper, which runs once every few minutes: one, which also keeps two sweeps from overlapping. */
    SWEEPER_RESERVED_CONCURRENCY("sweeperReservedConcurrency", "1", Where.API, 1, 10_000),
    /**
     * The mobile app's sign-in redirects (comma-separated): where Cognito's managed login sends the authorization code
     * (the app's own URL scheme, RFC 8252), and where it lands after signing out.
     */
    MOBILE_CALLBACK_URLS("mobileCallbackUrls", "bigtimedeals://signed-in", Where.API, 0, 0),
    MOBILE_LOGOUT_URLS("mobileLogoutUrls", "bigtimedeals://signed-out", Where.API, 0, 0),
    /**
     * A domain name of the operator's for the CMS (e.g. cms.example.com), with {@link #CMS_CERTIFICATE_ARN} an ACM
     * certificate for it in us-east-1: then CloudFront serves it on that name and requires TLS 1.2. Without them the
     * CMS is served on CloudFront's own {@code *.cloudfront.net} certificate, with which CloudFront allows TLS 1.0.
     */
    /**
     * Concurrent executions kept for API functions, as {@code Function=N} pairs separated by commas (the function's
     * id, e.g. {@code Votes=700,Inbox=200}), applied to both its read and write function; none by default, since what
     * is reserved counts against the account's concurrency (1,000 unless raised, of which 100 stay unreserved) and a
     * deployment reserving more than the account has fails. docs/peak-day.md sizes them from {@code bench --peak}.
     */
    RESERVED_CONCURRENCY("reservedConcurrency", null, Where.API, 0, 0),
    CMS_DOMAIN_NAME("cmsDomainName", null, Where.API, 0, 0),
    CMS_CERTIFICATE_ARN("cmsCertificateArn", null, Where.API, 0, 0),
    /**
     * The Region of the mobile API distribution's Origin Shield (a region code, e.g. us-east-2). Origin Shield runs in
     * some Regions only: for a stack elsewhere name the one with the lowest latency to it (CloudFront Developer Guide,
     * "Choosing the AWS Region for Origin Shield"). None: the stack's own Region, which must then be one of them.
     */
    ORIGIN_SHIELD_REGION("originShieldRegion", null, Where.API, 0, 0),
    /** Where alarm notifications are e-mailed; none by default (subscribe to the topic some other way). */
    ALARM_EMAIL("alarmEmail", null, Where.API, 0, 0),
    /**
     * The Secrets Manager secret (its name, in the stack's account and region) holding the Firebase service-account
     * JSON the stack's FCM platform application sends with (docs/push-credentials.md). None: the stack makes no FCM
     * application, and registering an FCM device answers 503.
     */
    PUSH_FCM_SECRET_NAME("pushFcmSecretName", null, Where.API, 0, 0),
    /** The same for APNs: a secret holding a token signing key or a certificate (docs/push-credentials.md). */
    PUSH_APNS_SECRET_NAME("pushApnsSecretName", null, Where.API, 0, 0),
    /** Which APNs the APNs application sends to: {@code APNS} (production) or {@code APNS_SANDBOX} (development builds). */
    PUSH_APNS_PLATFORM("pushApnsPlatform", "APNS", Where.API, 0, 0),
    /**
     * Any value; changing it makes the next deploy read both push secrets again and hand them to SNS (after a secret
     * is rotated: CloudFormation cannot see a secret's value change, so nothing else would).
     */
    PUSH_SECRETS_REVISION("pushSecretsRevision", "1", Where.API, 0, 0),
    /** The local stack's HTTP port. */
    PORT("port", "3000", Where.LOCAL, 0, 65_535),
    /** The port on 127.0.0.1 where the local stack serves its DynamoDB engine; 0 prefers 8000, else any free port. */
    DYNAMODB_PORT("dynamoDbPort", "0", Where.LOCAL, 0, 65_535),
    /** The built editors' web app (cms/) that the local stack serves at /editor/. */
    CMS_DIR("cmsDir", "cms/dist", Where.LOCAL, 0, 0),
    /** Where the local stack keeps its data across restarts ({@code --data}); none keeps it in memory. */
    DATA_DIR("dataDir", null, Where.LOCAL, 0, 0),
    /** Whether the local stack loads its demo data into an empty table ({@code --no-demo} says false). */
    DEMO("demo", "true", Where.LOCAL, 0, 0),
    /** The local stream delivery's batch size; unset, the deployed mapping's. */
    STREAM_BATCH_SIZE("streamBatchSize", null, Where.LOCAL, 1, 10_000),
    /** The local stream delivery's batching window in milliseconds; unset, the deployed mapping's. */
    STREAM_BATCHING_WINDOW_MS("streamBatchingWindowMs", null, Where.LOCAL, 0, 300_000),
    /** The local stream delivery's parallelization factor; unset, the deployed mapping's. */
    STREAM_PARALLELIZATION("streamParallelization", null, Where.LOCAL, 1, 10),
    /** The local stream delivery's retries of a failing batch; unset, the deployed mapping's. */
    STREAM_RETRIES("streamRetries", null, Where.LOCAL, 0, 10_000),
    /** The local stream consumer's timeout in seconds; unset, the deployed mapping's. */
    STREAM_TIMEOUT_S("streamTimeoutSeconds", null, Where.LOCAL, 1, 900);

    /** Who reads a setting. */
    public enum Where {
        /** The Lambda functions (and the same code run locally): the stack puts it in every function's environment. */
        FUNCTIONS,
        /** The deployment itself (API Gateway, CloudWatch), and the local gateway where it stands in for them. */
        API,
        /** The local stack only. */
        LOCAL
    }

    private final String contextKey;
    private final String defaultValue;
    private final String localDefault;
    private final Where where;
    private final int min;
    private final int max;

    /**
     * A blast's segments are created in the same transaction as the blast, its deal's marker and the deal's
     * {@code blasted} event (BlastStore), and TransactWriteItems takes 100 items. Here, below the blasts that obey
     * it, because the setting's bound is it.
     */
    public static final int MAX_BLAST_SEGMENTS = 97;

    Setting(String contextKey, String defaultValue, Where where, int min, int max) {
        this(contextKey, defaultValue, defaultValue, where, min, max);
    }

    Setting(String contextKey, String defaultValue, String localDefault, Where where, int min, int max) {
        this.contextKey = contextKey;
        this.defaultValue = defaultValue;
        this.localDefault = localDefault;
        this.where = where;
        this.min = min;
        this.max = max;
    }

    /** The key that overrides this setting in {@code cdk.json} context (or {@code cdk -c key=value}). */
    public String contextKey() {
        return contextKey;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /**
     * The default when the local stack runs it: the same as {@link #defaultValue()} unless a shorter clock or the
     * local stack's one machine suits another.
     */
    public String localDefault() {
        return localDefault;
    }

    public Where where() {
        return where;
    }

    /** The value given (CDK context, a variable) else the default; a number is checked against the range. */
    public String resolve(String given) {
        return resolve(given, defaultValue);
    }

    String resolve(String given, String fallback) {
        String v = given == null || given.isBlank() ? fallback : given.trim();
        if (v != null && min != max) {
            number(v);
        }
        return v;
    }

    /** The value given else the default, as a whole number within the setting's range. */
    public int number(String given) {
        String v = given == null || given.isBlank() ? defaultValue : given.trim();
        if (v == null) {
            throw new IllegalArgumentException(name() + " has no default and was not given");
        }
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name() + " must be a whole number, not '" + v + "'", e);
        }
        return (int) checked(n);
    }

    /**
     * {@code n}, a value code holds rather than text (a {@code Duration} given in this setting's unit), checked against
     * the setting's range: a rule such as "a message is kept at least a day" is this range, written once, and whoever
     * takes such a value reads it here rather than writing the rule again.
     */
    public long checked(long n) {
        if (n < min || n > max) {
            throw new IllegalArgumentException(name() + " must be between " + min + " and " + max + ", not " + n);
        }
        return n;
    }

    public List<String> list(String given) {
        String v = resolve(given);
        return v == null ? List.of() : Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
