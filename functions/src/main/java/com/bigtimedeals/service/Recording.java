package com.bigtimedeals.service;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

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
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (DataOutputStream out = new DataOutputStream(bytes)) {
                    out.writeByte(FORMAT);
                    RecordBytes.write(out, type, result);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return bytes.toByteArray();
            }

            @Override
            public R decode(byte[] recorded) {
                try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(recorded))) {
                    if (in.readByte() != FORMAT) {
                        throw new IllegalStateException("an idempotency record in a format this code does not read");
                    }
                    return type.cast(RecordBytes.read(in, type));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /** The first byte of every record {@link #of} writes: a later change of the layout gets a new one. */
    byte FORMAT = 1;
}
