// The browser journeys, one file per page or feature (test/browser/*.test.mjs), against one local stack
// started here for all of them. Each file can also run alone (`node --test test/browser/deal-page.test.mjs`):
// it then starts its own stack.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStack } from './stack.mjs';

const dir = fileURLToPath(new URL('./browser/', import.meta.url));
const files = process.argv.slice(2).length ? process.argv.slice(2)
  : readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => dir + f);
const started = Date.now();
const stack = await startStack();
console.log(`local stack at ${stack.url} (${((Date.now() - started) / 1000).toFixed(1)} s to start)`);
let status;
try {
  // Not spawnSync: this process must keep reading the stack's output, or the stack blocks on a full pipe.
  const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    stdio: 'inherit', env: { ...process.env, BTD_STACK_URL: stack.url },
  });
  status = await new Promise((resolve) => tests.on('exit', (code) => resolve(code ?? 1)));
} finally {
  await stack.stop();
  // What the stack said, for a failure that needs it.
  const results = fileURLToPath(new URL('../test-results/', import.meta.url));
  mkdirSync(results, { recursive: true });
  writeFileSync(`${results}stack.log`, stack.log());
}
process.exit(status);
