package com.bigtimedeals.data;

import java.time.Instant;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.transformers.v2.dynamodb.DynamodbAttributeValueTransformer;
import com.bigtimedeals.domain.Change;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.Likeable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Decodes the table's stream records into domain changes; the consumer never sees an item. */
public final class ChangeFeed {
    /**
     * The item types the consumer reacts to. The event source mapping filters on them, so the millions of
     * message writes of a blast never invoke the consumer (the local stack filters the same way).
     */
    public static final java.util.List<String> TYPES_OF_INTEREST =
            java.util.List.of(Keys.DEAL, Keys.FEATURED_LIST, Keys.BLAST, Keys.BLAST_SEGMENT, Keys.FAN_OUT,
                    Keys.ACCOUNT_DELETION);

    private ChangeFeed() {
    }

    /** Whether a record can matter to the consumer, judged as the mapping's filter judges it. */
    public static boolean ofInterest(DynamodbStreamRecord record) {
        var image = record.getDynamodb() == null ? null : record.getDynamodb().getNewImage();
        var type = image == null ? null : image.get(Keys.TYPE);
        return type != null && TYPES_OF_INTEREST.contains(type.getS());
    }

    public static Change decode(DynamodbStreamRecord record) {
        String event = record.getEventName();
        var stream = record.getDynamodb();
        if (stream == null) {
            return new Change.Other();
        }
        Map<String, AttributeValue> now = stream.getNewImage() == null ? null
                : DynamodbAttributeValueTransformer.toAttributeValueMapV2(stream.getNewImage());
        Map<String, AttributeValue> before = stream.getOldImage() == null ? null
                : DynamodbAttributeValueTransformer.toAttributeValueMapV2(stream.getOldImage());
        if (now == null) {
            return new Change.Other(); // REMOVE: nothing in this design reacts to a deletion
        }
        ItemReader item = new ItemReader(now);
        String type = item.type();
        if (type == null) {
            return new Change.Other();
        }
        boolean insert = "INSERT".equals(event);
        switch (type) {
            case Keys.DEAL -> {
                if (now.containsKey(DealCodec.TAKEN_DOWN_AT)) {
                    return before != null && before.containsKey(DealCodec.TAKEN_DOWN_AT) ? new Change.Other()
                            : new Change.DealTakenDown(item.string("id"));
                }
                if (insert) {
                    Instant at = stream.getApproximateCreationDateTime() == null ? null
                            : stream.getApproximateCreationDateTime().toInstant();
                    return new Change.DealCreated(DealCodec.read(now), at);
                }
                boolean changed = before == null || !DealCodec.read(before).equals(DealCodec.read(now));
                return changed ? new Change.DealCorrected(DealCodec.read(now)) : new Change.Other();
            }
            case Keys.FEATURED_LIST -> {
                String sk = now.get(Keys.SK).s();
                if (sk.equals(Keys.featuredSk(FeaturedList.FRONT_PAGE))) {
                    return new Change.FeaturedChanged(FeaturedList.FRONT_PAGE);
                }
                if (sk.equals(Keys.featuredSk(FeaturedList.EDITORS_CHOICE))) {
                    return new Change.FeaturedChanged(FeaturedList.EDITORS_CHOICE);
                }
                return new Change.FeaturedChanged(FeaturedList.category(item.string("categoryId")));
            }
            case Keys.BLAST -> {
                return insert ? new Change.BlastRequested(item.string("id")) : new Change.Other();
            }
            case Keys.BLAST_SEGMENT -> {
                return item.bool("done") ? new Change.Other()
                        : new Change.BlastSegmentPending(item.string("blastId"), (int) item.number("segment"));
            }
            case Keys.ACCOUNT_DELETION -> {
                return item.bool("done") ? new Change.Other() : new Change.AccountDeletionPending(item.string("username"));
            }
            case Keys.FAN_OUT -> {
                return item.bool("done") ? new Change.Other()
                        : new Change.FanOutPending(item.string("dealId"), Likeable.valueOf(item.string("source")));
            }
            default -> {
                return new Change.Other();
            }
        }
    }
}
