package com.bigtimedeals.logging;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.slf4j.event.KeyValuePair;
import org.slf4j.event.Level;

import software.amazon.lambda.powertools.logging.argument.StructuredArgument;

/**
 * One log event as one line of JSON, in the fields and order of Powertools' Lambda layout
 * ({@code LambdaJsonLayout.json} of its log4j backend): level, message, error, the Lambda context fields Powertools
 * puts in the MDC, the timestamp, the correlation id; then the rest of the MDC, then the event's structured
 * arguments ({@code StructuredArguments.entry}) and key-value pairs (SLF4J's fluent {@code addKeyValue}).
 * CloudWatch metric filters and Logs Insights queries read these names, so they are Powertools' own.
 */
final class JsonLine {
    /** Powertools' Lambda context fields, in its layout's order; "timestamp" marks where the event's time goes. */
    private static final String[] CONTEXT_FIELDS = {"cold_start", "function_arn", "function_memory_size", "function_name",
        "function_request_id", "function_version", "sampling_rate", "service", "timestamp", "xray_trace_id", "correlation_id"};
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private JsonLine() {
    }

    /** The line, newline included, for an event with the calling thread's MDC. */
    static String of(Level level, String message, Object[] arguments, List<KeyValuePair> pairs, Throwable thrown,
                     Map<String, String> mdc, long epochMillis) {
        StringBuilder line = new StringBuilder(512);
        JsonLineWriter json = new JsonLineWriter(line);
        json.writeStartObject();
        json.writeStringField("level", level.name());
        json.writeRaw(',');
        json.writeStringField("message", message);
        if (thrown != null) {
            json.writeRaw(',');
            json.writeFieldName("error");
            json.writeStartObject();
            json.writeStringField("message", thrown.getMessage());
            json.writeRaw(',');
            json.writeStringField("name", className(thrown));
            json.writeRaw(',');
            json.writeStringField("stack", stackTrace(thrown));
            json.writeEndObject();
        }
        TreeMap<String, String> rest = new TreeMap<>(mdc);
        for (String field : CONTEXT_FIELDS) {
            if (field.equals("timestamp")) {
                json.writeRaw(',');
                json.writeStringField("timestamp", TIMESTAMP.format(Instant.ofEpochMilli(epochMillis)));
                continue;
            }
            String value = rest.remove(field);
            if (value == null || field.equals("sampling_rate") && isZero(value)) {
                continue;
            }
            json.writeRaw(',');
            json.writeFieldName(field);
            switch (field) {
                case "cold_start" -> json.writeRaw(Boolean.toString(Boolean.parseBoolean(value)));
                case "function_memory_size", "sampling_rate" -> writeNumber(json, value);
                default -> json.writeString(value);
            }
        }
        for (Map.Entry<String, String> entry : rest.entrySet()) {
            json.writeRaw(',');
            json.writeStringField(entry.getKey(), entry.getValue());
        }
        if (arguments != null) {
            for (Object argument : arguments) {
                if (argument instanceof StructuredArgument structured) {
                    int before = line.length();
                    json.writeRaw(',');
                    try {
                        structured.writeTo(json);
                    } catch (IOException e) {
                        // A StringBuilder does not fail; the interface only declares it.
                        throw new UncheckedIOException(e);
                    }
                    if (line.length() == before + 1) {
                        line.setLength(before); // an empty map of entries writes no field, so no comma either
                    }
                }
            }
        }
        if (pairs != null) {
            for (KeyValuePair pair : pairs) {
                json.writeRaw(',');
                json.writeObjectField(String.valueOf(pair.key), pair.value);
            }
        }
        json.writeEndObject();
        return line.append('\n').toString();
    }

    /** The line written when an event cannot be: a value's {@code toString} or an exception's message threw. */
    static String unformattable(Level level, RuntimeException failure, long epochMillis) {
        StringBuilder line = new StringBuilder(160);
        JsonLineWriter json = new JsonLineWriter(line);
        json.writeStartObject();
        json.writeStringField("level", level.name());
        json.writeRaw(',');
        json.writeStringField("message", "a log event could not be written: " + failure.getClass().getName());
        json.writeRaw(',');
        json.writeStringField("timestamp", TIMESTAMP.format(Instant.ofEpochMilli(epochMillis)));
        json.writeEndObject();
        return line.append('\n').toString();
    }

    private static boolean isZero(String value) {
        try {
            return Double.parseDouble(value) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A number as written; anything else (which Powertools never puts there) as a string, so the line stays JSON. */
    private static void writeNumber(JsonLineWriter json, String value) {
        if (JsonLineWriter.JSON_NUMBER.matcher(value).matches()) {
            json.writeRaw(value);
        } else {
            json.writeString(value);
        }
    }

    /** The class as log4j's JSON layout named it (canonical, {@code Outer.Inner}); the binary name where there is none. */
    private static String className(Throwable thrown) {
        String canonical = thrown.getClass().getCanonicalName();
        return canonical != null ? canonical : thrown.getClass().getName();
    }

    /** The whole trace, causes and suppressed exceptions included, as {@code printStackTrace} prints it. */
    private static String stackTrace(Throwable thrown) {
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }
}
