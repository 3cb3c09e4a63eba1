package com.bigtimedeals.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;
import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entries;
import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.logging.internal.LoggingManagerRegistry;

/** The functions' SLF4J backend: Powertools' JSON line, valid whatever the text, at the levels Powertools sets. */
class JsonLogProviderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterEach
    void reset() {
        MDC.clear();
        LogLevels.restore();
    }

    @Test
    void slf4jAndPowertoolsFindThisBackend() {
        assertInstanceOf(JsonLogger.class, LoggerFactory.getLogger("any"));
        assertInstanceOf(PowertoolsLogLevels.class, LoggingManagerRegistry.getLoggingManager());
    }

    @Test
    void aLineHasPowertoolsFieldsInItsOrderTypedThenTheRestOfTheMdcThenTheArguments() throws Exception {
        MDC.put("correlation_id", "req-1");
        MDC.put("function_memory_size", "1024");
        MDC.put("cold_start", "true");
        MDC.put("sampling_rate", "0.0");
        MDC.put("service", "bigtimedeals");
        MDC.put("initialization_type", "snap-start");
        String line = captured(() -> LoggerFactory.getLogger("t").info("request", entry("status", 201), entry("route", "POST /me")));
        JsonNode n = JSON.readTree(line);
        assertEquals(List.of("level", "message", "cold_start", "function_memory_size", "service", "timestamp", "correlation_id",
                "initialization_type", "status", "route"), fieldNames(n));
        assertTrue(n.get("cold_start").isBoolean());
        assertEquals(1024, n.get("function_memory_size").asInt());
        assertTrue(n.get("status").isInt());
        assertTrue(n.get("timestamp").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), line);
        assertTrue(line.endsWith("}\n") && line.indexOf('\n') == line.length() - 1, line);
    }

    @Test
    void everyControlCharacterIsEscapedSoTheLineStaysOneValidJsonObject() throws Exception {
        StringBuilder text = new StringBuilder("q\"b\\");
        for (char c = 0; c < 0x20; c++) {
            text.append(c);
        }
        text.append('\u007f').append('\u2028').append('\u2029').append("é😀");
        String line = captured(() -> LoggerFactory.getLogger("t").warn(text.toString(), entry("k" + text, text.toString())));
        assertEquals(1, line.split("\n", -1).length - 1, line);
        JsonNode n = JSON.readTree(line);
        assertEquals(text.toString(), n.get("message").asText());
        assertEquals(text.toString(), n.get("k" + text).asText());
        for (char c = 0; c < 0x20; c++) {
            assertTrue(line.indexOf(c) < 0 || c == '\n' && line.indexOf(c) == line.length() - 1, "raw control " + (int) c);
        }
    }

    @Test
    void anErrorCarriesItsClassMessageAndWholeTraceWithCauses() throws Exception {
        Exception failure = new IllegalStateException("outer", new IllegalArgumentException("inner"));
        JsonNode n = JSON.readTree(captured(() -> LoggerFactory.getLogger("t").error("request failed", failure)));
        assertEquals("ERROR", n.get("level").asText());
        assertEquals("request failed", n.get("message").asText());
        assertEquals("java.lang.IllegalStateException", n.at("/error/name").asText());
        assertEquals("outer", n.at("/error/message").asText());
        String stack = n.at("/error/stack").asText();
        assertTrue(stack.startsWith("java.lang.IllegalStateException: outer\n\tat "), stack);
        assertTrue(stack.contains("Caused by: java.lang.IllegalArgumentException: inner"), stack);
    }

    @Test
    void placeholdersAreFilledAndTheSdkStaysAtWarningsWhenPowertoolsSamplesDebug() {
        Logger ours = LoggerFactory.getLogger("com.bigtimedeals.x");
        Logger sdk = LoggerFactory.getLogger("software.amazon.awssdk.request");
        assertTrue(captured(() -> ours.info("a {} c", "b")).contains("\"message\":\"a b c\""));
        assertEquals("", captured(() -> ours.debug("hidden")));
        LoggingManagerRegistry.getLoggingManager().setLogLevel(Level.DEBUG);
        assertTrue(captured(() -> ours.debug("shown")).contains("\"level\":\"DEBUG\""));
        assertEquals("", captured(() -> sdk.info("wire chatter")));
        assertFalse(captured(() -> sdk.warn("worth seeing")).isEmpty());
        assertEquals(Level.WARN, LoggingManagerRegistry.getLoggingManager().getLogLevel(sdk));
        assertEquals(Level.DEBUG, LoggingManagerRegistry.getLoggingManager().getLogLevel(ours));
    }

    @Test
    void aThreadStartedDuringARequestDoesNotCarryItsFieldsIntoLaterRequests() throws Exception {
        MDC.put("correlation_id", "req-1");
        AtomicReference<String> seen = new AtomicReference<>("unset");
        Thread worker = new Thread(() -> seen.set(MDC.get("correlation_id")));
        worker.start();
        worker.join();
        assertNull(seen.get(), "a pool thread started inside a request would keep its id for good");
    }

    @Test
    void theProductionErrorShapeAndHostileValuesStillMakeOneValidLine() throws Exception {
        Logger log = LoggerFactory.getLogger("t");
        Exception failure = new Nested("boom");
        JsonNode n = JSON.readTree(captured(() -> log.error("request failed", entry("route", "GET /x"), entry("status", 500), failure)));
        assertEquals("GET /x", n.get("route").asText());
        assertEquals(500, n.get("status").asInt());
        assertEquals(Nested.class.getCanonicalName(), n.at("/error/name").asText(), "named as log4j's layout named it");
        JsonNode odd = JSON.readTree(captured(() -> log.info(null, entries(Map.of()), entry("nan", Double.NaN),
                entry("adder", new java.util.concurrent.atomic.LongAdder()), entry("ratio", 0.5f))));
        assertTrue(odd.get("message").isNull());
        assertEquals("NaN", odd.get("nan").asText());
        assertEquals(0, odd.get("adder").asInt());
        assertEquals(0.5, odd.get("ratio").asDouble());
        assertTrue(JSON.readTree(captured(() -> log.warn("no message", new IllegalStateException()))).at("/error/message").isNull());
    }

    @Test
    void aValueThatCannotBeFormattedGivesALineNotAFailure() throws Exception {
        Object hostile = new Object() {
            @Override
            public String toString() {
                throw new IllegalStateException("toString failed");
            }
        };
        String line = captured(() -> LoggerFactory.getLogger("t").error("value {}", hostile));
        assertEquals("ERROR", JSON.readTree(line).get("level").asText());
    }

    @Test
    void fluentKeyValuePairsBecomeFields() throws Exception {
        JsonNode n = JSON.readTree(captured(() -> LoggerFactory.getLogger("t").atInfo().addKeyValue("shard", 3)
                .setMessage("walked").log()));
        assertEquals("walked", n.get("message").asText());
        assertEquals(3, n.get("shard").asInt());
    }

    @Test
    void aSampledRequestsDebugLevelEndsWithTheRequest() {
        Logger ours = LoggerFactory.getLogger("com.bigtimedeals.x");
        LoggingManagerRegistry.getLoggingManager().setLogLevel(Level.DEBUG);
        assertTrue(ours.isDebugEnabled());
        PowertoolsLogging.clearState(true); // what withLogging runs when the request ends
        assertFalse(ours.isDebugEnabled(), "one sampled request would leave the process at DEBUG");
    }

    /** A nested class: its binary name has a '$', its canonical name a '.'. */
    static final class Nested extends RuntimeException {
        Nested(String message) {
            super(message);
        }
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String captured(Runnable logging) {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            logging.run();
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
