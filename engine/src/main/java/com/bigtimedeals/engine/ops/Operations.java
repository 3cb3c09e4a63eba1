package com.bigtimedeals.engine.ops;

import com.bigtimedeals.engine.api.Dispatcher;
import com.bigtimedeals.engine.core.Context;

/** Every operation the engine answers, by its X-Amz-Target. */
public final class Operations {
    private Operations() {
    }

    public static void register(Dispatcher d, Context ctx) {
        String db = Dispatcher.DYNAMODB;
        d.register(db, "CreateTable", new CreateTable(ctx));
        d.register(db, "DescribeTable", new DescribeTable(ctx));
        d.register(db, "ListTables", new ListTables(ctx));
        d.register(db, "DeleteTable", new DeleteTable(ctx));
        d.register(db, "UpdateTable", new UpdateTable(ctx));
        d.register(db, "UpdateTimeToLive", new UpdateTimeToLive(ctx));
        d.register(db, "DescribeTimeToLive", new DescribeTimeToLive(ctx));
        d.register(db, "PutItem", new PutItem(ctx));
        d.register(db, "GetItem", new GetItem(ctx));
        d.register(db, "UpdateItem", new UpdateItem(ctx));
        d.register(db, "DeleteItem", new DeleteItem(ctx));
        d.register(db, "Query", new Query(ctx));
        d.register(db, "Scan", new Scan(ctx));
        d.register(db, "BatchGetItem", new BatchGetItem(ctx));
        d.register(db, "BatchWriteItem", new BatchWriteItem(ctx));
        d.register(db, "TransactWriteItems", new TransactWriteItems(ctx));
        d.register(db, "TransactGetItems", new TransactGetItems(ctx));
        d.register(db, "ExecuteStatement", new Partiql.ExecuteStatement(ctx));
        d.register(db, "BatchExecuteStatement", new BatchExecuteStatement(ctx));
        d.register(db, "ExecuteTransaction", new ExecuteTransaction(ctx));
        d.register(db, "TagResource", new Tags.Tag(ctx));
        d.register(db, "UntagResource", new Tags.Untag(ctx));
        d.register(db, "ListTagsOfResource", new Tags.ListTags(ctx));
        d.register(db, "DescribeEndpoints", new ServiceInfo.Endpoints(ctx));
        d.register(db, "DescribeLimits", new ServiceInfo.Limits(ctx));
        d.register(db, "DescribeContinuousBackups", new ServiceInfo.ContinuousBackups(ctx));
        String streams = Dispatcher.STREAMS;
        d.register(streams, "ListStreams", new ListStreams(ctx));
        d.register(streams, "DescribeStream", new DescribeStream(ctx));
        d.register(streams, "GetShardIterator", new GetShardIterator(ctx));
        d.register(streams, "GetRecords", new GetRecords(ctx));
    }
}
