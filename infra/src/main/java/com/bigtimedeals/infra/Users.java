package com.bigtimedeals.infra;

import com.bigtimedeals.topology.Access;

import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.PasswordPolicy;
import software.amazon.awscdk.services.cognito.SignInAliases;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;

/** Who signs in: the Cognito user pool, the mobile app's client, and the group whose members may call the CMS routes. */
final class Users {
    final UserPool pool;
    final UserPoolClient appClient;

    Users(Stack stack) {
        pool = UserPool.Builder.create(stack, "Users")
                .selfSignUpEnabled(true)
                .signInAliases(SignInAliases.builder().email(true).username(true).build())
                .passwordPolicy(PasswordPolicy.builder().minLength(12).requireDigits(true).requireLowercase(true)
                        .requireUppercase(true).requireSymbols(true).tempPasswordValidity(Duration.days(3)).build())
                .accountRecovery(AccountRecovery.EMAIL_ONLY)
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        appClient = pool.addClient("MobileAndCms", UserPoolClientOptions.builder()
                .authFlows(AuthFlow.builder().userSrp(true).build())
                .generateSecret(false)
                .build());
        CfnUserPoolGroup.Builder.create(stack, "Editors").userPoolId(pool.getUserPoolId()).groupName(Access.EDITORS_GROUP)
                .description("May call the /cms routes").build();
    }
}
