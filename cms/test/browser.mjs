// The browser journeys, one file per page or feature (test/browser/*.test.mjs), against one local stack
// started here for all of them. Each file can also run alone (`node --test test/browser/deal-page.test.mjs`):
// it then starts its own stack.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStack } from './stack.mjs';

const dir = fileURLToPath(new URL('./browser/', import.meta.url));
const files = process.argv.slice(2).length ? process.argv.slice(2)
  : readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => dir + f);
const started = Date.now();
const stack = await startStack();
console.log(`local stack at ${stack.url} (${((Date.now() - started) / 1000).toFixed(1)} s to start)`);
let status = 1;
try {
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    stdio: 'inherit', env: { ...process.env, BTD_STACK_URL: stack.url },
  });
  status = run.status ?? 1;
} finally {
  await stack.stop();
}
process.exit(status);
