package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The deployed artifact: the shaded function jar from the functions module. */
@Tag("stack")
class FunctionJarTest {
    static final Path JAR = Path.of("../functions/target/bigtimedeals-functions.jar");

    @Test
    void carriesTheHandlersAndNoTestEngineLocalCdkApacheOrNettyClasses() throws Exception {
        assertTrue(Files.exists(JAR), "build the functions module first: " + JAR.toAbsolutePath());
        // Neither our engine nor the harness around it, and never DynamoDB Local.
        List<String> forbidden = List.of("com/bigtimedeals/engine/", "com/bigtimedeals/harness/", "com/bigtimedeals/local/",
                "com/amazonaws/services/dynamodbv2/local/", "software/amazon/awscdk/",
                "software/amazon/awssdk/http/apache/", "software/amazon/awssdk/http/apache5/", "org/apache/http/",
                "org/apache/hc/", "io/netty/", "software/amazon/awssdk/http/nio/netty/", "org/junit/", "org/eclipse/jetty/",
                "com/almworks/sqlite4java/", "io/github/cdklabs/", "org/apache/logging/log4j/",
                // One call to Cognito is a signed AwsJsonCall: the SDK's Cognito client was 3 MB of the jar.
                "software/amazon/awssdk/services/cognitoidentityprovider/");
        List<String> found = new ArrayList<>();
        boolean urlConnection = false;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (var e = jar.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                forbidden.stream().filter(name::startsWith).findFirst().ifPresent(p -> found.add(name));
                urlConnection |= name.startsWith("software/amazon/awssdk/http/urlconnection/");
            }
            for (String handler : List.of("DealsHandler", "BrandsHandler", "CategoriesHandler", "FollowsHandler", "InboxHandler",
                    "SearchHandler")) {
                assertTrue(jar.getEntry("com/bigtimedeals/api/" + handler + ".class") != null, handler);
            }
            assertTrue(jar.getEntry("com/bigtimedeals/stream/StreamHandler.class") != null);
            assertTrue(jar.getEntry("META-INF/services/org.slf4j.spi.SLF4JServiceProvider") != null);
        }
        assertTrue(found.isEmpty(), "classes that must not ship: " + found.subList(0, Math.min(10, found.size())));
        assertTrue(urlConnection, "the URL-connection HTTP client is missing");
        System.out.printf("bigtimedeals-functions.jar: %,d bytes%n", Files.size(JAR));
        // Issue 43: every function deploys this one jar, and Lambda unpacks it at each cold start.
        assertTrue(Files.size(JAR) < 15L * 1024 * 1024, "the function jar grew past 15 MB: " + Files.size(JAR));
    }

    /**
     * The shaded jar finds its logging backend: with SLF4J's provider file lost in shading, SLF4J falls back to
     * discarding every line after one warning on standard error.
     */
    @Test
    void theShadedJarEmitsStructuredLogLines() throws Exception {
        String probeClasses = Path.of("target/test-classes").toAbsolutePath().toString();
        ProcessBuilder pb = new ProcessBuilder(System.getProperty("java.home") + "/bin/java", "-XX:TieredStopAtLevel=1",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
                JAR.toAbsolutePath() + File.pathSeparator + probeClasses, ShadedJarProbe.class.getName());
        pb.environment().put("AWS_REGION", "us-east-1");
        pb.environment().put("AWS_ACCESS_KEY_ID", "probe");
        pb.environment().put("AWS_SECRET_ACCESS_KEY", "probe");
        pb.environment().put("TABLE_NAME", "probe");
        pb.environment().put("DYNAMODB_ENDPOINT", "http://127.0.0.1:9"); // nothing listens: the error path
        pb.environment().put("POWERTOOLS_SERVICE_NAME", "bigtimedeals");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("status=404"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("{") && l.contains("\"message\":\"request\"")
                && l.contains("\"status\":404") && l.contains("\"correlation_id\":\"probe-request\"")), out);
        assertTrue(out.contains("databindLoaded=false"), "a GET loaded jackson-databind (cold start): " + out);
        assertTrue(out.contains("status=500"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("{") && l.contains("\"level\":\"ERROR\"")
                && l.contains("\"stack\":\"") && l.contains("\"correlation_id\":\"probe-failure\"")), out);
        // SLF4J reports a missing or second provider on standard error, then carries on.
        assertFalse(out.lines().anyMatch(l -> !l.startsWith("{") && !l.startsWith("status=")
                && !l.startsWith("databindLoaded=")), out);
    }
}
