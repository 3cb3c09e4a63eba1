package com.bigtimedeals.engine.ops;

import java.util.Map;

import com.bigtimedeals.engine.core.Context;

/** An operation whose request names only a table (DescribeTable, DeleteTable, DescribeTimeToLive), decoded once. */
abstract class TableOnly<O> extends TypedOperation<DescribeTable.Request, O> {
    TableOnly(Context ctx) {
        super(ctx, DescribeTable.TABLE_ONLY);
    }

    @Override
    final DescribeTable.Request decode(Map<String, Object> req) {
        return DescribeTable.Request.decode(req);
    }
}
