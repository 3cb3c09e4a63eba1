package com.bigtimedeals.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Metrics;

import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.SnapStartConf;
import software.amazon.awscdk.services.lambda.Tracing;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;

/**
 * Every Lambda function of the stack, made the one way: Java 21 on arm64 from the shaded jar, SnapStart behind a
 * {@code live} alias, X-Ray, a one-month log group; those that serve the API or the stream get every function setting
 * and the table's name in their environment and read access to the cursor-signing key. Memory and timeout come from the topology's description of it.
 */
final class Functions {
    private final Stack stack;
    private final DataResources data;
    private final Map<String, String> settings;
    private final Code code = Code.fromAsset(jar().toString());
    private final Map<String, Function> all = new LinkedHashMap<>();
    private final Map<String, LambdaFunction> described = new LinkedHashMap<>();

    Functions(Stack stack, DataResources data, StackContext context) {
        this.stack = stack;
        this.data = data;
        this.settings = context.functionSettings();
    }

    /** {@code name} is the construct id (an API function runs once per access level: DealsRead, DealsWrite). */
    Function create(String name, LambdaFunction function) {
        return create(name, function, null);
    }

    /**
     * A function with {@code reserved} concurrent executions kept for it (null: none): what an API flood, which may
     * take the rest of the account's concurrency, can never take from it.
     */
    Function create(String name, LambdaFunction function, Integer reserved) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TABLE_NAME", data.table.getTableName());
        env.putAll(settings);
        // Every function signs cursors: the API functions for their pages, the consumer for the front page's.
        env.put(CursorCodec.SECRET_ARN_VARIABLE, data.cursorKey.getSecretArn());
        Function fn = build(name, function, reserved, env);
        data.cursorKey.grantRead(fn);
        return fn;
    }

    /**
     * A function Cognito calls while a user signs in ({@link LambdaFunction.Kind#SIGN_IN}), reached through its
     * {@code live} alias: it reads neither the table nor the cursor key, so it is given neither, nor the settings.
     */
    Alias signIn(LambdaFunction function) {
        return live(build(function.id(), function, null, new LinkedHashMap<>()));
    }

    private Function build(String name, LambdaFunction function, Integer reserved, Map<String, String> env) {
        LogGroup logs = LogGroup.Builder.create(stack, name + "Logs").retention(RetentionDays.ONE_MONTH)
                .removalPolicy(RemovalPolicy.DESTROY).build();
        env.put("POWERTOOLS_SERVICE_NAME", Metrics.SERVICE_NAME);
        env.put("POWERTOOLS_LOG_LEVEL", "INFO");
        Function fn = Function.Builder.create(stack, name)
                .runtime(Runtime.JAVA_21)
                .architecture(Architecture.ARM_64)
                .handler(function.handlerClass())
                .code(code)
                .memorySize(function.memoryMb())
                .timeout(Duration.seconds(function.timeoutSeconds()))
                .snapStart(SnapStartConf.ON_PUBLISHED_VERSIONS)
                .tracing(Tracing.ACTIVE)
                .logGroup(logs)
                .environment(env)
                .reservedConcurrentExecutions(reserved)
                .build();
        all.put(name, fn);
        described.put(name, function);
        return fn;
    }

    /** The functions made so far, by construct id, in the order they were made. */
    Map<String, Function> all() {
        return new LinkedHashMap<>(all);
    }

    /** What the topology says of the function made as {@code name}. */
    LambdaFunction described(String name) {
        return described.get(name);
    }

    /** SnapStart applies to published versions; every caller reaches a function through this alias of the current one. */
    static Alias live(Function fn) {
        Annotations.of(fn).acknowledgeWarning("@aws-cdk/aws-lambda:snapStartRequirePublish",
                "Every caller reaches this function through its 'live' alias of a published version.");
        return Alias.Builder.create(fn, "Live").aliasName("live").version(fn.getCurrentVersion()).build();
    }

    /** The shaded jar the functions module builds; the reactor builds it before this module. */
    static Path jar() {
        for (String candidate : List.of("functions/target/bigtimedeals-functions.jar", "../functions/target/bigtimedeals-functions.jar")) {
            Path p = Path.of(candidate);
            if (Files.exists(p)) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("functions/target/bigtimedeals-functions.jar is missing: run mvn package first");
    }
}
