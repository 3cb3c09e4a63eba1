package com.bigtimedeals.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.BrandSummary;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.catalogue.CategorySummary;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.community.Comment;
import com.bigtimedeals.community.FollowState;
import com.bigtimedeals.community.Follows;
import com.bigtimedeals.community.Report;
import com.bigtimedeals.community.ReportedDeal;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealEvent;
import com.bigtimedeals.deals.DuplicateDeal;
import com.bigtimedeals.deals.EditedDeal;
import com.bigtimedeals.deals.StaleDeal;
import com.bigtimedeals.inbox.Alert;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.InvalidFields;
import com.bigtimedeals.platform.Page;

/**
 * The contract's response shapes, one function each. They build {@link JsonObject}s, which write themselves
 * without jackson-databind (cold start). Optional fields are left out when absent.
 */
final class Json {
    private Json() {
    }

    static JsonObject object() {
        return new JsonObject();
    }

    /** {@code expired} is derived here, at the moment of the answer, never stored. */
    static JsonObject deal(Deal d, Instant now) {
        return object()
                .put("id", d.id())
                .put("title", d.title())
                .put("link", d.link())
                .put("price", d.price())
                .put("brandId", d.brandId())
                .put("brandName", d.brandName())
                .put("categoryId", d.categoryId())
                .put("categoryName", d.categoryName())
                .putIfPresent("imageUrl", d.imageUrl())
                .putIfPresent("description", d.description())
                .put("createdAt", d.createdAt())
                .putIfPresent("expiresAt", d.expiresAt() == null ? null : WireTime.format(d.expiresAt()))
                .put("expired", d.expiredAt(now))
                .put("temperature", d.temperature())
                .put("commentCount", d.commentCount())
                .put("lowestEver", d.lowestEver())
                // From its expiry on, the deal reads expired: true and leaves featured sections.
                .changesAt(d.expiresAt() != null && d.expiresAt().isAfter(now) ? d.expiresAt() : null);
    }

    static List<JsonObject> deals(List<Deal> deals, Instant now) {
        List<JsonObject> a = new ArrayList<>(deals.size());
        deals.forEach(d -> a.add(deal(d, now)));
        return a;
    }

    /** GET /deals/{dealId}: the Deal with its priceHistory, oldest first. */
    static JsonObject dealDetail(com.bigtimedeals.deals.DealDetail d, Instant now) {
        List<JsonObject> points = new ArrayList<>(d.priceHistory().size());
        d.priceHistory().forEach(p -> points.add(object().put("price", p.price()).put("at", p.at())));
        return deal(d.deal(), now).put("priceHistory", points);
    }

    /** A Device: never its token (tokenEnd only) nor its push endpoint. */
    static JsonObject device(com.bigtimedeals.devices.Device d) {
        return object().put("id", d.id()).put("platform", d.platform().wire()).put("tokenEnd", d.tokenEnd())
                .put("createdAt", d.createdAt());
    }

    static JsonObject devices(List<com.bigtimedeals.devices.Device> devices) {
        return object().put("devices", devices.stream().map(Json::device).toList());
    }

    static JsonObject notificationSettings(com.bigtimedeals.devices.NotificationSettings s) {
        JsonObject push = object().put("watches", s.watches()).put("alerts", s.alerts()).put("blasts", s.blasts())
                .put("reminders", s.reminders());
        com.bigtimedeals.devices.NotificationSettings.QuietHours q = s.quietHours();
        return object().put("push", push).put("quietHours", q == null ? null
                : object().put("start", q.start()).put("end", q.end()).put("timeZone", q.timeZone()));
    }

    /** PUT /me/saved/{dealId}'s answer. */
    static JsonObject saved(com.bigtimedeals.saved.SavedDeal s) {
        return object().put("dealId", s.dealId()).put("savedAt", s.savedAt());
    }

    /** GET /me/saved: each deal as every Deal answer writes it, with savedAt. */
    static JsonObject savedPage(Page<com.bigtimedeals.saved.SavedDeal> page, Instant now) {
        List<JsonObject> deals = new ArrayList<>(page.items().size());
        page.items().forEach(s -> deals.add(deal(s.deal(), now).put("savedAt", s.savedAt())));
        return object().put("deals", deals).put("nextCursor", page.nextCursor());
    }

    static JsonObject dealPage(Page<Deal> page, Instant now) {
        return object().put("deals", deals(page.items(), now)).put("nextCursor", page.nextCursor());
    }

    /** A featured section: never an expired deal. */
    static JsonObject featured(List<Deal> deals, Instant now) {
        return object().put("featured", deals(FeaturedList.showing(deals, now), now));
    }

    static JsonObject brand(Brand b) {
        return object()
                .put("id", b.id())
                .put("name", b.name())
                .putIfPresent("logoUrl", b.logoUrl())
                .put("likes", b.likes())
                .put("watchers", b.watchers());
    }

    static JsonObject brands(List<BrandSummary> brands) {
        List<JsonObject> a = new ArrayList<>(brands.size());
        for (BrandSummary b : brands) {
            a.add(object().put("id", b.id()).put("name", b.name()).putIfPresent("logoUrl", b.logoUrl()));
        }
        return object().put("brands", a);
    }

    static JsonObject category(Category c, Instant now) {
        return object()
                .put("id", c.id())
                .put("name", c.name())
                .put("likes", c.likes())
                .put("watchers", c.watchers())
                .put("featured", deals(FeaturedList.showing(c.featured(), now), now));
    }

    static JsonObject categories(List<CategorySummary> categories) {
        List<JsonObject> a = new ArrayList<>(categories.size());
        for (CategorySummary c : categories) {
            a.add(object().put("id", c.id()).put("name", c.name()));
        }
        return object().put("categories", a);
    }

    static JsonObject user(UserProfile u) {
        return object()
                .put("username", u.username())
                .put("email", u.email())
                .putIfPresent("birthday", u.birthday() == null ? null : u.birthday().toString())
                .putIfPresent("pictureUrl", u.pictureUrl())
                .put("memberSince", u.memberSince());
    }

    static JsonObject message(Message m) {
        return object()
                .put("id", m.id())
                .put("subject", m.subject())
                .put("body", m.body())
                .putIfPresent("dealId", m.dealId())
                .put("unread", m.unread())
                .put("createdAt", m.createdAt())
                .put("kind", m.kind().wire());
    }

    static JsonObject messagePage(Page<Message> page) {
        List<JsonObject> a = new ArrayList<>(page.items().size());
        page.items().forEach(m -> a.add(message(m)));
        return object().put("messages", a).put("nextCursor", page.nextCursor());
    }

    static JsonObject followState(FollowState s) {
        return object().put("liked", s.liked()).put("watching", s.watching());
    }

    static JsonObject follows(Follows f) {
        return object().put("brands", followed(f.brands())).put("categories", followed(f.categories()));
    }

    private static List<JsonObject> followed(List<Follows.Followed> list) {
        List<JsonObject> a = new ArrayList<>(list.size());
        for (Follows.Followed f : list) {
            a.add(object().put("id", f.id()).put("name", f.name()).put("liked", f.liked()).put("watching", f.watching()));
        }
        return a;
    }

    /** A vote's answer: {@code myVote} is JSON null when the caller has none. */
    static JsonObject vote(com.bigtimedeals.community.VoteResult v) {
        return object().put("dealId", v.dealId()).put("temperature", v.temperature())
                .put("myVote", v.myVote() == null ? null : v.myVote().wire());
    }

    static JsonObject myVotes(java.util.Map<String, com.bigtimedeals.community.Vote> votes) {
        JsonObject byDeal = object();
        votes.forEach((dealId, vote) -> byDeal.put(dealId, vote.wire()));
        return object().put("votes", byDeal);
    }

    static JsonObject hottest(List<Deal> deals, Instant now) {
        return object().put("deals", deals(deals, now));
    }

    static JsonObject unreadCount(int unread) {
        return object().put("unread", unread);
    }

    static JsonObject blast(Blast b) {
        return object()
                .put("blastId", b.id())
                .put("dealId", b.dealId())
                .put("requestedAt", b.requestedAt())
                .put("segments", b.segments())
                .put("segmentsDone", b.segmentsDone())
                .put("usersReached", b.usersReached())
                .put("done", b.done());
    }

    static JsonObject alert(Alert a) {
        return object()
                .put("id", a.id())
                .put("keywords", a.keywordText())
                .putIfPresent("maxPrice", a.maxPrice())
                .putIfPresent("brandId", a.brandId())
                .putIfPresent("categoryId", a.categoryId())
                .put("excludeWords", a.excludeText())
                .put("minTemperature", a.minTemperature())
                .put("createdAt", a.createdAt());
    }

    static JsonObject alerts(List<Alert> alerts) {
        List<JsonObject> a = new ArrayList<>(alerts.size());
        alerts.forEach(alert -> a.add(alert(alert)));
        return object().put("alerts", a);
    }

    /** {@code author} is null once the author's account is deleted; a deleted comment's body is empty. */
    static JsonObject comment(Comment c) {
        return object()
                .put("id", c.id())
                .put("dealId", c.dealId())
                .put("author", c.author())
                .put("body", c.body())
                .putIfPresent("replyTo", c.replyTo())
                .put("deleted", c.deleted())
                .put("createdAt", c.createdAt());
    }

    static JsonObject commentPage(Page<Comment> page) {
        List<JsonObject> a = new ArrayList<>(page.items().size());
        page.items().forEach(c -> a.add(comment(c)));
        return object().put("comments", a).put("nextCursor", page.nextCursor());
    }

    /** A report as its author made it (the editors' view adds who). */
    static JsonObject report(Report r) {
        return object()
                .put("dealId", r.dealId())
                .put("reason", r.reason().wire())
                .putIfPresent("note", r.note())
                .put("reportedAt", r.reportedAt());
    }

    static JsonObject reports(List<Report> reports) {
        List<JsonObject> a = new ArrayList<>(reports.size());
        reports.forEach(r -> a.add(report(r).put("username", r.username()).put("counted", r.counted())));
        return object().put("reports", a);
    }

    static JsonObject reportQueue(Page<ReportedDeal> page, Instant now) {
        List<JsonObject> a = new ArrayList<>(page.items().size());
        for (ReportedDeal r : page.items()) {
            JsonObject counts = object();
            r.counts().forEach((reason, n) -> counts.put(reason.wire(), n));
            a.add(object().put("deal", deal(r.deal(), now)).put("counts", counts).put("firstReportedAt", r.firstReportedAt()));
        }
        return object().put("reports", a).put("nextCursor", page.nextCursor());
    }

    /** Every error body: the message, its code, the field at fault if any, and the request's id (X-Request-Id). */
    static JsonObject error(String message, ErrorCode code, String field, String requestId) {
        return object().put("message", message).put("code", code.wire()).putIfPresent("field", field)
                .put("requestId", requestId);
    }

    /**
     * A domain outcome's error body: a refused field also in {@code errors}, with every other field refused with it; a
     * duplicate deal also names the live deal that has the link (and, as {@code deal}, its title and link); a stale
     * correction carries the deal as it stands in {@code current}.
     */
    static JsonObject error(DomainException e, String requestId) {
        JsonObject body = error(e.getMessage(), ErrorCode.of(e), e.field(), requestId);
        if (e.kind() == DomainException.Kind.INVALID && e.field() != null) {
            List<InvalidFields.FieldError> errors = e instanceof InvalidFields f ? f.errors()
                    : List.of(new InvalidFields.FieldError(e.field(), e.getMessage()));
            List<JsonObject> a = new ArrayList<>(errors.size());
            errors.forEach(x -> a.add(object().put("field", x.field()).put("message", x.message())));
            body.put("errors", a);
        }
        if (e instanceof DuplicateDeal d) {
            body.put("dealId", d.dealId());
            if (d.title() != null) {
                body.put("deal", object().put("id", d.dealId()).put("title", d.title()).put("link", d.link()));
            }
        }
        if (e instanceof StaleDeal stale) {
            body.put("current", editedDeal(stale.current(), stale.at()));
        }
        return body;
    }

    /** A deal as the editors see it: the Deal with its {@code version} and {@code takenDown}. */
    static JsonObject editedDeal(EditedDeal d, Instant now) {
        return deal(d.deal(), now).put("version", d.version()).put("takenDown", d.takenDown());
    }

    /** A history value as text: a price's plain digits; null stays null. */
    private static String text(Object v) {
        return v == null ? null : v instanceof java.math.BigDecimal d ? d.toPlainString() : v.toString();
    }

    /** A page of a deal's history: each changed field as {@code {from, to}}, null where there was no value. */
    static JsonObject history(Page<DealEvent> page) {
        List<JsonObject> a = new ArrayList<>(page.items().size());
        for (DealEvent e : page.items()) {
            JsonObject changes = object();
            e.changes().forEach((field, c) -> changes.put(field, object().put("from", text(c.from())).put("to", text(c.to()))));
            a.add(object().put("at", e.at()).put("editor", e.editor()).put("action", e.action().wire())
                    .put("changes", changes));
        }
        return object().put("events", a).put("nextCursor", page.nextCursor());
    }

    /** A 5xx never carries exception text: a generic message, its code and the id to find the log line by. */
    static JsonObject failure(ErrorCode code, String requestId) {
        return error(code == ErrorCode.UNAVAILABLE ? "Service Unavailable" : "Internal Server Error", code, null, requestId);
    }
}
