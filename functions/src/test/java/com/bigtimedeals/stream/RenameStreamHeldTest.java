package com.bigtimedeals.stream;

/** {@link RenameStreamTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class RenameStreamHeldTest extends RenameStreamTest {
    @Override
    boolean held() {
        return true;
    }
}
