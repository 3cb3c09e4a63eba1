package com.bigtimedeals.harness;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * SDK v2 stream records to the Lambda event model, the direction aws-lambda-java-events-sdk-transformer does
 * not offer: what the event source mapping hands a function, built from what GetRecords returned.
 */
public final class StreamRecords {
    private StreamRecords() {
    }

    public static DynamodbEvent event(List<DynamodbEvent.DynamodbStreamRecord> records) {
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records);
        return event;
    }

    /**
     * The record as the event source mapping hands it over, its ApproximateCreationDateTime the stream's own:
     * a record read twice is the same record, so nothing derived from it may differ between deliveries.
     */
    public static DynamodbEvent.DynamodbStreamRecord toLambda(Record r, String streamArn) {
        DynamodbEvent.DynamodbStreamRecord out = new DynamodbEvent.DynamodbStreamRecord();
        out.setEventID(r.eventID());
        out.setEventName(r.eventNameAsString());
        out.setEventVersion(r.eventVersion());
        out.setEventSource("aws:dynamodb");
        out.setAwsRegion(r.awsRegion());
        out.setEventSourceARN(streamArn);
        if (r.userIdentity() != null) {
            // TTL deletions carry the service as their principal, as the event source mapping passes it on.
            out.setUserIdentity(new com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity()
                    .withPrincipalId(r.userIdentity().principalId()).withType(r.userIdentity().type()));
        }
        var d = r.dynamodb();
        StreamRecord s = new StreamRecord();
        s.setApproximateCreationDateTime(d.approximateCreationDateTime() == null ? null : Date.from(d.approximateCreationDateTime()));
        s.setKeys(map(d.keys()));
        s.setNewImage(d.hasNewImage() ? map(d.newImage()) : null);
        s.setOldImage(d.hasOldImage() ? map(d.oldImage()) : null);
        s.setSequenceNumber(d.sequenceNumber());
        s.setSizeBytes(d.sizeBytes());
        if (d.streamViewTypeAsString() != null) {
            s.setStreamViewType(com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType.valueOf(d.streamViewTypeAsString()));
        }
        out.setDynamodb(s);
        return out;
    }

    /**
     * Only what an event source mapping's filter reads: the event name and the named attributes of the new image.
     * A reader that filters first converts in full only what passes, as the service filters records before any
     * function sees them (every message record of a blast is dropped by the filter).
     */
    public static DynamodbEvent.DynamodbStreamRecord filterView(Record r, java.util.Set<String> newImageAttributes) {
        DynamodbEvent.DynamodbStreamRecord out = new DynamodbEvent.DynamodbStreamRecord();
        out.setEventName(r.eventNameAsString());
        StreamRecord s = new StreamRecord();
        if (r.dynamodb().hasNewImage()) {
            Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> image = new LinkedHashMap<>();
            for (String name : newImageAttributes) {
                AttributeValue v = r.dynamodb().newImage().get(name);
                if (v != null) {
                    image.put(name, value(v));
                }
            }
            s.setNewImage(image);
        }
        out.setDynamodb(s);
        return out;
    }

    static Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> map(Map<String, AttributeValue> m) {
        if (m == null) {
            return null;
        }
        Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, value(v)));
        return out;
    }

    static com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue value(AttributeValue v) {
        var out = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue();
        switch (v.type()) {
            case S -> out.setS(v.s());
            case N -> out.setN(v.n());
            case B -> out.setB(ByteBuffer.wrap(v.b().asByteArray()));
            case SS -> out.setSS(v.ss());
            case NS -> out.setNS(v.ns());
            case BS -> {
                List<ByteBuffer> bs = new ArrayList<>();
                for (SdkBytes b : v.bs()) {
                    bs.add(ByteBuffer.wrap(b.asByteArray()));
                }
                out.setBS(bs);
            }
            case M -> out.setM(map(v.m()));
            case L -> {
                List<com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> l = new ArrayList<>();
                for (AttributeValue item : v.l()) {
                    l.add(value(item));
                }
                out.setL(l);
            }
            case NUL -> out.setNULL(true);
            case BOOL -> out.setBOOL(v.bool());
            default -> throw new IllegalArgumentException("unknown attribute type " + v.type());
        }
        return out;
    }
}
