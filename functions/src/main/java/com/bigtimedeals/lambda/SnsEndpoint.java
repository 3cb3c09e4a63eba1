package com.bigtimedeals.lambda;

import java.net.URI;
import java.util.concurrent.CompletableFuture;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.PartitionMetadata;
import software.amazon.awssdk.services.sns.endpoints.SnsEndpointParams;
import software.amazon.awssdk.services.sns.endpoints.SnsEndpointProvider;

/**
 * SNS's endpoint stated, so the client never loads SNS's own endpoint rules and their partition data (a copy of
 * RulesFunctions and partitions.json beside DynamoDB's, parsed again at every cold start). It is SNS's rule set
 * (the SDK's {@code DefaultSnsEndpointProvider}) for what our clients ever ask: the override when one is set (the
 * local stand-in: the SDK passes {@code endpointOverride} as {@link SnsEndpointParams#endpoint()}), otherwise
 * {@code https://sns.<region>.<the partition's DNS suffix>}. FIPS and dual-stack are never set by {@link SnsPush} and
 * are refused rather than answered wrongly. SNS's rules attach no auth scheme to the endpoint, so SigV4's signing
 * name ({@code sns}) and region come from the client's auth scheme provider either way. {@code SnsEndpointTest}
 * holds it to the default provider across every partition.
 */
final class SnsEndpoint implements SnsEndpointProvider {
    SnsEndpoint() {
    }

    @Override
    public CompletableFuture<Endpoint> resolveEndpoint(SnsEndpointParams params) {
        try {
            return CompletableFuture.completedFuture(Endpoint.builder().url(url(params)).build());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    URI url(SnsEndpointParams params) {
        if (Boolean.TRUE.equals(params.useFips()) || Boolean.TRUE.equals(params.useDualStack())) {
            throw new IllegalArgumentException("SNS's FIPS and dual-stack endpoints are not stated here (SnsEndpoint):"
                    + " the functions never set them");
        }
        if (params.endpoint() != null) {
            return URI.create(params.endpoint());
        }
        if (params.region() == null) {
            throw SdkClientException.create("Invalid Configuration: Missing Region");
        }
        Resolved last = this.last;
        if (last == null || !last.region.equals(params.region())) {
            // One region per client: resolved once, not on every request.
            last = new Resolved(params.region(), URI.create("https://sns." + params.region().id() + "."
                    + dnsSuffix(params.region())));
            this.last = last;
        }
        return last.url;
    }

    private record Resolved(Region region, URI url) {
    }

    private volatile Resolved last;

    /**
     * The region's partition's DNS suffix from the SDK's generated partition metadata (a dozen small classes, no JSON):
     * the partition whose region pattern matches, aws's for a region no pattern matches, as SNS's rules choose; a
     * partition's pseudo-region ({@code aws-cn-global}) names its partition.
     */
    static String dnsSuffix(Region region) {
        String id = region.id();
        PartitionMetadata partition = id.endsWith("-global")
                ? PartitionMetadata.of(id.substring(0, id.length() - "-global".length()))
                : PartitionMetadata.of(region);
        return partition == null || partition.dnsSuffix() == null ? "amazonaws.com" : partition.dnsSuffix();
    }
}
