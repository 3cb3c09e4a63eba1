package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Words;
import com.bigtimedeals.service.CatalogService;

/**
 * A realistic table, seeded through the product's own code: 200 brands (skewed: brand rank r gets deals in
 * proportion to 1/r), 8 categories, 100 deals a day for 90 days (their titles' words in the word index), 5,000 users
 * who like and watch, featured lists, the front-page cache, an inbox and a deal alert.
 */
final class Seeding {
    static final int BRANDS = 200;
    static final int DAYS = 90;
    static final int DEALS_PER_DAY = 100;
    static final int USERS = 5_000;

    /** What the seeding left to measure against. */
    record Seeded(String denseBrand, int denseDeals, String sparseBrand, int sparseDeals, List<String> recentDeals,
                  String alertId) {
    }

    private Seeding() {
    }

    static Seeded seed(Bench bench, Table table, boolean quick) throws Exception {
        Instant now = bench.now();
        long t0 = System.nanoTime();
        CatalogStore catalog = new CatalogStore(table);
        String[] categories = {"Tech", "Travel", "Food & Drink", "Fashion", "Home", "Health & Beauty", "Sports & Outdoors", "Entertainment"};
        List<String> categoryIds = new ArrayList<>();
        for (String c : categories) {
            categoryIds.add(new CatalogService(catalog, new DealStore(table), new FeaturedStore(table)).createCategory(c).id());
        }
        List<String> brandIds = new ArrayList<>();
        for (int b = 0; b < BRANDS; b++) {
            brandIds.add(catalog.createBrand("brand-" + b, "Brand " + b, "https://img.example.com/b" + b + ".png").id());
        }
        // Real deal sites are skewed: brand rank r gets deals in proportion to 1/r (a few brands get most).
        double[] weights = new double[BRANDS];
        double total = 0;
        for (int b = 0; b < BRANDS; b++) {
            total += weights[b] = 1.0 / (b + 1);
        }
        Random random = new Random(2026);
        int days = quick ? 10 : DAYS;
        int deals = days * DEALS_PER_DAY;
        List<NewDeal> drafts = new ArrayList<>(deals);
        int[] perBrand = new int[BRANDS];
        Instant start = now.minus(Duration.ofDays(days));
        for (int i = 0; i < deals; i++) {
            double pick = random.nextDouble() * total;
            int brand = 0;
            while (pick > weights[brand] && brand < BRANDS - 1) {
                pick -= weights[brand++];
            }
            perBrand[brand]++;
            Instant at = start.plusSeconds((long) ((double) i / deals * days * 86_400));
            drafts.add(new NewDeal("Brand " + brand + " deal " + i + ": " + (10 + random.nextInt(60)) + "% off a thing people want",
                    "https://shop.example.com/deals/" + i + "?ref=bigtimedeals", new BigDecimal(5 + random.nextInt(500) + ".99"),
                    brandIds.get(brand), categoryIds.get(random.nextInt(categoryIds.size())),
                    "https://img.example.com/deals/" + i + ".jpg", "A deal of typical length: " + "good value, ".repeat(8), at));
        }
        // Created in time order by 4 editors at once, as a feed import would.
        List<String> ids = new ArrayList<>(Collections.nCopies(deals, (String) null));
        DealStore dealStore = new DealStore(table);
        WordIndex words = new WordIndex(table);
        BenchTables.parallel(deals, 4, i -> {
            Deal d = new DealPosting(dealStore).create(drafts.get(i));
            ids.set(i, d.id());
            words.index(d.id(), Words.indexable(d.title())); // as the stream consumer indexes a new deal
        });
        System.out.printf("  %d deals in %d s%n", deals, (System.nanoTime() - t0) / 1_000_000_000L);
        UserStore users = new UserStore(table);
        FollowStore follows = new FollowStore(table);
        int userCount = quick ? 500 : USERS;
        BenchTables.parallel(userCount, 4, u -> {
            users.create(new UserProfile("user" + u, "user" + u + "@example.com", null, null, now));
            Random r = new Random(u);
            follows.add(Likeable.BRAND, brandIds.get(Math.min(BRANDS - 1, (int) Math.abs(r.nextGaussian() * 20))), "user" + u, Relation.LIKE);
            follows.add(Likeable.BRAND, brandIds.get(Math.min(BRANDS - 1, (int) Math.abs(r.nextGaussian() * 30))), "user" + u, Relation.WATCH);
            follows.add(Likeable.CATEGORY, categoryIds.get(r.nextInt(categoryIds.size())), "user" + u, Relation.WATCH);
        });
        List<String> recent = ids.subList(ids.size() - 20, ids.size());
        new FeaturedStore(table).set(FeaturedList.FRONT_PAGE, recent.subList(0, 10));
        new FeaturedStore(table).set(FeaturedList.EDITORS_CHOICE, recent.subList(10, 20));
        new FeaturedStore(table).setForCategory(categoryIds.get(0), recent.subList(0, 10));
        new FrontPageCache(table, bench.configuration().cacheShards()).rebuild(new FeaturedStore(table), dealStore);
        InboxDelivery inbox = new InboxDelivery(table, 1, bench.configuration().inboxRetention());
        List<Message> messages = new ArrayList<>();
        for (int m = 0; m < 60; m++) {
            Instant at = now.minusSeconds(60L * m);
            messages.add(new Message(Ids.messageId(at, "user1", "bench#" + m), "user1", "Deal " + m, "A message body of ordinary size.", ids.get(m), m % 2 == 0, at, MessageKind.WATCH));
        }
        inbox.deliver(messages);
        String alertId = new AlertStore(table).create("user1", NewAlert.of("thing people", new BigDecimal("99"), null, null)).id();
        int sparse = 0;
        for (int b = 0; b < BRANDS; b++) {
            if (perBrand[b] > 0 && perBrand[b] < perBrand[sparse] || perBrand[sparse] == 0) {
                sparse = b;
            }
        }
        System.out.printf("  seeded in %d s: %d brands, %d categories, %d deals (densest brand %d, sparsest %d), %d users%n",
                (System.nanoTime() - t0) / 1_000_000_000L, BRANDS, categoryIds.size(), deals, perBrand[0], perBrand[sparse], userCount);
        return new Seeded(brandIds.get(0), perBrand[0], brandIds.get(sparse), perBrand[sparse], recent, alertId);
    }
}
