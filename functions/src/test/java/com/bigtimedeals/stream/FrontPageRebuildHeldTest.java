package com.bigtimedeals.stream;

/** {@link FrontPageRebuildTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class FrontPageRebuildHeldTest extends FrontPageRebuildTest {
    @Override
    boolean held() {
        return true;
    }
}
