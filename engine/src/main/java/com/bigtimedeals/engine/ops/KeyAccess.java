package com.bigtimedeals.engine.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;

import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.KeyConditions;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;

/**
 * The check the service makes once it knows the table: an expression may not reach inside a key attribute of the
 * table or of its indexes ({@code a.b}, {@code a[0]}).
 */
final class KeyAccess {
    private KeyAccess() {
    }

    /** {@code nested}: the nestedTopLevelNames of the request's projection, condition, filter and update. */
    @SafeVarargs
    static void check(Table table, Set<String>... nested) {
        Set<String> all = new java.util.HashSet<>();
        for (Set<String> n : nested) {
            if (n != null) {
                all.addAll(n);
            }
        }
        if (all.isEmpty()) {
            return;
        }
        List<String> tableKeys = new ArrayList<>();
        tableKeys.add(table.key().partitionKey());
        if (table.key().sortKey() != null) {
            tableKeys.add(table.key().sortKey());
        }
        List<String> indexKeys = new ArrayList<>();
        TableDef def = table.def();
        for (TableDef.IndexDef i : def.localIndexes()) {
            indexKeys.add(i.key().sortKey());
        }
        for (TableDef.IndexDef i : def.globalIndexes()) {
            indexKeys.addAll(i.key().attributes());
        }
        try {
            KeyConditions.refuseNestedKeyAccess(all, tableKeys, indexKeys);
        } catch (ExpressionException e) {
            throw ApiException.validation(e.getMessage());
        }
    }
}
