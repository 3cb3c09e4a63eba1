package com.bigtimedeals.engine.commit;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.table.Catalog;
import com.bigtimedeals.engine.table.Table;

/** Opening and closing a table's stream, under the commit lock: a stream begins and ends at a point of the commit order. */
public final class Streams {
    private static final DateTimeFormatter LABEL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private Streams() {
    }

    /** A stream label in the service's form: the creation time, e.g. {@code 2024-05-01T12:00:00.123}. */
    public static String label(long millis) {
        return LABEL.format(Instant.ofEpochMilli(millis));
    }

    /** The creation time a label records (so a stream read back from the log keeps its creation time). */
    static long labelMillis(String label) {
        return java.time.LocalDateTime.parse(label).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    /** Opens the table's stream; callers hold the commit lock (inside {@code defineTable}). */
    public static void open(Catalog catalog, Committer committer, Table table, String label) {
        StreamLog log = new StreamLog(table.def().arn() + "/stream/" + label, label, table.name(),
                table.def().streamViewType(), table.key(), labelMillis(label), committer.nextSequence());
        catalog.addStream(log);
        table.stream = log;
    }

    /** Closes the table's stream; callers hold the commit lock. */
    public static void close(Committer committer, Table table) {
        StreamLog log = table.stream;
        if (log != null) {
            log.disable(committer.nextSequence());
            table.stream = null;
        }
    }
}
