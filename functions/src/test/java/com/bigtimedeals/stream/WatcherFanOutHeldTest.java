package com.bigtimedeals.stream;

/** {@link WatcherFanOutTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class WatcherFanOutHeldTest extends WatcherFanOutTest {
    @Override
    boolean held() {
        return true;
    }
}
