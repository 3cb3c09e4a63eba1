package com.bigtimedeals.topology;

import static com.bigtimedeals.topology.BodyField.Kind.DATE;
import static com.bigtimedeals.topology.BodyField.Kind.DEAL_ID;
import static com.bigtimedeals.topology.BodyField.Kind.ID;
import static com.bigtimedeals.topology.BodyField.Kind.EMAIL;
import static com.bigtimedeals.topology.BodyField.Kind.HTTPS_URL;
import static com.bigtimedeals.topology.BodyField.Kind.INSTANT;
import static com.bigtimedeals.topology.BodyField.Kind.PAST_INSTANT;
import static com.bigtimedeals.topology.BodyField.Kind.PRICE;
import static com.bigtimedeals.topology.BodyField.Kind.SLUG;
import static com.bigtimedeals.topology.BodyField.Kind.URL;

import java.util.List;

import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.community.ReportReason;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.Slug;
import com.bigtimedeals.platform.Words;

/** The request bodies of the contract (../shared/design/api.md), each declared once; {@link Operation} names them. */
public final class RequestBodies {
    public static final RequestBody NEW_PROFILE = RequestBody.of("NewProfile",
            BodyField.of("email", EMAIL).asRequired(),
            BodyField.of("birthday", DATE),
            BodyField.of("pictureUrl", URL));

    public static final RequestBody NEW_BRAND = RequestBody.of("NewBrand",
            BodyField.name("name", ContractRules.NAME_MAX).asRequired().describedAs("Its id is the slug of the name"),
            BodyField.of("logoUrl", HTTPS_URL));

    public static final RequestBody BRAND_EDIT = RequestBody.correction("BrandEdit", List.of("id"),
            BodyField.name("name", ContractRules.NAME_MAX).describedAs("The id stays as it is"),
            BodyField.of("logoUrl", HTTPS_URL));

    public static final RequestBody CATEGORY_EDIT = RequestBody.correction("CategoryEdit", List.of("id"),
            BodyField.name("name", ContractRules.NAME_MAX).asRequired().describedAs("The id stays as it is"));

    public static final RequestBody NEW_CATEGORY = RequestBody.of("NewCategory",
            BodyField.name("name", ContractRules.NAME_MAX).asRequired().describedAs("Its id is the slug of the name"));

    public static final RequestBody NEW_DEAL = RequestBody.of("NewDeal",
            BodyField.text("title", ContractRules.TITLE_MAX).asRequired(),
            BodyField.of("link", URL).asRequired(),
            BodyField.of("price", PRICE).asRequired(),
            BodyField.of("brandId", SLUG).asRequired(),
            BodyField.of("categoryId", SLUG).asRequired(),
            BodyField.of("imageUrl", HTTPS_URL),
            BodyField.text("description", ContractRules.DESCRIPTION_MAX),
            BodyField.of("createdAt", PAST_INSTANT).describedAs("Backfill only; not in the future (5 minutes of skew allowed)"),
            BodyField.of("expiresAt", INSTANT).describedAs("After createdAt; the deal leaves featured sections at that instant"));

    public static final RequestBody DEAL_CORRECTION = RequestBody.correction("DealCorrection",
            List.of("id", "brandId", "brandName", "categoryId", "categoryName", "createdAt"),
            BodyField.text("title", ContractRules.TITLE_MAX),
            BodyField.of("link", URL),
            BodyField.of("price", PRICE),
            BodyField.of("imageUrl", HTTPS_URL),
            BodyField.text("description", ContractRules.DESCRIPTION_MAX),
            BodyField.of("expiresAt", INSTANT).asNullable()
                    .describedAs("After createdAt; null clears it; now or earlier expires the deal at once"));

    public static final RequestBody FEATURED_IDS = RequestBody.of("FeaturedIds",
            BodyField.dealIds("dealIds", FeaturedList.MAX_DEALS).asRequired());

    public static final RequestBody HOT_DEAL = RequestBody.of("HotDeal",
            BodyField.of("dealId", DEAL_ID).asRequired(),
            BodyField.text("subject", ContractRules.SUBJECT_MAX),
            BodyField.text("body", ContractRules.BODY_MAX));

    public static final RequestBody NEW_COMMENT = RequestBody.of("NewComment",
            BodyField.text("body", ContractRules.COMMENT_MAX).asRequired(),
            BodyField.of("replyTo", ID).describedAs("A top-level comment of the same deal"));

    public static final RequestBody NEW_REPORT = RequestBody.of("NewReport",
            BodyField.oneOf("reason", java.util.Arrays.stream(ReportReason.values()).map(ReportReason::wire).toList()).asRequired(),
            BodyField.note("note", ContractRules.NOTE_MAX));

    public static final RequestBody NEW_VOTE = RequestBody.of("NewVote",
            BodyField.oneOf("vote", java.util.Arrays.stream(com.bigtimedeals.community.Vote.values())
                    .map(com.bigtimedeals.community.Vote::wire).toList()).asRequired());

    public static final RequestBody NEW_ALERT = RequestBody.of("NewAlert",
            BodyField.words("keywords", false).asRequired().describedAs("1 to " + Words.MAX_WORDS
                    + " words separated by spaces, each " + Words.MIN_LENGTH + " to " + Words.MAX_LENGTH
                    + " letters or digits; answered lowercase, each word once, separated by single spaces"),
            BodyField.of("maxPrice", PRICE).describedAs("Only deals at most this price"),
            // Text, not a slug: the contract answers an id that names no brand or category 404, whatever its shape.
            BodyField.text("brandId", Slug.MAX_LENGTH).describedAs("Only deals of this brand; one that does not exist is a 404"),
            BodyField.text("categoryId", Slug.MAX_LENGTH).describedAs("Only deals of this category; one that does not exist is a 404"),
            BodyField.words("excludeWords", true).describedAs("0 to " + Words.MAX_WORDS
                    + " words separated by spaces, under the keyword rules: a deal whose title holds any of them as a whole"
                    + " word, in any case, does not match; answered lowercase, \"\" when none"),
            BodyField.positiveInteger("minTemperature", com.bigtimedeals.inbox.NewAlert.MAX_TEMPERATURE)
                    .describedAs("Match a deal only when its temperature first reaches this, within the stream delay of the"
                            + " vote that reached it: never at its creation, never twice"));

    public static final RequestBody NEW_DEVICE = RequestBody.of("NewDevice",
            BodyField.oneOf("platform", java.util.Arrays.stream(com.bigtimedeals.devices.DevicePlatform.values())
                    .map(com.bigtimedeals.devices.DevicePlatform::wire).toList()).asRequired()
                    .describedAs("fcm (Android, Firebase Cloud Messaging) or apns (iOS)"),
            BodyField.text("token", 4096).asRequired().describedAs("apns: exactly 64 hexadecimal characters; fcm: 20 to "
                    + "4096 letters, digits, ':', '_' and '-'. Never answered back (a Device carries tokenEnd)"));

    /** PUT /me/notifications: the whole object, every field sent ({@code quietHours} may be null). */
    public static final RequestBody NOTIFICATION_SETTINGS = RequestBody.of("NewNotificationSettings",
            BodyField.object("push", "PushChoices",
                    BodyField.of("watches", BodyField.Kind.BOOLEAN).asRequired(),
                    BodyField.of("alerts", BodyField.Kind.BOOLEAN).asRequired(),
                    BodyField.of("blasts", BodyField.Kind.BOOLEAN).asRequired(),
                    BodyField.of("reminders", BodyField.Kind.BOOLEAN).asRequired()).asRequired()
                    .describedAs("Which message kinds are pushed; messages reach the inbox whatever these say"),
            BodyField.object("quietHours", "QuietHours",
                    BodyField.of("start", BodyField.Kind.CLOCK_TIME).asRequired(),
                    BodyField.of("end", BodyField.Kind.CLOCK_TIME).asRequired(),
                    BodyField.of("timeZone", BodyField.Kind.TIME_ZONE).asRequired()).asRequired().asNullable()
                    .describedAs("null: none. Pushes due from start to end (in timeZone) are held, then summed up in one "
                            + "push; an end not after the start runs across midnight"));

    private RequestBodies() {
    }
}
