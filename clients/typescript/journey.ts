// What a mobile team writes against a TypeScript client generated from docs/openapi.yaml (openapi-typescript types,
// openapi-fetch calls), compiled under strict settings: one journey through public, user and CMS routes. run.mjs drives
// it over HTTP against the local stack, directly and through a proxy that adds a field to every answer object.
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/schema.js';

type Deal = components['schemas']['Deal'];

/**
 * A local stack token from the one pool every signed-in route trusts, through the CMS's client with the editors group
 * or through the app's: the stack's authorizer checks issuer, client and times as API Gateway's does, and never a
 * signature (it is never deployed).
 */
export function localToken(username: string, editor: boolean): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const client = editor
    ? { iss: 'http://127.0.0.1/local-users', client_id: 'local-cms', 'cognito:groups': ['editors'] }
    : { iss: 'http://127.0.0.1/local-users', client_id: 'local-mobile-app', 'cognito:groups': ['users'] };
  return `${b64({ alg: 'RS256', kid: 'local' })}.${b64({
    ...client, 'cognito:username': username, username, token_use: 'access', iat: now, exp: now + 3600,
  })}.${b64({ sig: 'unsigned' })}`;
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) {
    throw new Error(`journey: ${what}`);
  }
}

export async function journey(baseUrl: string, run: string, addedLater: boolean): Promise<void> {
  const open = createClient<paths>({ baseUrl });
  const cms = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${localToken('erin', true)}` } });
  const user = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${localToken(`ann${run}`, false)}` } });

  const brand = await cms.POST('/cms/brands', {
    body: { name: `Brand ${run}` }, params: { header: { 'Idempotency-Key': `brand-${run}` } },
  });
  check(brand.response.status === 201 && brand.data, `brand ${brand.response.status}`);
  const category = await cms.POST('/cms/categories', { body: { name: `Category ${run}` } });
  check(category.data, 'category');
  let last: Deal | undefined;
  for (let i = 0; i < 3; i++) {
    const made = await cms.POST('/cms/deals', {
      body: {
        title: `Deal ${i} of ${run}`, link: `https://shop.example.com/${run}/${i}`, price: 77.79,
        brandId: brand.data.id, categoryId: category.data.id,
      },
    });
    check(made.data, `deal ${made.response.status}`);
    last = made.data;
  }
  check(last && last.price === 77.79, 'the price as sent');
  const corrected = await cms.PATCH('/cms/deals/{dealId}', { params: { path: { dealId: last.id } }, body: { price: 19.99 } });
  check(corrected.data?.price === 19.99, 'the corrected price');
  if (addedLater) {
    check('addedLater' in corrected.data, 'the added field arrives and is harmless');
  }

  // Every page of the brand's deals, each page's nextCursor passed straight back as the next cursor.
  const seen = new Set<string>();
  let cursor: string | null | undefined;
  do {
    const page = await open.GET('/brands/{brandId}/deals', {
      params: { path: { brandId: brand.data.id }, query: { limit: 2, cursor } },
    });
    check(page.data, `page ${page.response.status}`);
    for (const d of page.data.deals) {
      check(!seen.has(d.id), 'each deal once');
      seen.add(d.id);
    }
    cursor = page.data.nextCursor;
  } while (cursor);
  check(seen.size === 3, `three deals, saw ${seen.size}`);

  const front = await open.GET('/frontpage');
  check(front.data && Array.isArray(front.data.latest), 'the front page');
  const tagged = await open.GET('/brands/{brandId}', { params: { path: { brandId: brand.data.id } } });
  const etag = tagged.response.headers.get('etag');
  check(etag && tagged.response.headers.get('cache-control')?.startsWith('public, max-age='), 'an ETag and Cache-Control');
  const unchanged = await open.GET('/brands/{brandId}', {
    params: { path: { brandId: brand.data.id }, header: { 'If-None-Match': etag } },
  });
  check(unchanged.response.status === 304, `304, got ${unchanged.response.status}`);

  const profile = { email: `ann${run}@example.com` };
  const key = { 'Idempotency-Key': `profile-${run}` };
  const first = await user.POST('/me', { body: profile, params: { header: key } });
  const retried = await user.POST('/me', { body: profile, params: { header: key } });
  check(first.response.status === 201 && retried.response.status === 201, 'a retried create is the first answer');
  check(retried.response.headers.get('idempotent-replayed') === 'true', 'marked as a replay');
  const liked = await user.POST('/brands/{brandId}/likes', { params: { path: { brandId: brand.data.id } } });
  check(liked.data?.likes === 1, 'one like');
  const inbox = await user.GET('/me/messages', { params: { query: { unread: true } } });
  check(inbox.data && inbox.response.headers.get('cache-control') === 'no-store', 'the inbox, never cached');

  // A vote, then the caller's votes. Through the proxy each is a vote added later: the generated types admit it (were
  // the vote a closed union, this assignment would not compile) and the journey reads it as the string it is.
  const laterVote: components['schemas']['MyVotes']['votes'][string] = 'a-vote-added-later';
  const expectedVote = addedLater ? laterVote : 'hot';
  const voted = await user.POST('/deals/{dealId}/votes', { params: { path: { dealId: last.id } }, body: { vote: 'hot' } });
  check(voted.data?.myVote === expectedVote, `my vote, got ${voted.data?.myVote}`);
  const mine = await user.GET('/me/votes', { params: { query: { dealIds: last.id } } });
  check(mine.data?.votes[last.id] === expectedVote, `GET /me/votes, got ${JSON.stringify(mine.data)}`);

  // The other open lists of the answers (issues 39 and 43): a watched brand's new deal is a message of kind watch, a
  // registered phone's platform fcm, a correction an event of action corrected, a report's reason what was sent.
  // Through the proxy each is a value no client knows yet: the generated types admit it (a closed union would not
  // compile these assignments) and the journey reads it as the string it is.
  const laterKind: components['schemas']['Message']['kind'] = 'a-value-added-later';
  const laterPlatform: components['schemas']['Device']['platform'] = 'a-value-added-later';
  const laterAction: components['schemas']['DealEvent']['action'] = 'a-value-added-later';
  const laterReason: components['schemas']['ReportByUser']['reason'] = 'a-value-added-later';
  const watching = await user.POST('/brands/{brandId}/watches', { params: { path: { brandId: brand.data.id } } });
  check(watching.data, `watch ${watching.response.status}`);
  const watched = await cms.POST('/cms/deals', {
    body: {
      title: `Watched deal of ${run}`, link: `https://shop.example.com/${run}/w`, price: 9.99,
      brandId: brand.data.id, categoryId: category.data.id,
    },
  });
  check(watched.data, `watched deal ${watched.response.status}`);
  // Its fan-out runs after the deal's stream record: waited for, up to 30 s.
  let message: components['schemas']['Message'] | undefined;
  for (const until = Date.now() + 30_000; !message && Date.now() < until;) {
    const unread = await user.GET('/me/messages', { params: { query: { unread: true } } });
    message = unread.data?.messages.find((m) => m.dealId === watched.data.id);
    if (!message) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  check(message?.kind === (addedLater ? laterKind : 'watch'), `the message's kind, got ${message?.kind}`);
  const phone = await user.POST('/me/devices', { body: { platform: 'fcm', token: `journey-phone-token-${run}-0123456789` } });
  const platform = phone.data?.platform;
  check(platform === (addedLater ? laterPlatform : 'fcm'), `the device's platform, got ${platform}`);
  const devices = await user.GET('/me/devices');
  check(devices.data?.devices.every((d) => d.platform === platform), 'every device read back');
  const history = await cms.GET('/cms/deals/{dealId}/history', { params: { path: { dealId: last.id } } });
  const actions = history.data?.events.map((e) => e.action) ?? [];
  check(addedLater ? actions.length > 0 && actions.every((a) => a === laterAction) : actions.includes('corrected'),
    `the history's actions, got ${JSON.stringify(actions)}`);
  const reported = await user.POST('/deals/{dealId}/reports', {
    params: { path: { dealId: last.id } }, body: { reason: 'expired', note: 'Sold out' },
  });
  const reason = reported.data?.reason;
  check(reason === (addedLater ? laterReason : 'expired'), `the report's reason, got ${reason}`);
  const reports = await cms.GET('/cms/reports/{dealId}', { params: { path: { dealId: last.id } } });
  check(reports.data?.reports.some((r) => r.username === `ann${run}` && r.reason === reason), 'the report read back');

  const missing = await open.GET('/brands/{brandId}', { params: { path: { brandId: `no-such-${run}` } } });
  check(missing.response.status === 404 && missing.error, '404');
  check(missing.error.message.length > 0, 'an error message');
  check(missing.error.code === (addedLater ? 'A_CODE_ADDED_LATER' : 'NOT_FOUND'), `the code, got ${missing.error.code}`);
  check(missing.error.requestId === missing.response.headers.get('x-request-id'), 'the request id in the body and header');
}
