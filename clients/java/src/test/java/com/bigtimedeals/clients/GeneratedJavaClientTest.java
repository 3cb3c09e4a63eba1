package com.bigtimedeals.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.bigtimedeals.client.ApiClient;
import com.bigtimedeals.client.ApiException;
import com.bigtimedeals.client.ApiResponse;
import com.bigtimedeals.client.api.CmsApi;
import com.bigtimedeals.client.api.PublicApi;
import com.bigtimedeals.client.api.UserApi;
import com.bigtimedeals.client.model.ApiError;
import com.bigtimedeals.client.model.Brand;
import com.bigtimedeals.client.model.Deal;
import com.bigtimedeals.client.model.DealCorrection;
import com.bigtimedeals.client.model.DealEvent;
import com.bigtimedeals.client.model.DealPage;
import com.bigtimedeals.client.model.Device;
import com.bigtimedeals.client.model.EditedDeal;
import com.bigtimedeals.client.model.FeaturedIds;
import com.bigtimedeals.client.model.FrontPage;
import com.bigtimedeals.client.model.Message;
import com.bigtimedeals.client.model.MyVotes;
import com.bigtimedeals.client.model.NewBrand;
import com.bigtimedeals.client.model.NewCategory;
import com.bigtimedeals.client.model.NewDeal;
import com.bigtimedeals.client.model.NewDevice;
import com.bigtimedeals.client.model.NewProfile;
import com.bigtimedeals.client.model.NewReport;
import com.bigtimedeals.client.model.NewVote;
import com.bigtimedeals.client.model.Report;
import com.bigtimedeals.client.model.ReportByUser;
import com.bigtimedeals.client.model.User;
import com.bigtimedeals.local.BearerToken;
import com.bigtimedeals.local.LocalStack;

/**
 * The Java client a mobile team would generate from docs/openapi.yaml (openapi-generator's java/okhttp-gson, default
 * options), compiled by this build and driven over HTTP through public, user and CMS routes: against the local stack
 * as it is, and through a proxy that adds a field to every answer object and a new error code, as a later version of
 * the API may. Both journeys must read every answer.
 */
@Tag("stack")
class GeneratedJavaClientTest {
    private static LocalStack stack;
    private static AddedFieldsProxy proxy;

    @BeforeAll
    static void start() throws Exception {
        stack = LocalStack.start(LocalStack.Options.inMemory());
        proxy = new AddedFieldsProxy("http://127.0.0.1:" + stack.port());
    }

    @AfterAll
    static void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (stack != null) {
            stack.close();
        }
    }

    private static ApiClient client(String base, String username, boolean editor) {
        ApiClient client = new ApiClient();
        client.setBasePath(base);
        if (username != null) {
            client.setBearerToken(BearerToken.forUser(username, editor));
        }
        return client;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"as the API answers today", "with fields and codes added later"})
    void aJourneyThroughPublicUserAndCmsRoutes(String how) throws Exception {
        boolean added = how.startsWith("with");
        String base = added ? proxy.url() : "http://127.0.0.1:" + stack.port();
        String run = UUID.randomUUID().toString().substring(0, 8);
        CmsApi cms = new CmsApi(client(base, "erin", true));
        PublicApi open = new PublicApi(client(base, null, false));
        UserApi user = new UserApi(client(base, "ann" + run, false));

        // The editors make a brand, a category and deals.
        Brand brand = cms.createBrand(new NewBrand().name("Brand " + run), "brand-" + run);
        String categoryId = cms.createCategory(new NewCategory().name("Category " + run), null).getId();
        Deal deal = null;
        for (int i = 0; i < 3; i++) {
            deal = cms.createDeal(new NewDeal().title("Deal " + i + " of " + run).link(URI.create("https://shop.example.com/" + run + "/" + i))
                    .price(new BigDecimal("77.79")).brandId(brand.getId()).categoryId(categoryId), null);
        }
        assertEquals(new BigDecimal("77.79"), deal.getPrice());
        // Corrected as an editor's client does: at the version it read (If-Match).
        long version = cms.getEditedDeal(deal.getId()).getVersion();
        EditedDeal corrected = cms.correctDeal(deal.getId(), new DealCorrection().price(new BigDecimal("19.99")), "\"v" + version + "\"");
        assertEquals(new BigDecimal("19.99"), corrected.getPrice());
        cms.setFrontPageFeatured(new FeaturedIds().dealIds(Set.of(deal.getId())));
        if (added) {
            assertNotNull(corrected.getAdditionalProperty(AddedFieldsProxy.ADDED_FIELD), "the added field is kept, not fatal");
        }

        // Anyone browses: the front page (its cached copy follows the featured list within the stream delay), then every page of the brand's deals, each nextCursor passed straight back.
        assertTrue(stack.awaitStreamQuiet(500, 30_000), "stream delivery never went quiet");
        FrontPage front = open.getFrontPage(null);
        assertTrue(front.getFeatured().stream().anyMatch(d -> d.getId().equals(corrected.getId())));
        Set<String> seen = new HashSet<>();
        String cursor = null;
        do {
            DealPage page = open.listBrandDeals(brand.getId(), 2, cursor, null);
            page.getDeals().forEach(d -> assertTrue(seen.add(d.getId()), "each deal once"));
            cursor = page.getNextCursor();
        } while (cursor != null);
        assertEquals(3, seen.size());
        assertEquals(brand.getName(), open.getBrand(brand.getId(), null).getName());

        // A conditional GET: the ETag back in If-None-Match is a 304 with no body, which this client reports as such.
        ApiResponse<Brand> withTag = open.getBrandWithHttpInfo(brand.getId(), null);
        String tag = withTag.getHeaders().get("ETag").get(0);
        ApiException notModified = assertThrows(ApiException.class, () -> open.getBrand(brand.getId(), tag));
        assertEquals(304, notModified.getCode());

        // A signed-in user: a profile (retried with its key: one profile, the first answer again), a like, the inbox.
        NewProfile profile = new NewProfile().email("ann" + run + "@example.com");
        User me = user.createProfile(profile, "profile-" + run);
        ApiResponse<User> again = user.createProfileWithHttpInfo(profile, "profile-" + run);
        assertEquals(201, again.getStatusCode());
        assertEquals(me.getMemberSince(), again.getData().getMemberSince());
        assertEquals("true", again.getHeaders().get("idempotent-replayed").get(0));
        assertEquals(1L, user.likeBrand(brand.getId(), null).getLikes());
        assertTrue(user.getBrandFollowState(brand.getId()).getLiked());
        assertNotNull(user.listMessages(10, null, true).getMessages());
        // A vote, then the caller's votes: through the proxy each is a value no client knows yet (issue 43), read as
        // the string it is, not a failure of the whole answer.
        String expectedVote = added ? AddedFieldsProxy.UNKNOWN_VOTE : "hot";
        assertEquals(expectedVote, user.castVote(deal.getId(), new NewVote().vote(NewVote.VoteEnum.HOT), null).getMyVote());
        MyVotes votes = user.listMyVotes(deal.getId());
        assertEquals(java.util.Map.of(deal.getId(), expectedVote), votes.getVotes());

        // The other open lists of the answers (issues 39 and 43): a watched brand's new deal is a message of kind
        // watch, a registered phone's platform fcm, a correction an event of action corrected, a report's reason what
        // was sent. Through the proxy each is a value no client knows yet, read as the string it is.
        user.watchBrand(brand.getId(), null);
        Deal watched = cms.createDeal(new NewDeal().title("Watched deal of " + run).link(URI.create("https://shop.example.com/" + run + "/w"))
                .price(new BigDecimal("9.99")).brandId(brand.getId()).categoryId(categoryId), null);
        // Its fan-out runs after the deal's stream record: waited for, up to the stream's quiet and then 30 s.
        assertTrue(stack.awaitStreamQuiet(500, 30_000), "stream delivery never went quiet");
        List<Message> messages = List.of();
        for (long until = System.nanoTime() + 30_000_000_000L; messages.isEmpty() && System.nanoTime() < until; ) {
            messages = user.listMessages(10, null, true).getMessages().stream()
                    .filter(m -> watched.getId().equals(m.getDealId())).toList();
            if (messages.isEmpty()) {
                Thread.sleep(100);
            }
        }
        assertEquals(1, messages.size(), "one message for the watched brand's new deal");
        assertEquals(added ? AddedFieldsProxy.UNKNOWN_VALUE : "watch", messages.get(0).getKind());
        Device phone = user.registerDevice(new NewDevice().platform(NewDevice.PlatformEnum.FCM)
                .token("journey-phone-token-" + run + "-0123456789"), null);
        assertEquals(added ? AddedFieldsProxy.UNKNOWN_VALUE : "fcm", phone.getPlatform());
        assertEquals(List.of(phone.getPlatform()), user.listDevices().getDevices().stream().map(Device::getPlatform).toList());
        List<String> actions = cms.listDealHistory(corrected.getId(), null, null).getEvents().stream().map(DealEvent::getAction).toList();
        if (added) {
            assertFalse(actions.isEmpty());
            actions.forEach(a -> assertEquals(AddedFieldsProxy.UNKNOWN_VALUE, a));
        } else {
            assertTrue(actions.containsAll(List.of("created", "corrected")), actions.toString());
        }
        Report report = user.reportDeal(deal.getId(), new NewReport().reason(NewReport.ReasonEnum.EXPIRED).note("Sold out"), null);
        assertEquals(added ? AddedFieldsProxy.UNKNOWN_VALUE : "expired", report.getReason());
        assertEquals(List.of(report.getReason()), cms.listDealReports(deal.getId()).getReports().stream()
                .filter(r -> r.getUsername().equals("ann" + run)).map(ReportByUser::getReason).toList());

        // An error body reads as an ApiError, whatever its code.
        ApiException missing = assertThrows(ApiException.class, () -> open.getBrand("no-such-brand-" + run, null));
        assertEquals(404, missing.getCode());
        ApiError error = ApiError.fromJson(missing.getResponseBody());
        assertEquals(added ? AddedFieldsProxy.UNKNOWN_CODE : "NOT_FOUND", error.getCode());
        assertFalse(error.getMessage().isEmpty());
        assertNull(missing.getResponseHeaders().get("www-authenticate"));
        ApiException unauthorized = assertThrows(ApiException.class, () -> new UserApi(client(base, null, false)).getProfile());
        assertEquals(401, unauthorized.getCode());
    }
}
