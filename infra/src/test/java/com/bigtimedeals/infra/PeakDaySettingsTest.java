package com.bigtimedeals.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.LambdaFunction;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Template;

/**
 * Issue 41, "the deployed stack for that day": the stage throttle, the route throttles and reserved concurrency come
 * from settings sized by the simulation. docs/peak-day.md states the settings to deploy for the day as one
 * {@code cdk deploy -c ...} line; this synthesizes the stack with exactly that line (over cdk.json's context, as the
 * CLI does) and holds the template to the simulation: the stage to {@code peak.apiGatewayRateAt50k} and the busy
 * functions' reserved concurrency to {@code peak.concurrencyAt50k.*} (bench-results/peak.json), each costly route's
 * throttle to its rate at 50,000 requests a second in {@code PeakMix} (bench), each with twice the figure as headroom.
 */
@Tag("deployment")
class PeakDaySettingsTest {
    /** The headroom over each simulated figure. */
    private static final double HEADROOM = 2;
    private static final double PEAK = 50_000;
    /** PeakMix's FOLLOWS share (what its other kinds leave): 1 - 0.72 - 0.18 - 0.04 - 0.002 - 0.005 - 0.0001. */
    private static final double FOLLOWS = 1 - 0.72 - 0.18 - 0.04 - 0.002 - 0.005 - 0.0001;

    /**
     * Each costly route's requests a second at the peak, from PeakMix's shares and PeakDay's requests: every vote on
     * one route (VOTES 0.04), comments (0.002) and new alerts (0.005) likewise; the follows split evenly over brands
     * and categories, likes and watches, three POSTs to one DELETE.
     */
    private static Map<String, Double> routeRates() {
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("POST /deals/{dealId}/votes", 0.04 * PEAK);
        rates.put("POST /deals/{dealId}/comments", 0.002 * PEAK);
        rates.put("POST /me/alerts", 0.005 * PEAK);
        for (String what : List.of("/brands/{brandId}", "/categories/{categoryId}")) {
            for (String follow : List.of("/likes", "/watches")) {
                rates.put("POST " + what + follow, FOLLOWS * PEAK / 4 * 3 / 4);
                rates.put("DELETE " + what + follow, FOLLOWS * PEAK / 4 / 4);
            }
        }
        return rates;
    }

    /** The {@code -c key=value} pairs of docs/peak-day.md's one {@code cdk deploy} line. */
    static Map<String, Object> peakDayContext() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "peak-day.md")).stream()
                .filter(l -> l.startsWith("npx cdk deploy ")).toList();
        assertEquals(1, lines.size(), "docs/peak-day.md states one cdk deploy line for the day");
        Map<String, Object> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile(" -c ([A-Za-z]+)=(\\S+)").matcher(lines.get(0));
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        assertTrue(out.size() >= 2, lines.get(0));
        return out;
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDaysSettingsCarryTheSimulatedDay() throws Exception {
        JsonNode peak = new ObjectMapper().readTree(Path.of("..", "bench-results", "peak.json").toFile());
        Map<String, Double> figures = new HashMap<>();
        peak.forEach(e -> figures.put(e.get("name").asText(), e.get("value").asDouble()));
        Map<String, Object> context = new HashMap<>(BigTimeDealsStackTest.cdkJsonContext());
        context.putAll(peakDayContext());
        App app = App.Builder.create().context(context).build();
        Template t = Template.fromStack(new BigTimeDealsStack(app, "PeakDay", StackProps.builder().build()));
        Map<String, Map<String, Object>> resources = (Map<String, Map<String, Object>>) new ObjectMapper()
                .convertValue(t.toJSON(), Map.class).get("Resources");

        Map<String, Object> stage = null;
        for (Map<String, Object> r : resources.values()) {
            if ("AWS::ApiGatewayV2::Stage".equals(r.get("Type"))) {
                stage = (Map<String, Object>) r.get("Properties");
            }
        }
        assertNotNull(stage);
        Map<String, Object> stageDefault = (Map<String, Object>) stage.get("DefaultRouteSettings");
        double apiRate = figures.get("peak.apiGatewayRateAt50k");
        assertAtLeast(HEADROOM * apiRate, stageDefault.get("ThrottlingRateLimit"), "the stage's rate");
        assertAtLeast(HEADROOM * apiRate, stageDefault.get("ThrottlingBurstLimit"), "the stage's burst");
        Map<String, Map<String, Object>> routes = (Map<String, Map<String, Object>>) stage.get("RouteSettings");
        routeRates().forEach((route, rate) -> {
            Map<String, Object> s = routes.get(route);
            assertNotNull(s, route + " has its own throttle");
            assertAtLeast(HEADROOM * rate, s.get("ThrottlingRateLimit"), route);
            assertAtLeast(HEADROOM * rate, s.get("ThrottlingBurstLimit"), route);
        });

        // The busy functions (10 or more instances at the peak) keep twice what they need, read and write deployment.
        int busy = 0;
        for (LambdaFunction f : LambdaFunction.api()) {
            Double needed = figures.get("peak.concurrencyAt50k." + f.id());
            if (needed == null || needed < 10) {
                continue;
            }
            busy++;
            for (String level : List.of("Read", "Write")) {
                Pattern id = Pattern.compile(Pattern.quote(f.id() + level) + "[0-9A-F]{8}");
                Map<String, Object> fn = resources.entrySet().stream()
                        .filter(e -> "AWS::Lambda::Function".equals(e.getValue().get("Type")) && id.matcher(e.getKey()).matches())
                        .map(e -> (Map<String, Object>) e.getValue().get("Properties")).findFirst().orElseThrow();
                assertAtLeast(HEADROOM * needed, fn.get("ReservedConcurrentExecutions"), f.id() + level);
            }
        }
        assertTrue(busy > 0, "some API function needs 10 or more at the peak (peak.json: inbox, votes, follows)");
    }

    private static void assertAtLeast(double least, Object actual, String what) {
        assertNotNull(actual, what);
        assertTrue(((Number) actual).doubleValue() >= least - 1e-9,
                what + ": " + actual + ", at least " + least + " for the simulated day");
    }
}
