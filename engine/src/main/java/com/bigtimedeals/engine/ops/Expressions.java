package com.bigtimedeals.engine.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;

/**
 * The expression parameters of one request (ExpressionAttributeNames and ExpressionAttributeValues, and which
 * expression and legacy parameters it carries), checked in the service's order, and the service's wording of the
 * resulting errors. These are semantic checks, which the service sends bare, without the "1 validation error
 * detected: " prefix it gives constraint violations on request members (see {@link ExpressionException}).
 */
final class Expressions {
    private static final Pattern NAME_KEY = Pattern.compile("#[0-9a-zA-Z_]+");
    private static final Pattern VALUE_KEY = Pattern.compile(":[0-9a-zA-Z_]+");

    final String operation;
    private final Map<String, Object> request;
    private ExpressionContext context;
    /** ExpressionAttributeValues as converted for {@link #context()}; null until then, or when absent. */
    private Map<String, Value> values;

    Expressions(String operation, Map<String, Object> request) {
        this.operation = operation;
        this.request = request;
    }

    /**
     * The service's first checks on which parameters the request carries (mixed expression and legacy
     * parameters, names or values without an expression), then on ConditionalOperator.
     *
     * @param legacyConditions the request's Expected, QueryFilter or ScanFilter parameter name, or null
     */
    void checkParameters(List<String> expressionParams, List<String> legacyParams, String legacyConditions) {
        try {
            Legacy.checkParameters(expressionParams, legacyParams, request.keySet());
            @SuppressWarnings("unchecked")
            Map<String, ?> conditions = legacyConditions == null ? null : (Map<String, ?>) request.get(legacyConditions);
            Legacy.checkConditionalOperator((String) request.get("ConditionalOperator"), conditions);
        } catch (ExpressionException e) {
            throw invalid(e);
        }
    }

    /** The names and values checked and converted, then the context every expression of the request is parsed in. */
    @SuppressWarnings("unchecked")
    ExpressionContext context() {
        if (context != null) {
            return context;
        }
        Map<String, Object> rawNames = (Map<String, Object>) request.get("ExpressionAttributeNames");
        Map<String, String> names = null;
        if (rawNames != null) {
            if (rawNames.isEmpty()) {
                throw invalid("ExpressionAttributeNames must not be empty");
            }
            names = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : rawNames.entrySet()) {
                if (!NAME_KEY.matcher(e.getKey()).matches()) {
                    throw invalid("ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + e.getKey() + "\"");
                }
                names.put(e.getKey(), (String) e.getValue());
            }
        }
        Map<String, Object> rawValues = (Map<String, Object>) request.get("ExpressionAttributeValues");
        Map<String, Value> values = null;
        if (rawValues != null) {
            if (rawValues.isEmpty()) {
                throw invalid("ExpressionAttributeValues must not be empty");
            }
            for (String key : rawValues.keySet()) {
                if (!VALUE_KEY.matcher(key).matches()) {
                    throw invalid("ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
                }
            }
            values = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : rawValues.entrySet()) {
                try {
                    values.put(e.getKey(), AttributeValues.value((Map<String, Object>) e.getValue()));
                } catch (AttributeValues.Invalid invalid) {
                    throw invalid("ExpressionAttributeValues contains invalid value: " + invalid.getMessage() + " for key " + e.getKey());
                }
            }
        }
        try {
            context = new ExpressionContext(names, values);
        } catch (ExpressionException e) {
            throw invalid(e);
        }
        this.values = values;
        return context;
    }

    /**
     * The bytes of the request's ExpressionAttributeValues by the item size rules, each value once; 0 when its
     * expressions did not need them (they are then not even converted, as in the service's transactions).
     */
    long expressionValuesSize() {
        long size = 0;
        if (values != null) {
            for (Value v : values.values()) {
                size += ItemSize.of(v);
            }
        }
        return size;
    }

    /** Refuses names or values no expression used; only when the request has expression parameters at all. */
    static void requireAllUsed(Expressions ex, Map<String, Object> req) {
        if (req.get("ExpressionAttributeNames") == null && req.get("ExpressionAttributeValues") == null) {
            return;
        }
        try {
            ex.context().requireAllUsed();
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
    }

    /** A check on the request failed: the service's message as it is. */
    ApiException invalid(String message) {
        return ApiException.validation(message);
    }

    /** An expression or legacy parameter refused. */
    ApiException invalid(ExpressionException e) {
        return ApiException.validation(e.getMessage());
    }

    /** Converts an attribute map of the request (an item or a key). */
    Map<String, Value> attributes(Map<String, Object> raw) {
        try {
            return AttributeValues.item(raw);
        } catch (AttributeValues.Invalid e) {
            throw invalid(e.getMessage());
        }
    }

    String string(String name) {
        return (String) request.get(name);
    }
}
