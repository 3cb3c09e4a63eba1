package com.bigtimedeals.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.bigtimedeals.lambda.SyntheticContext;

/**
 * One cold start of the stream consumer, like {@link ColdStartProbe}: construct the handler and deliver one
 * record, a correction of an existing deal (MODIFY, title changed), which refreshes the featured lists and
 * rebuilds the front-page cache; replaying it changes nothing. Arguments: the handler class, then the deal item's
 * attributes as name, type (S, N or BOOL), value triples.
 */
public final class StreamColdStartProbe {
    private StreamColdStartProbe() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        Map<String, AttributeValue> now = new HashMap<>();
        for (int i = 1; i + 2 < args.length; i += 3) {
            AttributeValue v = switch (args[i + 1]) {
                case "S" -> new AttributeValue().withS(args[i + 2]);
                case "N" -> new AttributeValue().withN(args[i + 2]);
                case "BOOL" -> new AttributeValue().withBOOL(Boolean.parseBoolean(args[i + 2]));
                default -> throw new IllegalArgumentException("attribute type " + args[i + 1]);
            };
            now.put(args[i], v);
        }
        Map<String, AttributeValue> before = new HashMap<>(now);
        before.put("title", new AttributeValue().withS(now.get("title").getS() + " (before the correction)"));
        DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventID("cold-start-1");
        record.setEventName("MODIFY");
        record.setDynamodb(new StreamRecord().withKeys(Map.of("PK", now.get("PK"), "SK", now.get("SK")))
                .withNewImage(now).withOldImage(before).withSequenceNumber("1"));
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(List.of(record));

        ProbeTimes times = ProbeTimes.start();
        RequestHandler<DynamodbEvent, StreamsEventResponse> handler = (RequestHandler<DynamodbEvent, StreamsEventResponse>)
                Class.forName(args[0]).getDeclaredConstructor().newInstance();
        times.constructed();
        StreamsEventResponse response = handler.handleRequest(event, new SyntheticContext("cold-start", "stream", 300_000));
        int status = response.getBatchItemFailures() == null || response.getBatchItemFailures().isEmpty() ? 200 : 500;
        times.answered(status);
    }
}
