package com.bigtimedeals.data;

import java.util.Map;

import com.bigtimedeals.domain.Blast;
import com.bigtimedeals.domain.DomainException;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Hot-deal blast requests (access pattern: send a Hot Deal Message to all Users). The API only records the
 * request; its INSERT on the stream starts the chunked fan-out, whose progress is kept on the same item.
 */
public final class BlastStore {
    private final Table table;

    public BlastStore(Table table) {
        this.table = table;
    }

    public Blast record(Blast blast) {
        Map<String, AttributeValue> item = new ItemWriter(Keys.blast(blast.id()), Keys.BLAST)
                .string("id", blast.id()).string("dealId", blast.dealId()).string("subject", blast.subject())
                .string("body", blast.body()).instant("requestedAt", blast.requestedAt())
                .number("segments", blast.segments()).number("segmentsDone", 0).number("usersReached", 0)
                .build();
        table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                .conditionExpression("attribute_not_exists(PK)").build());
        return blast;
    }

    /** A blast's progress: users reached and segments done. */
    public Blast get(String blastId) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.blast(blastId)).consistentRead(true).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("blast not found");
        }
        return read(item);
    }

    static Blast read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Blast(r.string("id"), r.string("dealId"), r.string("subject"), r.string("body"),
                r.instant("requestedAt"), (int) r.number("segments"), (int) r.number("segmentsDone"),
                r.number("usersReached"));
    }
}
