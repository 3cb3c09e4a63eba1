// The generated TypeScript client's journey (journey.ts, compiled strict by `npm run test:clients`) against a local
// stack, directly and through a proxy that answers as a later API might: a field added to every answer object, an
// error code nobody knows yet, a vote value nobody knows yet, and a value nobody knows yet in every other open list
// (a message's kind, a device's platform, a history event's action, a report's reason).
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { startStack } from '../../cms/test/stack.mjs';
import { journey } from './dist/journey.js';

let stack;
let proxy;

function addFields(node) {
  if (Array.isArray(node)) {
    node.forEach(addFields);
  } else if (node && typeof node === 'object') {
    // GET /me/votes' map (deal id to vote): its keys are ids, so it gains no field; its values become a vote added later.
    if (node.votes && typeof node.votes === 'object') {
      for (const id of Object.keys(node.votes)) node.votes[id] = 'a-vote-added-later';
    }
    Object.entries(node).forEach(([name, value]) => {
      if (name === 'changes' && value && typeof value === 'object' && !Array.isArray(value)) {
        // A history event's changes: deal field name to {from, to}. Its keys are the deal's fields, so it gains no
        // field (a later API's would be one more {from, to}); each change does.
        Object.values(value).forEach(addFields);
      } else if (name !== 'votes') {
        addFields(value);
      }
    });
    if ('message' in node && 'code' in node) node.code = 'A_CODE_ADDED_LATER';
    if (typeof node.myVote === 'string') node.myVote = 'a-vote-added-later';
    for (const open of ['kind', 'platform', 'action', 'reason']) {
      if (typeof node[open] === 'string') node[open] = 'a-value-added-later';
    }
    node.addedLater = { since: 'a later version', values: [1] };
  }
}

before(async () => {
  stack = await startStack();
  const upstream = new URL(stack.url);
  proxy = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      const chunks = [];
      answer.on('data', (c) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        const h = { ...answer.headers };
        if (h['content-encoding'] === 'gzip') body = gunzipSync(body);
        delete h['content-encoding'];
        delete h['content-length'];
        delete h['transfer-encoding'];
        if ((h['content-type'] ?? '').startsWith('application/json') && body.length > 0) {
          const tree = JSON.parse(body.toString('utf8'));
          addFields(tree);
          body = Buffer.from(JSON.stringify(tree));
        }
        res.writeHead(answer.statusCode, h);
        res.end(answer.statusCode === 304 || answer.statusCode === 204 ? undefined : body);
      });
    });
    req.pipe(out);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  proxy?.close();
  await stack?.stop();
});

test('a journey through public, user and CMS routes with the generated client', async () => {
  await journey(stack.url, Math.random().toString(36).slice(2, 10), false);
});

test('the same journey when every answer carries a field, a code and values added later', async () => {
  await journey(`http://127.0.0.1:${proxy.address().port}`, Math.random().toString(36).slice(2, 10), true);
});

test('a gzipped answer arrives when asked for, and is the same answer', async () => {
  const plain = await fetch(`${stack.url}/brands`, { headers: { 'accept-encoding': 'identity' } });
  const zipped = await fetch(`${stack.url}/brands`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(plain.headers.get('etag'), zipped.headers.get('etag'));
  assert.deepEqual(await zipped.json(), await plain.json());
});
