package com.bigtimedeals.stream;

/** {@link PushRunsTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class PushRunsHeldTest extends PushRunsTest {
    @Override
    boolean held() {
        return true;
    }
}
