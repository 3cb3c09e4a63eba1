package com.bigtimedeals.engine.table;

import java.util.Arrays;

/** One change to one index entry, worked out when the table changed and applied then or after the GSI delay. */
public record IndexOp(Index index, byte[] removeKey, byte[] putKey, byte[] putValue, long countDelta, long bytesDelta) {
    public void apply() {
        if (removeKey != null && (putKey == null || !Arrays.equals(removeKey, putKey))) {
            index.entries.remove(removeKey);
        }
        if (putKey != null) {
            index.entries.put(putKey, putValue);
        }
        index.count.addAndGet(countDelta);
        index.bytes.addAndGet(bytesDelta);
    }
}
