package com.bigtimedeals.stream;

/** {@link TemperatureAlertTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class TemperatureAlertHeldTest extends TemperatureAlertTest {
    @Override
    boolean held() {
        return true;
    }
}
