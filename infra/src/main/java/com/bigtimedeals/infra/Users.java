package com.bigtimedeals.infra;

import java.util.List;

import com.bigtimedeals.data.Setting;
import com.bigtimedeals.data.Settings;
import com.bigtimedeals.topology.Access;

import software.amazon.awscdk.Aws;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.CognitoDomainOptions;
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

/**
 * Who signs in, in two user pools ({@link Access.Pool}), because Cognito requires MFA per pool and never per group:
 * the mobile app's users (self sign-up, MFA optional, the app's client and managed-login domain), and the editors
 * (created by an operator, TOTP required; the {@link Access#EDITORS_GROUP} group). The CMS's own client and sign-in
 * domain on the editors' pool belong to {@link CmsSite}. Each route's authorizer trusts its access level's pool only.
 */
final class Users {
    final UserPool pool;
    final UserPoolClient appClient;
    final UserPoolDomain appSignIn;
    final UserPool editors;

    Users(Stack stack, StackContext context) {
        Settings settings = context.settings();
        // Shoppers may add an authenticator app; nobody who only browses and follows deals is made to.
        pool = pool(stack, "Users", true, Mfa.OPTIONAL);
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
        appSignIn = pool.addDomain("AppSignIn", UserPoolDomainOptions.builder()
                .cognitoDomain(CognitoDomainOptions.builder().domainPrefix("bigtimedeals-app-" + Aws.ACCOUNT_ID).build()).build());

        // Only an operator makes an editor (README): nobody signs up to a pool whose members can message every user.
        // Every sign-in needs a code from an authenticator app; the managed login enrols it at the first.
        editors = pool(stack, "EditorPool", false, Mfa.REQUIRED);
        CfnUserPoolGroup.Builder.create(stack, "Editors").userPoolId(editors.getUserPoolId()).groupName(Access.EDITORS_GROUP)
                .description("May call the /cms routes").build();
    }

    /** A pool signed in to by username or e-mail, TOTP its only second factor, recovered by e-mail, kept on delete. */
    private static UserPool pool(Stack stack, String id, boolean selfSignUp, Mfa mfa) {
        return UserPool.Builder.create(stack, id)
                .selfSignUpEnabled(selfSignUp)
                .signInAliases(SignInAliases.builder().email(true).username(true).build())
                .passwordPolicy(passwords())
                .mfa(mfa)
                .mfaSecondFactor(MfaSecondFactor.builder().otp(true).sms(false).build())
                .accountRecovery(AccountRecovery.EMAIL_ONLY)
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
    }

    /**
     * The managed login's authorization-code grant (with PKCE, which a public client's app sends) and never the implicit
     * grant, which hands tokens over in a URL; back to {@code callbacks} after signing in and {@code logouts} after out.
     */
    static OAuthSettings codeFlow(List<String> callbacks, List<String> logouts) {
        return OAuthSettings.builder()
                .flows(OAuthFlows.builder().authorizationCodeGrant(true).implicitCodeGrant(false).build())
                .scopes(List.of(OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE))
                .callbackUrls(callbacks)
                .logoutUrls(logouts)
                .build();
    }

    private static PasswordPolicy passwords() {
        return PasswordPolicy.builder().minLength(12).requireDigits(true).requireLowercase(true)
                .requireUppercase(true).requireSymbols(true).tempPasswordValidity(Duration.days(3)).build();
    }

    /** The pool whose tokens routes of {@code pool} accept. */
    UserPool of(Access.Pool pool) {
        return pool == Access.Pool.EDITORS ? editors : this.pool;
    }
}
