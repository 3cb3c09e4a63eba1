package com.bigtimedeals.infra;

import java.util.List;

import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.services.logs.CfnQueryDefinition;
import software.constructs.Construct;

/**
 * Big Time Deals in production, assembled from its parts: the data ({@link DataResources}), who signs in
 * ({@link Users}), the HTTP API and its functions ({@link ApiResources}), the stream consumer and the sweeper
 * ({@link StreamResources}), mobile push's platform applications ({@link PushResources}), the editors' web app ({@link CmsSite}), the mobile app's CDN ({@link MobileApiCdn}), and what an operator watches
 * ({@link Observability}). What is deployed (routes, functions, the stream mapping, CORS, metric names) is read from
 * the topology module, never from the Lambda code, whose jar is only an asset here.
 */
public final class BigTimeDealsStack extends Stack {
    public BigTimeDealsStack(Construct scope, String id, StackProps props) {
        super(scope, id, props);
        StackContext context = new StackContext(this);
        DataResources data = new DataResources(this);
        Functions functions = new Functions(this, data, context);
        Users users = new Users(this, context, functions);
        ApiResources api = new ApiResources(this, context, data, functions);
        // The editors' web app, its own client of the pool and the pool's managed login, and the API's paths on its origin.
        CmsSite cms = new CmsSite(this, "Cms", users.pool, users.signIn, api.api, context);
        api.routes(users, cms.client());
        MobileApiCdn mobile = new MobileApiCdn(this, api.api, context);
        StreamResources stream = new StreamResources(this, context, data, functions);
        cms.deploy();
        Observability observability = new Observability(this, context, new Observability.Watched(data, api, stream));
        // The sweeper's own errors show on the dashboard; its alarms are the consumer's, whose walks it resumes.
        observability.alarms(functions.all());
        StreamResources.sweeper(this, context, data, functions);
        // Mobile push: the platform applications, and the only SNS grants (devices write function, sender).
        new PushResources(this, context).grant(functions);
        observability.dashboard(functions.all());
        CfnQueryDefinition.Builder.create(this, "Why401Or5xx")
                .name("BigTimeDeals/why-401-or-5xx")
                .queryString(AccessLogs.WHY_401_OR_5XX_QUERY)
                .logGroupNames(List.of(api.accessLogs.getLogGroupName()))
                .build();
        CfnOutput.Builder.create(this, "ApiAccessLogGroup").value(api.accessLogs.getLogGroupName())
                .description("HTTP API access logs (JSON); the saved Logs Insights query BigTimeDeals/why-401-or-5xx reads them").build();
        CfnOutput.Builder.create(this, "AlarmTopicArn").value(observability.alarmTopic.getTopicArn())
                .description("Every alarm and its recovery notify this topic").build();
        CfnOutput.Builder.create(this, "ApiUrl").value(api.api.getApiEndpoint()).description("The HTTP API itself: the mobile app uses MobileApiUrl, the CMS its own origin").build();
        CfnOutput.Builder.create(this, "UserPoolId").value(users.pool.getUserPoolId())
                .description("The user pool: the app's users and the editors (README: how to make an editor)").build();
        CfnOutput.Builder.create(this, "UserPoolClientId").value(users.appClient.getUserPoolClientId())
                .description("The mobile app's client: authorization code with PKCE, or SRP").build();
        CfnOutput.Builder.create(this, "AppSignInDomain").value(users.signIn.baseUrl())
                .description("The pool's managed login (the app's and the CMS's): /oauth2/authorize and /oauth2/token").build();
        CfnOutput.Builder.create(this, "TableName").value(data.table.getTableName()).build();
        Suppressions.suppressions(data, users, observability.alarmTopic, functions.all());
    }
}
