package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.LambdaFunction;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * cold_start is true on the first request of an environment, and again on the first after a SnapStart
 * restore (this JVM cannot checkpoint, so the restore hook is called as Lambda would); the priming request
 * before the snapshot does not use up the restored environment's mark.
 */
class ColdStartLogTest extends ApiTest {

    @Test
    void firstRequestAndFirstAfterRestoreAreColdStarts() throws Exception {
        ApiHandler brands = handlers.get(LambdaFunction.BRANDS);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            send(get("/brands"));
            send(get("/brands"));
            brands.beforeCheckpoint(null); // priming, before the snapshot
            // Lambda runs every registered hook after a restore: the handler's and its cold-start mark's.
            brands.afterRestore(null);
            brands.coldStart().afterRestore(null);
            send(get("/brands"));
            send(get("/brands"));
        } finally {
            System.setOut(original);
        }
        List<String> coldStarts = new ArrayList<>();
        for (String line : captured.toString(StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("{")) {
                JsonNode n = JacksonReferenceShapes.MAPPER.readTree(line);
                if ("request".equals(n.path("message").asText())) {
                    coldStarts.add(n.path("correlation_id").asText().equals("snapstart-priming") ? "priming"
                            : n.path("cold_start").asText());
                }
            }
        }
        assertEquals(List.of("true", "false", "priming", "true", "false"), coldStarts);
    }
}
