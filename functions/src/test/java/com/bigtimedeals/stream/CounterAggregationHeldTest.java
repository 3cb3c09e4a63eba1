package com.bigtimedeals.stream;

/** {@link CounterAggregationTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class CounterAggregationHeldTest extends CounterAggregationTest {
    @Override
    boolean held() {
        return true;
    }
}
