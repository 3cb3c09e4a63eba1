package com.bigtimedeals.engine.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.value.Value;

/**
 * The expression parameters of one request (ExpressionAttributeNames and ExpressionAttributeValues, and which
 * expression and legacy parameters it carries), checked in the service's order, and the service's wording of the
 * resulting errors: on the single-item writes (PutItem, UpdateItem, DeleteItem) the service reports request-level
 * problems as "1 validation error detected: ...", elsewhere without that prefix.
 */
final class Expressions {
    private static final Pattern NAME_KEY = Pattern.compile("#[0-9a-zA-Z_]+");
    private static final Pattern VALUE_KEY = Pattern.compile(":[0-9a-zA-Z_]+");

    final String operation;
    private final Map<String, Object> request;
    private ExpressionContext context;

    Expressions(String operation, Map<String, Object> request) {
        this.operation = operation;
        this.request = request;
    }

    /**
     * Refuses a request that mixes expression and legacy parameters, or that gives names or values without an
     * expression to use them.
     */
    void checkParameters(List<String> expressionParams, List<String> legacyParams) {
        List<String> used = new ArrayList<>();
        for (String p : expressionParams) {
            if (request.get(p) != null) {
                used.add(p);
            }
        }
        if (!used.isEmpty()) {
            List<String> legacy = new ArrayList<>();
            for (String p : legacyParams) {
                if (request.get(p) != null && !(p.equals("KeyConditions") && request.get("KeyConditionExpression") == null)) {
                    legacy.add(p);
                }
            }
            if (!legacy.isEmpty()) {
                throw ApiException.validation(mixed(legacy, used));
            }
        }
        if (request.get("ExpressionAttributeNames") != null && used.isEmpty()) {
            throw ApiException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        List<String> valueExpressions = new ArrayList<>(expressionParams);
        valueExpressions.remove("ProjectionExpression");
        if (!valueExpressions.isEmpty() && request.get("ExpressionAttributeValues") != null) {
            boolean any = false;
            for (String p : valueExpressions) {
                any |= request.get(p) != null;
            }
            if (!any) {
                throw ApiException.validation("ExpressionAttributeValues can only be specified when using expressions: "
                        + String.join(" and ", valueExpressions) + (valueExpressions.size() > 1 ? " are" : " is") + " null");
            }
        }
    }

    private static String mixed(List<String> legacy, List<String> expression) {
        try {
            return Legacy.mixedParameters(legacy, expression);
        } catch (UnsupportedOperationException e) {
            return "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {"
                    + String.join(", ", legacy) + "} Expression parameters: {" + String.join(", ", expression) + "}";
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
        return context;
    }

    /** Whether this request's operation words request-level errors with the "1 validation error detected" prefix. */
    boolean prefixed() {
        return operation.equals("PutItem") || operation.equals("UpdateItem") || operation.equals("DeleteItem");
    }

    /** A request-level error, worded as this operation words it. */
    ApiException invalid(String message) {
        return ApiException.validation(prefixed() && prefixes(message) ? "1 validation error detected: " + message : message);
    }

    /** An error from parsing an expression. */
    ApiException invalid(ExpressionException e) {
        return invalid(e.getMessage());
    }

    /** The messages the service words with the prefix on single-item writes (the others it words without). */
    private static boolean prefixes(String message) {
        return message.contains("unused in expressions")
                || message.endsWith("must not be empty")
                || message.contains("The expression can not be empty;")
                || message.contains("Two document paths overlap")
                || message.contains("can only be used once in an update expression")
                || message.contains("set  may not be empty")
                || message.startsWith("ExpressionAttributeValues contains invalid value")
                || message.contains("Supplied AttributeValue")
                || message.contains("Binary sets should not be empty")
                || message.contains("Input collection")
                || message.contains("Null attribute value types")
                || message.contains("numeric value")
                || message.contains("significant digits")
                || message.contains("Number overflow")
                || message.contains("Number underflow");
    }

    /** Converts an attribute map of the request (an item or a key), worded as this operation words errors. */
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
