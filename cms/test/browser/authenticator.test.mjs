// An account whose sign-in does not carry the editors group registers an authenticator app from the CMS: a key
// (a QR code and the key itself), a code from the app, then the app is on (the local stack's stand-in for Cognito).
import { createHmac } from 'node:crypto';
import { assert, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238's code for a base32 key now, as the authenticator app computes it. */
function totp(key, at = Date.now()) {
  let bits = '';
  for (const c of key.replace(/\s+/g, '')) bits += BASE32.indexOf(c).toString(2).padStart(5, '0');
  const bytes = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = createHmac('sha1', bytes).update(step).digest();
  const o = h[h.length - 1] & 0x0f;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

journey('an account without the editors group sets up an authenticator app', async (page, width) => {
  await signIn(page, url(), { username: `frank-${run}-${width}`, editor: false });
  await page.getByRole('heading', { name: 'Not an editor' }).waitFor();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByRole('img', { name: /QR code of the key/ }).waitFor();
  const key = await page.locator('#totp-key').innerText();
  assert.match(key.replace(/\s+/g, ''), /^[A-Z2-7]{32}$/, 'a base32 key of 20 bytes');
  await look(page, width, 'authenticator-key');

  // A wrong code is refused next to the field, and nothing is turned on.
  const wrong = String((Number(totp(key)) + 500_000) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Code from the app').fill(wrong);
  await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
  await page.getByText('That code did not match.').waitFor();

  await page.getByLabel('Code from the app').fill(totp(key).replace(/(\d{3})/, '$1 '));
  await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
  await page.getByText('Your authenticator app is set up.').waitFor();
  await look(page, width, 'authenticator-on');
  // Back on the page: the account has one, and is not offered another (which would replace the app's key).
  await page.reload();
  await page.getByText('An authenticator app is set up for this account already.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Set up an authenticator app' }).count(), 0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('Local sign-in.').waitFor();
});
