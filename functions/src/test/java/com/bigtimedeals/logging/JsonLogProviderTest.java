package com.bigtimedeals.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import software.amazon.lambda.powertools.logging.internal.LoggingManagerRegistry;

/** The functions' SLF4J backend: Powertools' JSON line, valid whatever the text, at the levels Powertools sets. */
class JsonLogProviderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @AfterEach
    void reset() {
        MDC.clear();
        LogLevels.process(Level.INFO);
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
