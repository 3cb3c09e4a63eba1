package com.bigtimedeals.stream;

/** {@link AlertFanOutTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class AlertFanOutHeldTest extends AlertFanOutTest {
    @Override
    boolean held() {
        return true;
    }
}
