package com.bigtimedeals.api;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.bigtimedeals.service.Recording;

/**
 * What the record of a keyed operation without a typed result of its own keeps (every POST but the budgeted ones,
 * IdempotencyService's claimed path): its answer, status, body and its own headers (a new deal's ETag), so that a
 * replay is the first answer again. Its {@code changesAt} is the first answer's alone: a replay carries none.
 */
enum ReplyRecording implements Recording<Reply> {
    INSTANCE;

    /** The answer as recorded; public for {@link Recording#of}, which reads and rebuilds it by its components. */
    public record Recorded(int status, String body, List<Header> headers) {
    }

    public record Header(String name, String value) {
    }

    private static final Recording<Recorded> RECORDED = Recording.of(Recorded.class);

    @Override
    public byte[] encode(Reply reply) {
        List<Header> headers = new TreeMap<>(reply.headers() == null ? Map.of() : reply.headers()).entrySet().stream()
                .map(h -> new Header(h.getKey(), h.getValue())).toList();
        return RECORDED.encode(new Recorded(reply.status(), reply.body(), headers));
    }

    @Override
    public Reply decode(byte[] recorded) {
        Recorded r = RECORDED.decode(recorded);
        Map<String, String> headers = new TreeMap<>();
        r.headers().forEach(h -> headers.put(h.name(), h.value()));
        return new Reply(r.status(), r.body(), null, Map.copyOf(headers));
    }
}
