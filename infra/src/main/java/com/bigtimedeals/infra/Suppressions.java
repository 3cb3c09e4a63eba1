package com.bigtimedeals.infra;

import java.util.List;
import java.util.Map;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.sns.Topic;

/** The cdk-nag AWS Solutions findings this stack accepts, with why. */
final class Suppressions {
    private Suppressions() {
    }

    private static NagPackSuppression threatProtection() {
        return NagPackSuppression.builder().id("AwsSolutions-COG3").reason("Threat protection (advanced security) is a "
                + "paid Cognito feature plan the operator turns on per account; the pool works the same either way.").build();
    }

    /** cdk-nag's findings this stack accepts, each with its reason and as narrowly as it applies. */
    static void suppressions(DataResources data, Users users, Topic alarmTopic, Map<String, Function> functions) {
        NagSuppressions.addResourceSuppressions(data.cursorKey, List.of(NagPackSuppression.builder().id("AwsSolutions-SMG4")
                .reason("The cursor-signing key is read once per container and baked into SnapStart snapshots; rotating it "
                        + "would invalidate every cursor in flight. Replace it deliberately by redeploying after deleting the secret.")
                .build()));
        NagSuppressions.addResourceSuppressions(alarmTopic, List.of(NagPackSuppression.builder().id("AwsSolutions-SNS2")
                .reason("Alarm notifications carry alarm names and metric values only; CloudWatch cannot publish to a topic "
                        + "encrypted with the AWS-managed SNS key, and a customer key for this is not worth its cost.")
                .build()));
        NagSuppressions.addResourceSuppressions(users.pool, List.of(
                NagPackSuppression.builder().id("AwsSolutions-COG2").reason("MFA is optional (TOTP only) so that the "
                        + "mobile app's shoppers may add an authenticator app but are not made to. Editors, who can message "
                        + "every user, must: the pre token generation trigger keeps the editors group, which the /cms routes "
                        + "require, out of the tokens of anyone without TOTP on.").build(),
                threatProtection()));
        for (Function fn : functions.values()) {
            NagSuppressions.addResourceSuppressions(fn, List.of(
                    NagPackSuppression.builder().id("AwsSolutions-IAM4")
                            .reason("AWSLambdaBasicExecutionRole only lets the function write its own logs.")
                            .appliesTo(List.of("Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"))
                            .build(),
                    NagPackSuppression.builder().id("AwsSolutions-IAM5")
                            .reason("X-Ray's PutTraceSegments/PutTelemetryRecords and DynamoDB Streams' ListStreams accept no "
                                    + "resource but *. DynamoDB is granted per action on the table (with its key families) "
                                    + "and on each index by name (a Query with the index's key families; TableAccess). The sign-in trigger's one action, AdminGetUser, "
                                    + "names this account's and region's pools (userpool/*): naming its own pool would be a "
                                    + "dependency cycle, as the pool names the trigger.")
                            .appliesTo(List.of("Resource::*", "Resource::arn:<AWS::Partition>:cognito-idp:<AWS::Region>:<AWS::AccountId>:userpool/*"))
                            .build(),
                    NagPackSuppression.builder().id("AwsSolutions-L1")
                            .reason("Java 21 is the newest Java runtime with SnapStart that this code is built and tested for.")
                            .build()), true);
        }
    }
}
