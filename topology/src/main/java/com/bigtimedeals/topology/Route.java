package com.bigtimedeals.topology;

import java.util.ArrayList;
import java.util.List;

/**
 * One route of the HTTP contract. {@code path} is the API Gateway template, e.g. {@code /brands/{brandId}}.
 * {@code writes} says whether the route may write to the table (drives least-privilege grants).
 */
public record Route(String method, String path, LambdaFunction function, Access access, Operation operation,
                    boolean writes, String summary) {

    /** API Gateway's route key, as it arrives in {@code routeKey}: {@code "GET /brands/{brandId}"}. */
    public String routeKey() {
        return method + " " + path;
    }

    /** The names of the path parameters, in order. */
    public List<String> pathParameters() {
        List<String> names = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (segment.startsWith("{") && segment.endsWith("}")) {
                names.add(segment.substring(1, segment.length() - 1));
            }
        }
        return names;
    }

    /** Path parameters when {@code rawPath} matches this template, else null. */
    public java.util.Map<String, String> match(String rawPath) {
        String[] want = path.split("/", -1);
        String[] got = rawPath.split("/", -1);
        if (want.length != got.length) {
            return null;
        }
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
        for (int i = 0; i < want.length; i++) {
            if (want[i].startsWith("{") && want[i].endsWith("}")) {
                if (got[i].isEmpty()) {
                    return null;
                }
                params.put(want[i].substring(1, want[i].length() - 1), HttpApiEvents.percentDecoded(got[i]));
            } else if (!want[i].equals(got[i])) {
                return null;
            }
        }
        return params;
    }
}
