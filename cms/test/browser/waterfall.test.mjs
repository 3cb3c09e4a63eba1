// Every page is usable before its lists load, and no page chains more than 2 API requests.
import { assert, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('request waterfalls and forms before lists', async (page) => {
  await signIn(page, url());
  // Each API request is held until the page has asked for everything it can without it; then that level
  // is released. The number of levels is the depth of the page's request waterfall.
  const isApi = (u) => !u.pathname.startsWith('/editor/');
  for (const [hash, usable] of [['deals/new', '#new-title'], ['brands', '#brand-name'], ['featured/frontpage', '#pick-id'], ['blast', '#subject']]) {
    let held = [];
    await page.route(isApi, (route) => { held.push(route); });
    await page.goto('about:blank');
    await page.goto(`${url()}/editor/#/${hash}`);
    const levels = [];
    // Every one of these pages asks the API for something: wait for its first request (a loaded machine may take
    // longer than one settling interval to render and ask), then for the level to settle.
    await page.locator(usable).waitFor();
    for (let waited = 0; held.length === 0 && waited < 15000; waited += 100) await page.waitForTimeout(100);
    for (;;) {
      let seen = -1;
      while (seen !== held.length) { // settle: no new request for 300 ms
        seen = held.length;
        await page.waitForTimeout(300);
      }
      if (held.length === 0) break;
      if (levels.length === 0) {
        // Nothing has loaded yet, and the page's form already works.
        await page.locator(usable).fill('typed while lists load');
        assert.equal(await page.locator(usable).inputValue(), 'typed while lists load');
        await page.locator(usable).fill('');
      }
      levels.push(held.length);
      const level = held;
      held = [];
      await Promise.all(level.map((r) => r.continue()));
    }
    await page.unroute(isApi);
    console.log(`request waterfall of #/${hash}: ${levels.length} level(s), requests per level ${JSON.stringify(levels)}`);
    assert.ok(levels.length >= 1 && levels.length <= 2, `#/${hash} chains ${levels.length} levels: ${levels}`);
  }
}, { widths: ['desktop'] });
