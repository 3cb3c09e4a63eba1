// The browser journeys, one file per page or feature (test/browser/*.test.mjs), against local stacks started here:
// BROWSER_STACKS of them (2 unless set), each running one file at a time, the next file from one queue, the largest
// first. A stack is never shared by two files at once, so no file sees another's deals, users or featured lists
// while it runs (the latest list, a blast's reach). Each file can also run alone
// (`node --test test/browser/deal-page.test.mjs`): it then starts its own stack.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from './stack.mjs';

const dir = fileURLToPath(new URL('./browser/', import.meta.url));
const files = process.argv.slice(2).length ? process.argv.slice(2)
  : readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).map((f) => dir + f);
// The largest files (the most journeys) first, so that the last file to start is a short one.
const queue = [...files].sort((a, b) => statSync(b).size - statSync(a).size);
const count = Math.max(1, Math.min(Number.parseInt(process.env.BROWSER_STACKS ?? '', 10) || 2, files.length));

/** One file's journeys against `url`, in a node process of their own; its exit code and its whole report. */
function runFile(file, url) {
  return new Promise((resolve) => {
    // Not spawnSync: this process must keep reading the stacks' output, or a stack blocks on a full pipe.
    const tests = spawn(process.execPath, ['--test', '--test-reporter=tap', file], {
      stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BTD_STACK_URL: url },
    });
    let report = '';
    tests.stdout.on('data', (d) => { report += d; });
    tests.stderr.on('data', (d) => { report += d; });
    tests.on('close', (code) => resolve({ code: code ?? 1, report }));
  });
}

const started = Date.now();
const stacks = [];
// The stacks run in process groups of their own (stack.mjs): stopped here when this run is interrupted too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => Promise.all(stacks.map((s) => s.stop())).finally(() => process.exit(130)));
}
const totals = { tests: 0, pass: 0, fail: 0 };
const failed = [];
try {
  // One after another: the first start builds what is missing (./bigtimedeals run), the others find it built.
  for (let i = 0; i < count; i++) {
    const t = Date.now();
    stacks.push(await startStack());
    console.log(`# local stack ${i + 1} at ${stacks[i].url} (${((Date.now() - t) / 1000).toFixed(1)} s to start)`);
  }
  await Promise.all(stacks.map(async (stack, i) => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const { code, report } = await runFile(file, stack.url);
      // Each file's report whole, as it ends: two stacks' reports never interleave.
      console.log(`# ${basename(file)} on stack ${i + 1}: exit ${code}`);
      process.stdout.write(report);
      for (const key of Object.keys(totals)) totals[key] += Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
      if (code !== 0) failed.push(basename(file));
    }
  }));
} finally {
  await Promise.all(stacks.map((s) => s.stop()));
  // What each stack said, for a failure that needs it.
  const results = fileURLToPath(new URL('../test-results/', import.meta.url));
  mkdirSync(results, { recursive: true });
  stacks.forEach((s, i) => writeFileSync(`${results}stack-${i + 1}.log`, s.log()));
}
console.log(`# browser journeys: ${totals.tests} in ${files.length} files on ${count} stacks, ${totals.pass} passed, ${totals.fail} failed`
  + `${failed.length ? ` (${failed.join(', ')})` : ''}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed.length || totals.fail || totals.tests === 0 ? 1 : 0);
