package com.bigtimedeals.bench;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.bigtimedeals.lambda.SyntheticContext;

/**
 * One cold start of the sweeper, like {@link ColdStartProbe}: construct the handler and deliver the event its
 * EventBridge schedule sends each minute (the handler reads none of it), which runs one whole sweep: stalled walks,
 * due reminders, the hottest lists' horizon. Arguments: the handler class.
 */
public final class ScheduleColdStartProbe {
    private ScheduleColdStartProbe() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        // As Lambda's runtime hands a scheduled event to a Map handler: the event's JSON as maps, lists and strings.
        Map<String, Object> event = Map.of("version", "0", "id", "cold-start", "detail-type", "Scheduled Event",
                "source", "aws.events", "account", "123456789012", "time", Instant.now().toString(), "region", "us-east-1",
                "resources", List.of("arn:aws:events:us-east-1:123456789012:rule/StalledWorkSweeper"), "detail", Map.of());
        ProbeTimes times = ProbeTimes.start();
        RequestHandler<Map<String, Object>, Map<String, Object>> handler = (RequestHandler<Map<String, Object>, Map<String, Object>>)
                Class.forName(args[0]).getDeclaredConstructor().newInstance();
        times.constructed();
        Map<String, Object> answer = handler.handleRequest(event, new SyntheticContext("cold-start", "sweeper", 60_000));
        times.answered(answer != null && answer.containsKey("touched") ? 200 : 500);
    }
}
