// The first load's JavaScript, gzipped, from the build the tests run on: at most 150 KB (issue #14).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET = 150 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

test('first-load JavaScript is within budget', () => {
  const html = readFileSync(`${dist}index.html`, 'utf8');
  // Everything index.html loads up front: the entry module and its preloaded chunks.
  const scripts = [...html.matchAll(/(?:src|href)="\/editor\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  assert.ok(scripts.length > 0, 'index.html loads no script');
  const gz = scripts.reduce((sum, f) => sum + gzipSync(readFileSync(dist + f), { level: 9 }).length, 0);
  console.log(`first-load JavaScript: ${(gz / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB) in ${scripts.length} file(s)`);
  assert.ok(gz <= BUDGET, `${gz} bytes gzipped is over the ${BUDGET}-byte budget`);
});
