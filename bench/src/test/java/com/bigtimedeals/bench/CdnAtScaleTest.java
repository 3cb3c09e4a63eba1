package com.bigtimedeals.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.topology.LambdaFunction;

class CdnAtScaleTest {
    private static final long TTL = 30_000_000_000L;
    private static final double F = 0.008; // 125 times the viewers at full scale

    @Test
    void aBusyCachedKeyAsksTheOriginOnceAWindowAtFullScale() {
        CdnAtScale cdn = new CdnAtScale();
        for (int i = 0; i < 1_000; i++) {
            cdn.viewer("/deals/abc");
        }
        for (int i = 0; i < 3; i++) { // 60 s at a 30 s TTL: the first fetch and two expiries
            cdn.origin("/deals/abc", TTL, 25, 0, LambdaFunction.api().get(0), 30);
        }
        CdnAtScale.Modelled m = cdn.atFullScale(60, F);
        assertEquals(3, m.localOrigin());
        assertEquals(3 * F, m.origin(), 1e-9); // 3 at full scale, not 3 x 125
        assertEquals(25 * 3 * F, m.reads(), 1e-9);
    }

    @Test
    void aKeyViewedLessThanOnceAWindowMissesEveryTime() {
        CdnAtScale cdn = new CdnAtScale();
        cdn.viewer("/deals/rare");
        cdn.origin("/deals/rare", 100_000_000L, 9, 0, null, 10);
        // 125 viewers at full scale against 600 windows of 0.1 s: each of them misses, 125 at full scale = 1 here.
        CdnAtScale.Modelled m = cdn.atFullScale(60, F);
        assertEquals(1, m.origin(), 1e-9);
        assertEquals(9, m.reads(), 1e-9);
    }

    @Test
    void searchCursorsAndAnswersNotKeptScaleLinearly() {
        CdnAtScale cdn = new CdnAtScale();
        for (String key : new String[] {"/search?q=tent", "/deals/a/comments?cursor=x", "/deals/gone"}) {
            for (int i = 0; i < 10; i++) {
                cdn.viewer(key);
                cdn.origin(key, key.equals("/deals/gone") ? 0 : TTL, 1, 0, null, 1);
            }
        }
        assertEquals(30, cdn.atFullScale(60, F).origin(), 1e-9);
    }
}
