package com.bigtimedeals.deals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Deal attributes, as a deal item's application attributes, as an embedded copy in a featured list, and in
 * the compact binary form of the front-page cache.
 */
public final class DealCodec {
    private DealCodec() {
    }

    static ItemWriter write(ItemWriter w, Deal d) {
        w.string("id", d.id())
                .string("title", d.title())
                .string("link", d.link())
                .decimal("price", d.price())
                .string("brandId", d.brandId())
                .string("brandName", d.brandName())
                .string("categoryId", d.categoryId())
                .string("categoryName", d.categoryName())
                .string("imageUrl", d.imageUrl())
                .string("description", d.description())
                .instant("createdAt", d.createdAt())
                .instant("expiresAt", d.expiresAt())
                .decimal(LINK_LOW, d.linkLow());
        return counts(w, d.counts());
    }

    /** The counters as a deal item or a copy carries them: nothing at all for a deal nobody counted yet. */
    static final String HOT = "hot";
    static final String COLD = "cold";
    static final String COMMENTS = "comments";
    static final String COUNTERS_VERSION = "countersVersion";
    static final String HOT_SINCE = "hotSince";

    static ItemWriter counts(ItemWriter w, DealCounts c) {
        if (c.version() != 0 || c.hotSince() != null) {
            w.number(HOT, c.hot()).number(COLD, c.cold()).number(COMMENTS, c.comments())
                    .number(COUNTERS_VERSION, c.version()).instant(HOT_SINCE, c.hotSince());
        }
        return w;
    }

    static DealCounts counts(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        if (!r.has(COUNTERS_VERSION) && !r.has(HOT_SINCE)) {
            return DealCounts.NONE;
        }
        return new DealCounts(r.number(HOT), r.number(COLD), r.number(COMMENTS), r.number(COUNTERS_VERSION),
                r.instant(HOT_SINCE));
    }

    /**
     * When the deal item was written, stored once at creation and never changed: the instant its new-deal
     * messages carry and derive their ids from. Deals written before it existed fall back to {@code createdAt}.
     */
    static final String POSTED_AT = "postedAt";
    /** Every price the deal has had after its first, as {@code [{price, at}]}; absent until a correction changes it. */
    static final String PRICE_HISTORY = "priceHistory";

    static AttributeValue pricePoint(java.math.BigDecimal price, Instant at) {
        return AttributeValue.fromM(Map.of("price", AttributeValue.fromN(price.toPlainString()),
                "at", AttributeValue.fromS(at.toString())));
    }

    /** The deal's price history, oldest first: its first price at its creation, then each correction that changed it. */
    static java.util.List<com.bigtimedeals.deals.PricePoint> priceHistory(Map<String, AttributeValue> item) {
        AttributeValue stored = item.get(PRICE_HISTORY);
        if (stored == null || !stored.hasL()) {
            Deal d = read(item);
            return java.util.List.of(new com.bigtimedeals.deals.PricePoint(d.price(), d.createdAt()));
        }
        java.util.List<com.bigtimedeals.deals.PricePoint> points = new java.util.ArrayList<>(stored.l().size());
        for (AttributeValue p : stored.l()) {
            points.add(new com.bigtimedeals.deals.PricePoint(new java.math.BigDecimal(p.m().get("price").n()),
                    Instant.parse(p.m().get("at").s())));
        }
        return points;
    }

    public static Instant postedAt(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        Instant postedAt = r.instant(POSTED_AT);
        return postedAt != null ? postedAt : r.instant("createdAt");
    }

    /**
     * The deal's version: 1 at creation, one more with each change made to it (a correction, a takedown, the
     * community's expiry, a rename of its brand or category); what {@code If-Match} names. A deal written before
     * versions existed has none and is at version 1.
     */
    static final String VERSION = "version";

    static long version(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return r.has(VERSION) ? r.number(VERSION) : 1;
    }

    /** A taken-down deal's item stays as a tombstone with this attribute; every reader treats it as absent. */
    public static final String TAKEN_DOWN_AT = "takenDownAt";

    public static boolean isLiveDeal(Map<String, AttributeValue> item) {
        return item != null && DealKeys.DEAL.equals(new ItemReader(item).type()) && !item.containsKey(TAKEN_DOWN_AT);
    }

    public static Deal read(Map<String, AttributeValue> item) {
        ItemReader r = new ItemReader(item);
        return new Deal(r.string("id"), r.string("title"), r.string("link"), r.decimal("price"),
                r.string("brandId"), r.string("brandName"), r.string("categoryId"), r.string("categoryName"),
                r.string("imageUrl"), r.string("description"), r.instant("createdAt"), r.instant("expiresAt"),
                counts(item), r.decimal(LINK_LOW));
    }

    /** The lowest price of the deal's normalised link, as the stream last carried it onto this copy ({@link PriceLows}). */
    static final String LINK_LOW = "linkLow";

    /** A deal copied into a featured list: application attributes only, no keys. */
    static AttributeValue embedded(Deal d) {
        Map<String, AttributeValue> m = new java.util.HashMap<>();
        m.putAll(write(new ItemWriter(Map.of(), DealKeys.DEAL), d).build());
        m.remove(Keys.TYPE);
        return AttributeValue.fromM(m);
    }

    static List<Deal> readEmbedded(AttributeValue list) {
        List<Deal> deals = new ArrayList<>();
        if (list != null && list.hasL()) {
            for (AttributeValue v : list.l()) {
                deals.add(read(v.m()));
            }
        }
        return deals;
    }

    /**
     * The front-page cache payload: a length-prefixed binary form, deflated. Attribute names would cost as
     * much as the values (35 deals x 11 names), and deal text compresses about 3:1, which is what keeps the
     * item under the 8 KB target (1 read unit per eventually consistent read).
     */
    /** {@code expiresAt} of a deal that never expires, in the payload. */
    private static final long NEVER = Long.MIN_VALUE;

    static SdkBytes compress(FrontPage page) {
        return deflate(layout(page));
    }

    /**
     * A list of deals in the same per-deal layout (the hottest lists), deflated; its format is
     * {@link #FRONT_PAGE_FORMAT} too, since the layout of a deal is what the number describes.
     */
    static SdkBytes compressDeals(List<Deal> deals) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16384);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writeDeals(out, deals);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return deflate(bytes.toByteArray());
    }

    static List<Deal> decompressDeals(SdkBytes payload) {
        try (DataInputStream in = new DataInputStream(
                new InflaterInputStream(new ByteArrayInputStream(payload.asByteArrayUnsafe())))) {
            return readDeals(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SdkBytes deflate(byte[] layout) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
        try (DeflaterOutputStream out = new DeflaterOutputStream(bytes, new Deflater(Deflater.BEST_COMPRESSION))) {
            out.write(layout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SdkBytes.fromByteArrayUnsafe(bytes.toByteArray());
    }

    /**
     * The layout of the front-page payload that {@link #layout} writes and {@link #decompress} reads. The cache
     * item carries it; the API functions (readers) and the stream consumer (writer) deploy separately, so a
     * reader meeting a format it does not know serves the live query instead of misreading the bytes. Bump it
     * with every change to the layout (a test fails on a layout change without a bump). Copies written before
     * the format was recorded are format 1. Format 2 adds each deal's {@code expiresAt} after its {@code createdAt};
     * format 3 adds its counts after that (hot, cold, comments, counters version, hot since); format 4 its link's low
     * ({@code linkLow}) after those.
     */
    static final int FRONT_PAGE_FORMAT = 4;

    /** The payload before deflating: featured deals, latest deals, the next cursor. */
    static byte[] layout(FrontPage page) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16384);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writeDeals(out, page.featured());
            writeDeals(out, page.latest());
            writeString(out, page.nextCursor());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static FrontPage decompress(long version, SdkBytes payload) {
        try (DataInputStream in = new DataInputStream(
                new InflaterInputStream(new ByteArrayInputStream(payload.asByteArrayUnsafe())))) {
            List<Deal> featured = readDeals(in);
            List<Deal> latest = readDeals(in);
            String next = readString(in);
            return new FrontPage(version, featured, latest, next);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Whether a cached copy shows {@code d} as it is: {@code d} written and read back in the cache's own layout
     * ({@link #writeDeals}: whole seconds, the price's plain digits, only the fields it keeps), then compared with
     * the copy, counts aside (they have versions of their own). Derived from the layout, so a field added to it is
     * compared without a change here.
     */
    static boolean cachedAs(Deal d, Deal cached) {
        if (cached == null) {
            return false;
        }
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
            writeDeals(new DataOutputStream(bytes), List.of(d));
            Deal asCached = readDeals(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))).get(0);
            return asCached.sameContent(cached);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeDeals(DataOutputStream out, List<Deal> deals) throws IOException {
        out.writeShort(deals.size());
        for (Deal d : deals) {
            writeString(out, d.id());
            writeString(out, d.title());
            writeString(out, d.link());
            writeString(out, d.price() == null ? null : d.price().toPlainString());
            writeString(out, d.brandId());
            writeString(out, d.brandName());
            writeString(out, d.categoryId());
            writeString(out, d.categoryName());
            writeString(out, d.imageUrl());
            writeString(out, d.description());
            out.writeLong(d.createdAt().getEpochSecond());
            out.writeLong(d.expiresAt() == null ? NEVER : d.expiresAt().getEpochSecond());
            DealCounts c = d.counts();
            out.writeLong(c.hot());
            out.writeLong(c.cold());
            out.writeLong(c.comments());
            out.writeLong(c.version());
            out.writeLong(c.hotSince() == null ? NEVER : c.hotSince().getEpochSecond());
            writeString(out, d.linkLow() == null ? null : d.linkLow().toPlainString());
        }
    }

    private static List<Deal> readDeals(DataInputStream in) throws IOException {
        int n = in.readUnsignedShort();
        List<Deal> deals = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String id = readString(in);
            String title = readString(in);
            String link = readString(in);
            String price = readString(in);
            String brandId = readString(in);
            String brandName = readString(in);
            String categoryId = readString(in);
            String categoryName = readString(in);
            String imageUrl = readString(in);
            String description = readString(in);
            Instant createdAt = Instant.ofEpochSecond(in.readLong());
            long expires = in.readLong();
            DealCounts counts = new DealCounts(in.readLong(), in.readLong(), in.readLong(), in.readLong(), null);
            long hotSince = in.readLong();
            String linkLow = readString(in);
            deals.add(new Deal(id, title, link, price == null ? null : new BigDecimal(price), brandId, brandName,
                    categoryId, categoryName, imageUrl, description, createdAt,
                    expires == NEVER ? null : Instant.ofEpochSecond(expires),
                    hotSince == NEVER ? counts : counts.withHotSince(Instant.ofEpochSecond(hotSince)),
                    linkLow == null ? null : new BigDecimal(linkLow)));
        }
        return deals;
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String readString(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }
}
