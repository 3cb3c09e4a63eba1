package com.bigtimedeals.local;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.catalogue.TableInspector;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.inbox.BlastStore;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

/**
 * Access-pattern scripts (The DynamoDB Book's advice): run any access pattern against the table and print
 * the answer readably, with what it cost. Works on the local stack's table, or on a real table given
 * TABLE_NAME, AWS_REGION and AWS credentials (then unset DYNAMODB_ENDPOINT).
 */
final class AccessPatterns {
    static final String USAGE = """
            access patterns:
              frontpage                          the cached front page (one read)
              deals [LIMIT] [CURSOR]             latest deals overall
              deal ID                            one deal
              brands | categories                all brands / categories
              brand ID | category ID             one brand / category (with featured)
              brand-deals ID [LIMIT] [CURSOR]    latest deals of a brand
              category-deals ID [LIMIT] [CURSOR] latest deals of a category
              editors-choice                     Editor's Choice
              watchers brand|category ID         who watches it (first 100)
              follows USER brand|category ID     does USER like / watch it?
              user USER                          a profile
              inbox USER [--unread]              a user's messages, newest first
              blast ID                           a hot-deal blast's progress
              item PK SK                         one raw item by key""";

    private AccessPatterns() {
    }

    static void run(Table table, Configuration configuration, List<String> args, PrintStream out) {
        if (args.isEmpty()) {
            out.println(USAGE);
            return;
        }
        String name = args.get(0);
        RequestMeter.reset();
        switch (name) {
            case "frontpage" -> {
                FrontPage p = new FrontPageCache(table, configuration.cacheShards()).read();
                if (p == null) {
                    out.println("(no cache copy yet: the stream builds it after the first deal)");
                } else {
                    out.println("version " + p.version());
                    out.println("featured:");
                    p.featured().forEach(d -> out.println("  " + line(d)));
                    out.println("latest:");
                    p.latest().forEach(d -> out.println("  " + line(d)));
                    out.println("nextCursor: " + p.nextCursor());
                }
            }
            case "deals" -> page(new DealStore(table).latest(limit(args, 1), arg(args, 2)), out);
            case "deal" -> out.println(new DealStore(table).get(arg(args, 1)));
            case "brands" -> new CatalogStore(table).brands().forEach(b -> out.println(b.id() + "\t" + b.name()));
            case "categories" -> new CatalogStore(table).categories().forEach(c -> out.println(c.id() + "\t" + c.name()));
            case "brand" -> out.println(new CatalogStore(table).brand(arg(args, 1)));
            case "category" -> {
                var c = new CatalogStore(table).category(arg(args, 1));
                out.println(c.id() + " " + c.name() + " likes=" + c.likes() + " watchers=" + c.watchers());
                c.featured().forEach(d -> out.println("  featured: " + line(d)));
            }
            case "brand-deals" -> page(new DealStore(table).latestForBrand(arg(args, 1), limit(args, 2), arg(args, 3)), out);
            case "category-deals" -> page(new DealStore(table).latestForCategory(arg(args, 1), limit(args, 2), arg(args, 3)), out);
            case "editors-choice" -> new FeaturedStore(table).get(FeaturedList.EDITORS_CHOICE).forEach(d -> out.println(line(d)));
            case "watchers" -> {
                var page = new FollowStore(table).watchers(kind(arg(args, 1)), arg(args, 2), null, 100);
                page.usernames().forEach(out::println);
                out.println(page.next() == null ? "(all)" : "(more after " + page.next() + ")");
            }
            case "follows" -> out.println(new FollowStore(table).state(kind(arg(args, 2)), arg(args, 3), arg(args, 1)));
            case "user" -> out.println(new UserStore(table).get(arg(args, 1)));
            case "inbox" -> {
                var page = new InboxStore(table, configuration.inboxRetention()).list(arg(args, 1), args.contains("--unread"), 25, null);
                page.items().forEach(m -> out.println(m.createdAt() + (m.unread() ? " * " : "   ") + m.id() + "  " + m.subject()));
                out.println("nextCursor: " + page.nextCursor());
            }
            case "blast" -> out.println(new BlastStore(table).get(arg(args, 1)));
            case "item" -> {
                Map<String, String> item = new TableInspector(table).item(arg(args, 1), arg(args, 2));
                if (item.isEmpty()) {
                    out.println("(no such item)");
                }
                item.forEach((k, v) -> out.println(k + " = " + v));
            }
            default -> throw new IllegalArgumentException("unknown access pattern '" + name + "'\n" + USAGE);
        }
        RequestMeter.Usage u = RequestMeter.usage();
        out.printf("-- %d DynamoDB request(s), %.1f read units, %.1f write units%n", u.requests(), u.readUnits(), u.writeUnits());
    }

    private static String line(Deal d) {
        return d.createdAt() + "  " + d.id() + "  " + d.price() + "  " + d.brandName() + " / " + d.categoryName() + "  " + d.title();
    }

    private static void page(Page<Deal> page, PrintStream out) {
        page.items().forEach(d -> out.println(line(d)));
        out.println("nextCursor: " + page.nextCursor());
    }

    private static String arg(List<String> args, int i) {
        return args.size() > i && !args.get(i).startsWith("--") ? args.get(i) : null;
    }

    private static int limit(List<String> args, int i) {
        String v = arg(args, i);
        return v == null ? 25 : Integer.parseInt(v);
    }

    private static Likeable kind(String s) {
        if (s == null) {
            throw new IllegalArgumentException("say brand or category");
        }
        return Likeable.valueOf(s.toUpperCase());
    }
}
