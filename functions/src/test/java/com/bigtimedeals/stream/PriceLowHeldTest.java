package com.bigtimedeals.stream;

/** {@link PriceLowTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class PriceLowHeldTest extends PriceLowTest {
    @Override
    boolean held() {
        return true;
    }
}
