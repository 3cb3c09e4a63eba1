package com.bigtimedeals.engine.api;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import com.bigtimedeals.engine.json.JsonTree;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

/**
 * Routes a request by its {@code X-Amz-Target} to an operation and turns whatever happens into the service's
 * answer. Needs no socket: the HTTP server and the in-process SDK client both call {@link #handle}.
 */
public final class Dispatcher {
    public static final String DYNAMODB = "DynamoDB_20120810";
    public static final String STREAMS = "DynamoDBStreams_20120810";

    private final Map<String, Operation> operations = new HashMap<>();
    private final ThreadLocal<ByteArrayBuilder> buffers = ThreadLocal.withInitial(() -> new ByteArrayBuilder(4096));
    private volatile RequestHook hook;

    /** Runs before each operation: fault injection and throughput limits hook in here. */
    public interface RequestHook {
        void before(String operation, Map<String, Object> request);
    }

    public void register(String service, String name, Operation op) {
        operations.put(service + "." + name, op);
    }

    public void hook(RequestHook h) {
        this.hook = h;
    }

    public Response handle(String target, byte[] body) {
        ByteArrayBuilder buffer = buffers.get();
        buffer.reset();
        try (JsonGenerator out = JsonTree.FACTORY.createGenerator(buffer)) {
            int status = 200;
            try {
                Operation op = target == null ? null : operations.get(target);
                if (op == null) {
                    throw unknownOperation(target);
                }
                Object tree;
                try {
                    tree = body == null || body.length == 0 ? null : JsonTree.parse(body);
                } catch (JsonTree.MalformedJson e) {
                    throw new ApiException(ApiException.SERIALIZATION, null);
                }
                if (tree == null) {
                    throw new ApiException(ApiException.SERIALIZATION, null);
                }
                Map<String, Object> request = ShapeChecker.check(tree, op.shape());
                RequestHook h = hook;
                if (h != null) {
                    h.before(target.substring(target.indexOf('.') + 1), request);
                }
                op.execute(request, out);
            } catch (ApiException e) {
                status = e.status();
                out.flush();
                buffer.reset();
                try (JsonGenerator err = JsonTree.FACTORY.createGenerator(buffer)) {
                    e.write(err);
                }
                return new Response(status, buffer.toByteArray());
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                // An engine fault, never the request's: the answer carries the service's words only (exception text
                // could hold request values), and stderr the exception's class and where it happened.
                reportInternal(target, e);
                out.flush();
                buffer.reset();
                try (JsonGenerator err = JsonTree.FACTORY.createGenerator(buffer)) {
                    ApiException.internal("Internal server error").write(err);
                }
                return new Response(500, buffer.toByteArray());
            }
            out.flush();
            return new Response(status, buffer.toByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
    }

    private static void reportInternal(String target, Throwable e) {
        StringBuilder sb = new StringBuilder("engine: internal error in ").append(target).append(": ").append(e.getClass().getName());
        StackTraceElement[] frames = e.getStackTrace();
        for (int i = 0; i < Math.min(frames.length, 12); i++) {
            sb.append("\n\tat ").append(frames[i]);
        }
        System.err.println(sb);
    }

    /**
     * A wrong or missing X-Amz-Target operation: the service's body is the type alone, with no message
     * ({@code {"__type":"com.amazon.coral.service#UnknownOperationException"}}, as mhart/dynalite's test/connection.js
     * records it). docs/engine.md lists the operations the engine implements.
     */
    private static ApiException unknownOperation(String target) {
        return new ApiException("com.amazon.coral.service#UnknownOperationException", null);
    }
}
