package com.bigtimedeals.bench;

import java.time.Clock;
import java.util.Arrays;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.api.BrandsHandler;
import com.bigtimedeals.bench.Seeding.Seeded;
import com.bigtimedeals.catalogue.TableInspector;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.CatalogService;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.RouteTable;

import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** What our handler adds to a warm request: the same DynamoDB call made through it and directly, same JVM, after warm-up. */
final class WarmOverhead {
    private WarmOverhead() {
    }

    static void measure(Bench bench, Table table, Seeded s, boolean quick) {
        System.out.println("\nWarm overhead (same JVM, after warm-up):");
        BrandsHandler handler = new BrandsHandler(CatalogService.of(table), FunctionRuntime.at(Clock.systemUTC()));
        APIGatewayV2HTTPEvent event = HttpApiEvents.build(RouteTable.byRouteKey("GET /brands/{brandId}"),
                new HttpApiEvents.RawRequest("GET", "/brands/" + s.denseBrand(), "", Map.of(), null, false, null, "warm",
                        "127.0.0.1", bench.now()));
        GetItemRequest direct = new TableInspector(table).brandRead(s.denseBrand());
        SyntheticContext context = SyntheticContext.of("warm");
        int warmup = quick ? 200 : 1_000;
        int rounds = quick ? 200 : 1_000;
        for (int i = 0; i < warmup; i++) {
            handler.handleRequest(event, context);
            table.client().getItem(direct);
        }
        long[] viaHandler = new long[rounds];
        long[] viaSdk = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            handler.handleRequest(event, context);
            long t1 = System.nanoTime();
            table.client().getItem(direct);
            long t2 = System.nanoTime();
            viaHandler[i] = t1 - t0;
            viaSdk[i] = t2 - t1;
        }
        Arrays.sort(viaHandler);
        Arrays.sort(viaSdk);
        bench.add("warm.GET_/brands/{brandId}.ratioToDirectSdk", (double) viaHandler[rounds / 2] / viaSdk[rounds / 2], "x", null, null,
                "median handler invocation (routing, JSON, logging) over median direct GetItem");
    }
}
