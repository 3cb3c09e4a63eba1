package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static software.amazon.awssdk.awscore.endpoints.AwsEndpointAttribute.AUTH_SCHEMES;

import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.endpoints.SnsEndpointParams;
import software.amazon.awssdk.services.sns.endpoints.SnsEndpointProvider;

/** {@link SnsEndpoint} against the SDK's own rules ({@code DefaultSnsEndpointProvider}) for what our clients ask. */
class SnsEndpointTest {
    private static final SnsEndpointProvider SDK = SnsEndpointProvider.defaultProvider();

    static List<String> regions() {
        List<String> ids = new java.util.ArrayList<>();
        Region.regions().forEach(r -> ids.add(r.id()));
        // Regions the SDK's list may not know yet: each partition's pattern, and a name no pattern matches.
        ids.addAll(List.of("us-east-1", "eu-central-2", "cn-north-1", "cn-northwest-1", "us-gov-west-1", "us-gov-east-1",
                "us-iso-east-1", "us-isob-east-1", "eu-isoe-west-1", "us-isof-south-1", "eusc-de-east-1",
                "ap-future-9", "cn-future-9", "us-gov-future-9", "mars-north-1"));
        return ids;
    }

    @ParameterizedTest
    @MethodSource("regions")
    void everyRegionAsTheSdksRulesAnswer(String region) {
        SnsEndpointParams params = SnsEndpointParams.builder().region(Region.of(region))
                .useFips(false).useDualStack(false).build();
        Endpoint ours = new SnsEndpoint().resolveEndpoint(params).join();
        Endpoint sdk = SDK.resolveEndpoint(params).join();
        assertEquals(sdk.url(), ours.url(), region);
        // SNS's rules attach no auth scheme: signing name and region come from the client's auth scheme provider.
        assertEquals(sdk.attribute(AUTH_SCHEMES), ours.attribute(AUTH_SCHEMES), region);
        assertEquals(sdk.headers(), ours.headers(), region);
    }

    @Test
    void theStandardPartitions() {
        SnsEndpoint ours = new SnsEndpoint();
        assertEquals("https://sns.cn-north-1.amazonaws.com.cn", url(ours, "cn-north-1"));
        assertEquals("https://sns.us-gov-west-1.amazonaws.com", url(ours, "us-gov-west-1"));
        assertEquals("https://sns.eu-west-1.amazonaws.com", url(ours, "eu-west-1"));
        // Resolved once per region, and again for another.
        assertEquals("https://sns.eu-west-1.amazonaws.com", url(ours, "eu-west-1"));
        assertEquals("https://sns.us-east-1.amazonaws.com", url(ours, "us-east-1"));
    }

    private static String url(SnsEndpoint provider, String region) {
        return provider.resolveEndpoint(SnsEndpointParams.builder().region(Region.of(region)).build()).join().url().toString();
    }

    @Test
    void theOverrideAsGiven() {
        SnsEndpointParams params = SnsEndpointParams.builder().region(Region.US_EAST_1)
                .endpoint("http://127.0.0.1:4566").build();
        assertEquals(SDK.resolveEndpoint(params).join().url(), new SnsEndpoint().resolveEndpoint(params).join().url());
    }

    @Test
    void fipsAndDualStackRefused() {
        for (SnsEndpointParams params : List.of(
                SnsEndpointParams.builder().region(Region.US_EAST_1).useFips(true).build(),
                SnsEndpointParams.builder().region(Region.US_EAST_1).useDualStack(true).build())) {
            CompletionException e = assertThrows(CompletionException.class,
                    () -> new SnsEndpoint().resolveEndpoint(params).join());
            assertTrue(e.getCause() instanceof IllegalArgumentException, e.toString());
        }
    }

    @Test
    void noRegionRefusedAsTheSdkRefusesIt() {
        CompletionException e = assertThrows(CompletionException.class,
                () -> new SnsEndpoint().resolveEndpoint(SnsEndpointParams.builder().build()).join());
        assertTrue(e.getCause().getMessage().contains("Missing Region"), e.toString());
    }

    /** The client SnsPush builds goes where the SDK's default would send it, as the client's request shows. */
    @Test
    void snsPushsClientResolvesTheSameHost() throws Exception {
        java.util.Map<String, String> env = java.util.Map.of("AWS_REGION", "cn-north-1",
                "AWS_ACCESS_KEY_ID", "k", "AWS_SECRET_ACCESS_KEY", "s");
        java.util.List<software.amazon.awssdk.http.SdkHttpRequest> sent = new java.util.ArrayList<>();
        software.amazon.awssdk.http.SdkHttpClient http = new software.amazon.awssdk.http.SdkHttpClient() {
            @Override
            public software.amazon.awssdk.http.ExecutableHttpRequest prepareRequest(
                    software.amazon.awssdk.http.HttpExecuteRequest request) {
                sent.add(request.httpRequest());
                return new software.amazon.awssdk.http.ExecutableHttpRequest() {
                    @Override
                    public software.amazon.awssdk.http.HttpExecuteResponse call() {
                        throw new IllegalStateException("not sent");
                    }

                    @Override
                    public void abort() {
                    }
                };
            }

            @Override
            public void close() {
            }
        };
        SnsClient sns = SnsPush.from(com.bigtimedeals.platform.Settings.of(env), http).client();
        assertThrows(RuntimeException.class, () -> sns.deleteEndpoint(b -> b.endpointArn("arn:aws-cn:sns:cn-north-1:1:e")));
        software.amazon.awssdk.http.SdkHttpRequest request = sent.get(0);
        assertEquals("sns.cn-north-1.amazonaws.com.cn", request.host());
        String auth = request.firstMatchingHeader("Authorization").orElseThrow();
        assertTrue(auth.contains("/cn-north-1/sns/aws4_request"), auth);
    }
}
