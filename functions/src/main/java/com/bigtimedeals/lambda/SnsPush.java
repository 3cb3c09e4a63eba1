package com.bigtimedeals.lambda;

import java.net.URI;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.service.PushEndpoints;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.SnsClientBuilder;
import software.amazon.awssdk.services.sns.model.InvalidParameterException;
import software.amazon.awssdk.services.sns.model.NotFoundException;

/**
 * SNS mobile push through the SDK's own API: a platform endpoint per device token in the stack's platform
 * application for its platform (CreatePlatformEndpoint, idempotent per token), enabled again when its token is
 * registered again, deleted with the device. Built only where SNS is called: by the sender, and by the devices write
 * function ({@link Container#devicesPush}); the devices read function never builds it, so never loads the SNS SDK.
 */
public final class SnsPush implements PushEndpoints {
    /** The platform applications' ARNs, and locally the stand-in's address (the deployed stack sets none). */
    public static final String FCM_APPLICATION = "PUSH_FCM_APPLICATION_ARN";
    public static final String APNS_APPLICATION = "PUSH_APNS_APPLICATION_ARN";
    public static final String ENDPOINT = "SNS_ENDPOINT";
    /**
     * The whole of one SNS call, its retries included: what bounds the time between a push's claim and its mark, so
     * a live sender finishes well inside its lease ({@code PushStore.LEASE}) and is never taken over.
     */
    static final java.time.Duration CALL_TIMEOUT = java.time.Duration.ofSeconds(5);
    /** SNS's message attribute that becomes the APNs {@code apns-collapse-id} header (at most 64 bytes). */
    static final String APNS_COLLAPSE_ID = "AWS.SNS.MOBILE.APNS.COLLAPSE_ID";
    static final String APNS_PUSH_TYPE = "AWS.SNS.MOBILE.APNS.PUSH_TYPE";

    private final SnsClient sns;
    private final String fcmApplication;
    private final String apnsApplication;

    public SnsPush(SnsClient sns, String fcmApplication, String apnsApplication) {
        this.sns = sns;
        this.fcmApplication = fcmApplication;
        this.apnsApplication = apnsApplication;
    }

    /** From a function's environment: region from {@code AWS_REGION}, the stand-in's address from {@link #ENDPOINT}. */
    static SnsPush from(Settings settings) {
        return from(settings, UrlConnectionHttpClient.create());
    }

    /**
     * Over {@code http}, the function's own HTTP client where it has one (the DynamoDB client's, {@link Container#http}):
     * a second {@code UrlConnectionHttpClient} builds a second TLS context (the JCA providers, the default trust
     * store's certificates) on the constructing thread, where the function's was built on a thread of its own.
     */
    static SnsPush from(Settings settings, SdkHttpClient http) {
        // The SDK's own defaults stated, as the DynamoDB client's are (DynamoDbClients): left unset, the builder
        // resolves each from system properties, the environment and the profile file at every cold start.
        SnsClientBuilder b = SnsClient.builder().httpClient(http)
                .dualstackEnabled(false)
                .fipsEnabled(false)
                .defaultsMode(software.amazon.awssdk.awscore.defaultsmode.DefaultsMode.LEGACY)
                .overrideConfiguration(o -> o.apiCallTimeout(CALL_TIMEOUT))
                .region(Region.of(settings.get("AWS_REGION") == null ? "us-east-1" : settings.get("AWS_REGION")));
        String endpoint = settings.get(ENDPOINT);
        if (endpoint != null && !endpoint.isBlank()) {
            // The local stand-in accepts any credentials, as the local engine does.
            b.endpointOverride(URI.create(endpoint))
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        } else {
            // The function's own credentials, as its DynamoDB client's (the environment's keys on demand, the container
            // endpoint under SnapStart): the default chain would load and try every provider first.
            b.credentialsProvider(DynamoDbClients.credentials(settings::get));
        }
        return new SnsPush(b.build(), settings.get(FCM_APPLICATION), settings.get(APNS_APPLICATION));
    }

    public SnsClient client() {
        return sns;
    }

    /**
     * SNS's token-management flow (SNS Developer Guide, "Creating a platform endpoint"): CreatePlatformEndpoint asks
     * for an enabled endpoint; for a token that already has one SNS answers its ARN, or, when the existing endpoint's
     * attributes differ (it was disabled, as SNS does when the platform says the token is no longer registered), refuses
     * with InvalidParameter naming the existing endpoint's ARN, which is taken from the message. Either way the
     * endpoint is then read (GetEndpointAttributes: an answer alone does not prove it enabled, the guide's reinstall
     * case) and, when disabled or holding another token, set to this token and enabled (SetEndpointAttributes). Every
     * step is idempotent: a retried registration finds the same endpoint and sets nothing, so no second endpoint is
     * made and no enabled one is disturbed. A token just registered is live: the app was given it by the platform now.
     */
    @Override
    public String create(Device device) {
        String application = device.platform() == DevicePlatform.FCM ? fcmApplication : apnsApplication;
        if (application == null || application.isBlank()) {
            // A stack deployed without its platform applications: a clear 503, never a 500.
            throw com.bigtimedeals.platform.DomainException.unavailable("push notifications are not available for "
                    + device.platform().wire() + " devices yet");
        }
        // Twice at most: an endpoint deleted between CreatePlatformEndpoint and GetEndpointAttributes (a concurrent
        // removal of the token's previous device) is made again once; a second loss is the 503 of a busy device.
        for (int attempt = 1; attempt <= 2; attempt++) {
            String arn = createOrFind(application, device.token());
            if (enabled(arn, device)) {
                return arn;
            }
        }
        throw com.bigtimedeals.platform.DomainException.unavailable("the device is busy; try again");
    }

    /** Re-registration: the stored endpoint enabled with the token, or a new one when SNS no longer has it. */
    @Override
    public String ensure(Device device) {
        if (device.endpointArn() == null || !enabled(device.endpointArn(), device)) {
            return create(device);
        }
        return device.endpointArn();
    }

    /**
     * SNS's message for a token whose endpoint exists with other attributes; group 1 is that endpoint's ARN. Compiled
     * on the first such refusal, not with the client at init (9 classes and about 1.3 ms of a cold start's CPU).
     */
    static final class Existing {
        static final java.util.regex.Pattern EXISTING = java.util.regex.Pattern.compile(
                ".*Endpoint (arn:aws[a-z-]*:sns:\\S+) already exists with the same [Tt]oken.*");

        private Existing() {
        }
    }

    private String createOrFind(String application, String token) {
        try {
            return sns.createPlatformEndpoint(b -> b.platformApplicationArn(application).token(token)
                    .attributes(java.util.Map.of("Enabled", "true"))).endpointArn();
        } catch (InvalidParameterException e) {
            String message = String.valueOf(e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage());
            java.util.regex.Matcher m = Existing.EXISTING.matcher(message);
            if (m.matches()) {
                return m.group(1);
            }
            if (message.startsWith("Invalid parameter: Token")) {
                // A token SNS itself refuses (its checks go beyond the shape the route validates): the client's
                // error, answered before anything is written.
                throw com.bigtimedeals.platform.DomainException.invalid("token", "the push service does not accept this token");
            }
            throw e; // any other parameter is the stack's own (its application's ARN): a server error to see in the logs
        }
    }

    /**
     * Makes {@code arn} an enabled endpoint for the device's token: false when SNS has no such endpoint (deleted: the
     * caller makes one). SNS answers an APNs token in lower case, so a token differing only in case is the same.
     */
    private boolean enabled(String arn, Device device) {
        java.util.Map<String, String> attributes;
        try {
            attributes = sns.getEndpointAttributes(b -> b.endpointArn(arn)).attributes();
        } catch (NotFoundException e) {
            return false;
        }
        String token = attributes.get("Token");
        boolean same = token != null && (device.platform() == DevicePlatform.APNS
                ? token.equalsIgnoreCase(device.token()) : token.equals(device.token()));
        if (!same || !"true".equalsIgnoreCase(attributes.get("Enabled"))) {
            try {
                sns.setEndpointAttributes(b -> b.endpointArn(arn)
                        .attributes(java.util.Map.of("Token", device.token(), "Enabled", "true")));
            } catch (NotFoundException e) {
                return false;
            }
        }
        return true;
    }

    /**
     * Publish to the device's endpoint with the platform's own payload (MessageStructure json): for FCM a notification
     * and data with a collapse_key, for APNs an aps alert with a thread per deal and the data beside it.
     * {@code collapseKey} (the deal, else the push's own id) is also what makes the device show one notification for
     * two copies of a push (the residual window of PushStore: a sender killed after SNS accepted a push and before its
     * claim was marked sends it again): FCM's {@code notification.tag} replaces the shown notification with the same
     * tag, and the APNs {@code apns-collapse-id} header (SNS's {@value #APNS_COLLAPSE_ID} attribute) does the same.
     */
    @Override
    public Outcome publish(Device device, String title, String body, java.util.Map<String, String> data, String collapseKey) {
        // The node factory alone: a mapper per Publish (as before) cost its construction on every push.
        com.fasterxml.jackson.databind.node.JsonNodeFactory json = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        com.fasterxml.jackson.databind.node.ObjectNode platform = json.objectNode();
        String key;
        if (device.platform() == DevicePlatform.FCM) {
            key = "GCM";
            platform.putObject("notification").put("title", title).put("body", body);
            com.fasterxml.jackson.databind.node.ObjectNode d = platform.putObject("data");
            data.forEach(d::put);
            if (collapseKey != null) {
                platform.put("collapse_key", collapseKey);
                ((com.fasterxml.jackson.databind.node.ObjectNode) platform.get("notification")).put("tag", collapseKey);
            }
        } else {
            key = "APNS";
            com.fasterxml.jackson.databind.node.ObjectNode aps = platform.putObject("aps");
            aps.putObject("alert").put("title", title).put("body", body);
            if (collapseKey != null) {
                aps.put("thread-id", collapseKey);
            }
            data.forEach(platform::put);
        }
        com.fasterxml.jackson.databind.node.ObjectNode message = json.objectNode().put("default", title);
        if (key.equals("APNS")) {
            // SNS picks the payload by the endpoint's platform: an APNS_SANDBOX application (pushApnsPlatform, for
            // development builds) would otherwise get only the default text, without the data.
            message.put("APNS_SANDBOX", platform.toString());
        }
        message.put(key, platform.toString());
        java.util.Map<String, software.amazon.awssdk.services.sns.model.MessageAttributeValue> attributes = new java.util.HashMap<>();
        if (device.platform() == DevicePlatform.APNS) {
            attributes.put(APNS_PUSH_TYPE, attribute("alert"));
            if (collapseKey != null) {
                attributes.put(APNS_COLLAPSE_ID, attribute(collapseKey));
            }
        }
        try {
            sns.publish(b -> b.targetArn(device.endpointArn()).messageStructure("json").message(message.toString())
                    .messageAttributes(attributes));
            return Outcome.SENT;
        } catch (software.amazon.awssdk.services.sns.model.EndpointDisabledException | NotFoundException e) {
            return Outcome.GONE;
        } catch (software.amazon.awssdk.core.exception.SdkException e) {
            throw refusedOnEveryAttempt(e) ? new Refused(e) : e;
        }
    }

    /**
     * True when SNS answered every attempt of the call (the SDK's retries hang the earlier attempts' failures on the
     * last one, suppressed) with a 4xx, a throttle or a refusal, or the attempt never connected: no attempt handed the
     * push on. A timeout, a cut
     * connection or a 5xx on any attempt may have been delivered: false, and the sender keeps the push's lease.
     */
    /** An attempt that never reached SNS: its connection refused, or SNS's name not resolved. */
    private static boolean neverConnected(Throwable e) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof java.net.ConnectException || c instanceof java.net.UnknownHostException) {
                return true;
            }
        }
        return false;
    }

    static boolean refusedOnEveryAttempt(Throwable e) {
        boolean refused = e instanceof software.amazon.awssdk.awscore.exception.AwsServiceException s
                && s.statusCode() >= 400 && s.statusCode() < 500;
        if (!refused && !neverConnected(e)) {
            return false;
        }
        for (Throwable earlier : e.getSuppressed()) {
            if (!refusedOnEveryAttempt(earlier)) {
                return false;
            }
        }
        return true;
    }

    private static software.amazon.awssdk.services.sns.model.MessageAttributeValue attribute(String value) {
        return software.amazon.awssdk.services.sns.model.MessageAttributeValue.builder().dataType("String").stringValue(value).build();
    }

    @Override
    public void delete(String endpointArn) {
        try {
            sns.deleteEndpoint(b -> b.endpointArn(endpointArn));
        } catch (NotFoundException e) {
            // Gone already: what a repeated deletion finds.
        }
    }
}
