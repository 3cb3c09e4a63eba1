package com.bigtimedeals.service;

/**
 * How a keyed operation's typed result is kept in its idempotency record: bytes that only the service layer writes and
 * reads back, so that a replay is the first request's result itself, rendered again by whoever rendered it the first
 * time. The store that writes them in its transaction never reads them ({@code KeyedWrite}).
 *
 * @param <T> the operation's result
 */
public interface Recording<T> {
    byte[] encode(T result);

    T decode(byte[] recorded);

    /**
     * A domain record, component by component, nested records, lists and the implementations of a sealed interface
     * included: written from the record's own components, so a field added to it is recorded without a line here
     * (RecordingTest round-trips every result a keyed operation returns).
     */
    static <R extends Record> Recording<R> of(Class<R> type) {
        return new Recording<>() {
            @Override
            public byte[] encode(R result) {
                return RecordBytes.encode(type, result);
            }

            @Override
            public R decode(byte[] recorded) {
                return RecordBytes.decode(type, recorded);
            }
        };
    }
}
