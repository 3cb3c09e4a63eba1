// The local stack as a real process on a free port, for the browser tests; and the system Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts `./bigtimedeals run --no-demo` and resolves once it serves; stop() ends that process only. */
export async function startStack() {
  const port = await freePort();
  const child = spawn(`${repo}/bigtimedeals`, ['run', '--no-demo'], {
    cwd: repo, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DYNAMODB_PORT: '0' },
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  await new Promise((resolve, reject) => {
    const started = setInterval(() => {
      if (log.includes('is running')) { clearInterval(started); resolve(); }
    }, 100);
    child.on('exit', (code) => { clearInterval(started); reject(new Error(`the local stack exited (${code}):\n${log}`)); });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.on('exit', resolve);
      process.kill(-child.pid, 'SIGTERM');
    }),
  };
}

/**
 * Debian's Chromium, or CHROMIUM: the tests never download a browser. Its headless shell first (the same Chromium
 * without the windowed browser around it, as Playwright runs headless itself): the journeys took a third less CPU.
 */
export function chromiumPath() {
  const found = [process.env.CHROMIUM, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']
    .find((p) => p && existsSync(p));
  if (!found) throw new Error('No Chromium: apt-get install chromium-headless-shell (./bigtimedeals test does), or set CHROMIUM');
  return found;
}
