package com.bigtimedeals.lambda;

import java.net.URI;

import com.bigtimedeals.data.Settings;
import com.bigtimedeals.domain.Device;
import com.bigtimedeals.domain.DevicePlatform;
import com.bigtimedeals.service.PushEndpoints;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.SnsClientBuilder;
import software.amazon.awssdk.services.sns.model.NotFoundException;

/**
 * SNS mobile push through the SDK's own API: a platform endpoint per device token in the stack's platform
 * application for its platform (CreatePlatformEndpoint, idempotent per token), deleted with the device. Built only by
 * the functions that push (the devices routes, the sender), so no other function loads the SNS SDK.
 */
public final class SnsPush implements PushEndpoints {
    /** The platform applications' ARNs, and locally the stand-in's address (the deployed stack sets none). */
    public static final String FCM_APPLICATION = "PUSH_FCM_APPLICATION_ARN";
    public static final String APNS_APPLICATION = "PUSH_APNS_APPLICATION_ARN";
    public static final String ENDPOINT = "SNS_ENDPOINT";

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
        SnsClientBuilder b = SnsClient.builder().httpClient(UrlConnectionHttpClient.create())
                .region(Region.of(settings.get("AWS_REGION") == null ? "us-east-1" : settings.get("AWS_REGION")));
        String endpoint = settings.get(ENDPOINT);
        if (endpoint != null && !endpoint.isBlank()) {
            // The local stand-in accepts any credentials, as the local engine does.
            b.endpointOverride(URI.create(endpoint))
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        } else {
            b.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return new SnsPush(b.build(), settings.get(FCM_APPLICATION), settings.get(APNS_APPLICATION));
    }

    public SnsClient client() {
        return sns;
    }

    @Override
    public String create(Device device) {
        String application = device.platform() == DevicePlatform.FCM ? fcmApplication : apnsApplication;
        if (application == null || application.isBlank()) {
            // A stack deployed without its platform applications: a clear 503, never a 500.
            throw com.bigtimedeals.domain.DomainException.unavailable("push notifications are not available for "
                    + device.platform().wire() + " devices yet");
        }
        return sns.createPlatformEndpoint(b -> b.platformApplicationArn(application).token(device.token())).endpointArn();
    }

    /**
     * Publish to the device's endpoint with the platform's own payload (MessageStructure json): for FCM a notification
     * and data with a collapse_key, for APNs an aps alert with a thread per deal and the data beside it.
     */
    @Override
    public Outcome publish(Device device, String title, String body, java.util.Map<String, String> data, String collapseKey) {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode platform = json.createObjectNode();
        String key;
        if (device.platform() == DevicePlatform.FCM) {
            key = "GCM";
            platform.putObject("notification").put("title", title).put("body", body);
            com.fasterxml.jackson.databind.node.ObjectNode d = platform.putObject("data");
            data.forEach(d::put);
            if (collapseKey != null) {
                platform.put("collapse_key", collapseKey);
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
        com.fasterxml.jackson.databind.node.ObjectNode message = json.createObjectNode().put("default", title);
        if (key.equals("APNS")) {
            // SNS picks the payload by the endpoint's platform: an APNS_SANDBOX application (pushApnsPlatform, for
            // development builds) would otherwise get only the default text, without the data.
            message.put("APNS_SANDBOX", platform.toString());
        }
        message.put(key, platform.toString());
        try {
            sns.publish(b -> b.targetArn(device.endpointArn()).messageStructure("json").message(message.toString()));
            return Outcome.SENT;
        } catch (software.amazon.awssdk.services.sns.model.EndpointDisabledException | NotFoundException e) {
            return Outcome.GONE;
        }
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
