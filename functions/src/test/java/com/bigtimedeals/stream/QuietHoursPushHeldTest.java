package com.bigtimedeals.stream;

/** {@link QuietHoursPushTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class QuietHoursPushHeldTest extends QuietHoursPushTest {
    @Override
    boolean held() {
        return true;
    }
}
