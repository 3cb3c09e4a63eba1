package com.bigtimedeals.infra;

import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.StackProps;

import io.github.cdklabs.cdknag.AwsSolutionsChecks;

/** The CDK app {@code cdk.json} runs: one stack, checked by cdk-nag's AWS Solutions rules on every synth. */
public final class BigTimeDealsApp {
    private BigTimeDealsApp() {
    }

    public static void main(String[] args) {
        App app = new App();
        new BigTimeDealsStack(app, "BigTimeDeals", StackProps.builder()
                .description("Big Time Deals: single-table DynamoDB, Lambda handlers, HTTP API, stream consumer")
                .build());
        Aspects.of(app).add(new AwsSolutionsChecks());
        app.synth();
    }
}
