package com.bigtimedeals.infra;

import java.util.List;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.awscdk.Aws;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.ArnComponents;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.CognitoDomainOptions;
import software.amazon.awscdk.services.cognito.FeaturePlan;
import software.amazon.awscdk.services.cognito.LambdaVersion;
import software.amazon.awscdk.services.cognito.Mfa;
import software.amazon.awscdk.services.cognito.MfaSecondFactor;
import software.amazon.awscdk.services.cognito.OAuthFlows;
import software.amazon.awscdk.services.cognito.OAuthScope;
import software.amazon.awscdk.services.cognito.OAuthSettings;
import software.amazon.awscdk.services.cognito.PasswordPolicy;
import software.amazon.awscdk.services.cognito.SignInAliases;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientIdentityProvider;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import software.amazon.awscdk.services.cognito.UserPoolDomain;
import software.amazon.awscdk.services.cognito.UserPoolDomainOptions;
import software.amazon.awscdk.services.cognito.UserPoolOperation;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Alias;

/**
 * Who signs in: one user pool, whose tokens every signed-in route's authorizer trusts through its two app clients (the
 * mobile app's here, the CMS's in {@link CmsSite}); the {@link Access#EDITORS_GROUP} group decides the /cms routes.
 * Shoppers sign up themselves and may add an authenticator app (MFA optional, TOTP only). An editor must have one: the
 * pool's pre token generation trigger ({@link LambdaFunction#EDITORS_GROUP_GATE}) keeps the editors group out of the
 * tokens of anyone without TOTP on, and Cognito challenges everyone who has it at every sign-in, so the group only
 * reaches a token after a second factor. One pool keeps the contract's rules: a signed-in user outside the group gets
 * 403 on a /cms route, and an editor's token reaches the user routes (an editor may delete anyone's comment).
 */
final class Users {
    final UserPool pool;
    final UserPoolClient appClient;
    /** The pool's managed login (Cognito allows one per pool): the app's and the CMS's sign-in. */
    final UserPoolDomain signIn;
    final Alias editorsGroupGate;

    Users(Stack stack, StackContext context, Functions functions) {
        Settings settings = context.settings();
        pool = UserPool.Builder.create(stack, "Users")
                .selfSignUpEnabled(true)
                .signInAliases(SignInAliases.builder().email(true).username(true).build())
                .passwordPolicy(passwords())
                // Optional, TOTP only: anyone may add an authenticator app and is then challenged at every sign-in;
                // editors must (the trigger below), shoppers need not. SMS is no factor here: it can be intercepted.
                .mfa(Mfa.OPTIONAL)
                .mfaSecondFactor(MfaSecondFactor.builder().otp(true).sms(false).build())
                // Essentials: the plan whose pre token generation events (version 2) reach the access token, which
                // is what the API's authorizer passes on; the basic plan's (version 1) change only the ID token.
                .featurePlan(FeaturePlan.ESSENTIALS)
                .accountRecovery(AccountRecovery.EMAIL_ONLY)
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        // The construct id is the one this client was first deployed with, when the CMS shared it: a new id would
        // replace the client, and every installed app signs in with its id.
        appClient = pool.addClient("MobileAndCms", UserPoolClientOptions.builder()
                // A public client: an app on a phone keeps no secret. It signs in through the managed login with the
                // authorization code and PKCE (RFC 7636; the app sends the challenge, Cognito checks it), or in its
                // own screens with SRP; never with the implicit grant, which hands tokens over in a URL.
                .generateSecret(false)
                .authFlows(AuthFlow.builder().userSrp(true).build())
                .supportedIdentityProviders(List.of(UserPoolClientIdentityProvider.COGNITO))
                .oAuth(codeFlow(settings.list(Setting.MOBILE_CALLBACK_URLS), settings.list(Setting.MOBILE_LOGOUT_URLS)))
                // "Incorrect username or password" whether or not the user exists: sign-in and recovery do not tell
                // a stranger which addresses have accounts.
                .preventUserExistenceErrors(true)
                .enableTokenRevocation(true)
                // An hour of API access per token; the app renews it with the refresh token for a month of signed-in use.
                .accessTokenValidity(Duration.hours(1))
                .idTokenValidity(Duration.hours(1))
                .refreshTokenValidity(Duration.days(30))
                .build());
        signIn = pool.addDomain("AppSignIn", UserPoolDomainOptions.builder()
                .cognitoDomain(CognitoDomainOptions.builder().domainPrefix("bigtimedeals-app-" + Aws.ACCOUNT_ID).build()).build());
        // Only an operator puts someone in it (README), and the trigger lets it into a token only with TOTP on.
        CfnUserPoolGroup.Builder.create(stack, "Editors").userPoolId(pool.getUserPoolId()).groupName(Access.EDITORS_GROUP)
                .description("May call the /cms routes, once the member has an authenticator app").build();

        editorsGroupGate = functions.signIn(LambdaFunction.EDITORS_GROUP_GATE);
        pool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, editorsGroupGate, LambdaVersion.V2_0);
        // AdminGetUser on any pool of this account and region, not on this pool's ARN: the pool names the function
        // (its trigger), so the function's policy naming the pool would make each wait for the other (a CloudFormation
        // dependency cycle). The function answers only this pool's events, with this one read-only action.
        editorsGroupGate.addToRolePolicy(PolicyStatement.Builder.create()
                .actions(List.of("cognito-idp:AdminGetUser"))
                .resources(List.of(Stack.of(stack).formatArn(ArnComponents.builder().service("cognito-idp")
                        .resource("userpool").resourceName("*").build())))
                .build());
    }

    /**
     * The managed login's authorization-code grant (with PKCE, which a public client's app sends) and never the implicit
     * grant, which hands tokens over in a URL; back to {@code callbacks} after signing in and {@code logouts} after out;
     * {@code more} scopes beside OpenID's.
     */
    static OAuthSettings codeFlow(List<String> callbacks, List<String> logouts, OAuthScope... more) {
        List<OAuthScope> scopes = new java.util.ArrayList<>(List.of(OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE));
        scopes.addAll(List.of(more));
        return OAuthSettings.builder()
                .flows(OAuthFlows.builder().authorizationCodeGrant(true).implicitCodeGrant(false).build())
                .scopes(scopes)
                .callbackUrls(callbacks)
                .logoutUrls(logouts)
                .build();
    }

    private static PasswordPolicy passwords() {
        return PasswordPolicy.builder().minLength(12).requireDigits(true).requireLowercase(true)
                .requireUppercase(true).requireSymbols(true).tempPasswordValidity(Duration.days(3)).build();
    }
}
