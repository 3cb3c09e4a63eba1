package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.Comment;
import com.bigtimedeals.community.CommentStore;
import com.bigtimedeals.community.NewComment;
import com.bigtimedeals.community.Report;
import com.bigtimedeals.community.ReportReason;
import com.bigtimedeals.community.ReportStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.Gateway;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the deal community costs on the seeded table, through the local gateway as a client calls it: a thread page,
 * a comment and a reply, a deletion, a report, a queue page, a dismissal (requests, read and write units, bytes); and
 * the write units one comment costs in the service's billing, from the sizes of the items its transaction writes.
 */
final class CommunityCosts {
    /** A typical comment: a couple of sentences. */
    private static final String BODY = "Still live for me at checkout, and it stacks with the newsletter code for another 10% off. "
            + "Delivery took two days. Worth it at this price.";

    private CommunityCosts() {
    }

    /** On a DynamoDB of its own: 41 deals, 500 users with profiles, a busy thread and a queue of 40 reported deals. */
    static void measure(Bench bench) throws Exception {
        System.out.println("\nThe deal community (threads, reports, the moderation queue):");
        try (Database dynamo = Database.start(null, 0)) {
            Table fixed = BenchTables.fresh(dynamo, "Community");
            // Comments take their moment from the table's clock: the wall clock, so a thread sorts as it was posted.
            Table table = new Table(fixed.client(), fixed.name(), Clock.systemUTC(), fixed.cursors());
            System.setProperty("TABLE_NAME", table.name());
            System.setProperty("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
            new CatalogStore(table).createBrand("acme", "Acme", null);
            new CatalogStore(table).createCategory("tech", "Tech");
            DealStore deals = new DealStore(table);
            List<String> live = new ArrayList<>();
            for (int i = 0; i < 41; i++) {
                live.add(new DealPosting(deals).create(new NewDeal("Deal " + i + ": 30% off a thing people want", "https://shop.example.com/d/" + i,
                        new BigDecimal("19.99"), "acme", "tech", null, "A deal of typical length: " + "good value, ".repeat(8),
                        null)).id());
            }
            UserStore users = new UserStore(table);
            BenchTables.parallel(500, 4, u -> users.create(new UserProfile("user" + u, "user" + u + "@example.com", null, null,
                    bench.now())));
            measure(bench, table, live);
        }
    }

    private static void measure(Bench bench, Table table, List<String> live) throws Exception {
        String deal = live.get(0);
        // A busy thread: 60 top-level comments from the seeded users, 0 to 3 replies each.
        CommentStore comments = new CommentStore(table);
        Random random = new Random(27);
        List<String> tops = new ArrayList<>();
        int posted = 0;
        for (int i = 0; i < 60; i++) {
            Comment top = comments.post(deal, "user" + random.nextInt(500), new NewComment(BODY, null));
            tops.add(top.id());
            posted++;
            for (int r = random.nextInt(4); r > 0; r--) {
                comments.post(deal, "user" + random.nextInt(500), new NewComment(BODY, top.id()));
                posted++;
            }
        }
        // A queue of 40 reported deals, 1 to 4 reports each.
        ReportStore reports = new ReportStore(table);
        Instant now = bench.now();
        // Reports need a profile: the reporters are among the 500 seeded users, who have one (creating theirs again
        // was a 409 that stopped the benchmark).
        for (int d = 0; d < 40 && d + 1 < live.size(); d++) {
            for (int r = random.nextInt(4); r >= 0; r--) {
                reports.report(new Report(live.get(d + 1), "user" + (100 + d * 4 + r), ReportReason.values()[random.nextInt(5)],
                        r == 0 ? "Checked just now: the price at checkout is higher." : null, now.minusSeconds(600 - d)));
            }
        }
        Gateway gateway = Gateway.withDefaults(0, true);
        String user = "Bearer " + BearerToken.issue(BearerToken.MOBILE_CLIENT, "user7", BearerToken.groups(false), now, 3600);
        String editor = "Bearer " + BearerToken.issue(BearerToken.CMS_CLIENT, "erin", BearerToken.groups(true), now, 3600);
        String thread = "/deals/" + deal + "/comments";
        Map<String, String> cursors = new LinkedHashMap<>();
        // name, method, path, query, token, body, budget
        Object[][] calls = {
            {"GET /deals/{dealId}/comments (first page)", "GET", thread, "", null, null, 1.0},
            {"GET /deals/{dealId}/comments (second page)", "GET", thread, "@next", null, null, 1.0},
            {"POST /deals/{dealId}/comments", "POST", thread, "", user, "{\"body\":\"" + BODY + "\"}", 3.0},
            {"POST /deals/{dealId}/comments (reply)", "POST", thread, "", user, "{\"body\":\"" + BODY + "\",\"replyTo\":\"" + tops.get(3) + "\"}", 3.0},
            {"DELETE /deals/{dealId}/comments/{commentId}", "DELETE", "@last", "", user, null, null},
            {"POST /deals/{dealId}/reports (first)", "POST", "/deals/" + deal + "/reports", "", user, "{\"reason\":\"expired\",\"note\":\"Sold out\"}", null},
            {"POST /deals/{dealId}/reports (repeat)", "POST", "/deals/" + deal + "/reports", "", user, "{\"reason\":\"spam\"}", null},
            {"GET /cms/reports (first page)", "GET", "/cms/reports", "", editor, null, 2.0},
            {"GET /cms/reports (second page)", "GET", "/cms/reports", "@next", editor, null, 2.0},
            {"GET /cms/reports/{dealId}", "GET", "/cms/reports/" + live.get(1), "", editor, null, null},
            {"POST /cms/reports/{dealId}/dismiss", "POST", "/cms/reports/" + live.get(1) + "/dismiss", "", editor, null, null},
        };
        String lastComment = null;
        for (Object[] c : calls) {
            String name = (String) c[0];
            String path = "@last".equals(c[2]) ? thread + "/" + lastComment : (String) c[2];
            String query = (String) c[3];
            if (query.equals("@next")) {
                query = "cursor=" + URLEncoder.encode(cursors.get(path), StandardCharsets.UTF_8);
            }
            Map<String, List<String>> headers = new LinkedHashMap<>();
            if (c[4] != null) {
                headers.put("Authorization", List.of((String) c[4]));
            }
            if (c[5] != null) {
                headers.put("Content-Type", List.of("application/json"));
            }
            byte[] body = c[5] == null ? new byte[0] : ((String) c[5]).getBytes(StandardCharsets.UTF_8);
            Gateway.Answer a = gateway.call((String) c[1], path, query, headers, body, "127.0.0.1");
            if (a.status() >= 300) {
                throw new IllegalStateException(name + " answered " + a.status() + " " + a.text());
            }
            JsonNode answer = a.body().length == 0 ? null : Results.JSON.readTree(a.body());
            if (answer != null && answer.has("nextCursor") && !answer.get("nextCursor").isNull()) {
                cursors.putIfAbsent(path, answer.get("nextCursor").asText());
            }
            if (answer != null && name.startsWith("POST /deals/{dealId}/comments")) {
                lastComment = answer.get("id").asText();
            }
            String key = "community." + name.replace(' ', '_');
            bench.add(key + ".requests", Integer.parseInt(a.headers().get("X-DynamoDB-Requests")), "requests", (Double) c[6], null, null);
            bench.add(key + ".readUnits", Double.parseDouble(a.headers().getOrDefault("X-DynamoDB-Read-Units", "0")), "RCU", null, null, null);
            bench.add(key + ".writeUnits", Double.parseDouble(a.headers().getOrDefault("X-DynamoDB-Write-Units", "0")), "WCU", null, null,
                    "as the engine reports it");
            bench.add(key + ".responseBytes", a.body().length, "bytes", null, null, null);
        }
        gateway.close();
        commentWriteUnits(bench, comments, comments.post(deal, "user3", new NewComment(BODY, null)));
        bench.add("community.thread.comments", posted, "comments", null, null, "60 top-level, 0-3 replies each, " + BODY.length()
                + "-character bodies");
    }

    /**
     * The write units a comment costs in the service's billing: its transaction writes the comment and the author's
     * item and checks the author's profile, each 2 units per KB (a condition check is billed as a write), plus the
     * deal's counter shard. Sizes are the billed sizes of the items as stored.
     */
    private static void commentWriteUnits(Bench bench, CommentStore comments, Comment typical) {
        Map<String, Integer> sizes = comments.billedSizes(typical);
        int units = 0;
        StringBuilder note = new StringBuilder();
        for (Map.Entry<String, Integer> item : sizes.entrySet()) {
            units += 2 * Math.max(1, (item.getValue() + 1023) / 1024);
            note.append(note.length() == 0 ? "" : ", ").append(item.getKey()).append(' ').append(item.getValue()).append(" B");
        }
        bench.add("community.comment.writeUnits", units, "WCU", null, null, "service billing, transaction of: " + note
                + "; each 2 units per KB");
        int deletion = 2 * Math.max(1, (sizes.get("comment") + 1023) / 1024)
                + 2 * Math.max(1, (sizes.get("counter shard") + 1023) / 1024);
        bench.add("community.commentDeletion.writeUnits", deletion, "WCU", null, null,
                "the tombstone write in its transaction, plus the counter shard's");
    }
}
