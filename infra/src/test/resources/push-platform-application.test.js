'use strict';
// The platform-application provider's requests as CloudFormation sends them (at least once), against a stand-in SNS
// and Secrets Manager that behave as the real ones answer: node push-platform-application.test.js <handler.js>.
// Run by PushPlatformApplicationsTest; prints one line per case and exits non-zero on the first failure.
const assert = require('node:assert/strict');
const http = require('node:http');
const { run, settle, NOT_CREATED } = require(process.argv[2]);

const ARN = 'arn:aws:sns:eu-west-1:123456789012:app/GCM/BigTimeDeals-fcm';
const APNS_ARN = 'arn:aws:sns:eu-west-1:123456789012:app/APNS/BigTimeDeals-apns';
const SANDBOX_ARN = 'arn:aws:sns:eu-west-1:123456789012:app/APNS_SANDBOX/BigTimeDeals-apns';
const PRIVATE = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-secret-\n-----END PRIVATE KEY-----\n';
const SERVICE_ACCOUNT = JSON.stringify({ type: 'service_account', project_id: 'bigtimedeals', client_email:
  'push@bigtimedeals.iam.gserviceaccount.com', private_key: PRIVATE, private_key_id: 'abc' });

function error(name, message) {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** SNS and Secrets Manager as far as the provider uses them: applications by ARN, secrets by name. */
function world(secrets) {
  const apps = new Map();
  const calls = [];
  return {
    apps, calls,
    secret: async (id) => {
      calls.push(['secret', id]);
      if (!(id in secrets)) throw error('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
      return secrets[id];
    },
    create: async (name, platform, attributes) => {
      calls.push(['create', name, platform]);
      const arn = `arn:aws:sns:eu-west-1:123456789012:app/${platform}/${name}`;
      if (apps.has(arn)) {
        throw error('InvalidParameterException', 'Invalid parameter: Name Reason: An application with the same name already exists');
      }
      apps.set(arn, attributes);
      return arn;
    },
    set: async (arn, attributes) => {
      calls.push(['set', arn]);
      if (!apps.has(arn)) throw error('NotFoundException', 'PlatformApplication does not exist');
      apps.set(arn, attributes);
    },
    remove: async (arn) => {
      calls.push(['remove', arn]);
      if (!apps.has(arn)) throw error('NotFoundException', 'PlatformApplication does not exist');
      apps.delete(arn);
    },
  };
}

function fcm(extra) {
  return { Name: 'BigTimeDeals-fcm', Platform: 'GCM', SecretId: 'BigTimeDeals/push/fcm', ApplicationArn: ARN,
    SecretsRevision: '1', ...extra };
}

function event(type, properties, physicalId, old) {
  return { RequestType: type, ResourceProperties: properties, PhysicalResourceId: physicalId, OldResourceProperties: old,
    LogicalResourceId: 'FcmPlatformApplication' };
}

function neverShowsTheSecret(result) {
  const text = JSON.stringify(result);
  assert.ok(!text.includes('secret-') && !text.includes('PRIVATE KEY'), text);
}

const cases = {
  async 'a create makes the application from the secret and answers its ARN'() {
    const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
    const r = await settle(event('Create', fcm()), w);
    assert.deepEqual(r, { Status: 'SUCCESS', PhysicalResourceId: ARN, Data: { Arn: ARN } });
    assert.deepEqual(w.apps.get(ARN), { PlatformCredential: SERVICE_ACCOUNT });
  },
  async 'a create sent again finds the application its first attempt made and answers the same ARN'() {
    const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
    await settle(event('Create', fcm()), w);
    const r = await settle(event('Create', fcm()), w);
    assert.equal(r.Status, 'SUCCESS');
    assert.equal(r.PhysicalResourceId, ARN);
    assert.equal(w.apps.size, 1);
    assert.deepEqual(w.calls.at(-1), ['set', ARN]);
  },
  async 'a missing secret fails the create saying what to do, and makes nothing'() {
    const w = world({});
    const r = await settle(event('Create', fcm()), w);
    assert.equal(r.Status, 'FAILED');
    assert.equal(r.PhysicalResourceId, NOT_CREATED);
    assert.match(r.Reason, /no secret BigTimeDeals\/push\/fcm .*docs\/push-credentials\.md/);
    assert.ok(!w.calls.some((c) => c[0] === 'create'));
  },
  async 'a secret that is not JSON, or not a service-account key, fails without quoting it'() {
    for (const text of [PRIVATE, JSON.stringify({ key: PRIVATE }), '"' + PRIVATE + '"']) {
      const r = await settle(event('Create', fcm()), world({ 'BigTimeDeals/push/fcm': text }));
      assert.equal(r.Status, 'FAILED');
      neverShowsTheSecret(r);
    }
  },
  async 'the rollback of a failed create deletes by name, and one never made is no error'() {
    const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
    await settle(event('Create', fcm()), w); // made, but say its answer was lost
    let r = await settle(event('Delete', fcm(), NOT_CREATED), w);
    assert.deepEqual(r, { Status: 'SUCCESS', PhysicalResourceId: NOT_CREATED });
    assert.equal(w.apps.size, 0);
    r = await settle(event('Delete', fcm(), NOT_CREATED), w);
    assert.equal(r.Status, 'SUCCESS');
  },
  async 'a delete sent again succeeds'() {
    const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
    await settle(event('Create', fcm()), w);
    assert.equal((await settle(event('Delete', fcm(), ARN), w)).Status, 'SUCCESS');
    assert.equal((await settle(event('Delete', fcm(), ARN), w)).Status, 'SUCCESS');
    assert.equal(w.apps.size, 0);
  },
  async 'an update of the same application (a rotated secret, a new revision) hands SNS the new credentials'() {
    const secrets = { 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT };
    const w = world(secrets);
    await settle(event('Create', fcm()), w);
    const rotated = SERVICE_ACCOUNT.replace('"abc"', '"def"');
    secrets['BigTimeDeals/push/fcm'] = rotated;
    const r = await settle(event('Update', fcm({ SecretsRevision: '2' }), ARN, fcm()), w);
    assert.deepEqual(r, { Status: 'SUCCESS', PhysicalResourceId: ARN });
    assert.deepEqual(w.apps.get(ARN), { PlatformCredential: rotated });
    assert.equal(w.calls.filter((c) => c[0] === 'create').length, 1);
  },
  async 'an update to another platform makes a new application (CloudFormation then deletes the old)'() {
    const token = JSON.stringify({ signingKey: PRIVATE, signingKeyId: 'ABC123DEFG', teamId: 'DEF123GHIJ', bundleId: 'com.bigtimedeals.app' });
    const w = world({ 'BigTimeDeals/push/apns': token });
    const apns = { Name: 'BigTimeDeals-apns', Platform: 'APNS', SecretId: 'BigTimeDeals/push/apns', ApplicationArn: APNS_ARN };
    await settle(event('Create', apns), w);
    const sandbox = { ...apns, Platform: 'APNS_SANDBOX', ApplicationArn: SANDBOX_ARN };
    const r = await settle(event('Update', sandbox, APNS_ARN, apns), w);
    assert.equal(r.PhysicalResourceId, SANDBOX_ARN);
    assert.deepEqual(w.apps.get(SANDBOX_ARN), { PlatformCredential: PRIVATE, PlatformPrincipal: 'ABC123DEFG',
      ApplePlatformTeamID: 'DEF123GHIJ', ApplePlatformBundleID: 'com.bigtimedeals.app' });
    assert.equal((await settle(event('Delete', apns, APNS_ARN), w)).Status, 'SUCCESS');
    assert.deepEqual([...w.apps.keys()], [SANDBOX_ARN]);
  },
  async 'an APNs certificate is principal and private key; a secret with both shapes or neither fails'() {
    const apns = { Name: 'BigTimeDeals-apns', Platform: 'APNS', SecretId: 's', ApplicationArn: APNS_ARN };
    const w = world({ s: JSON.stringify({ certificate: '-----BEGIN CERTIFICATE-----\nX\n', privateKey: PRIVATE }) });
    assert.equal((await settle(event('Create', apns), w)).Status, 'SUCCESS');
    assert.deepEqual(w.apps.get(APNS_ARN), { PlatformCredential: PRIVATE, PlatformPrincipal: '-----BEGIN CERTIFICATE-----\nX\n' });
    for (const doc of [{ certificate: 'c', privateKey: PRIVATE, signingKey: PRIVATE, signingKeyId: 'k', teamId: 't', bundleId: 'b' },
      { signingKey: PRIVATE, teamId: 't' }]) {
      const r = await settle(event('Create', apns), world({ s: JSON.stringify(doc) }));
      assert.equal(r.Status, 'FAILED');
      neverShowsTheSecret(r);
    }
  },
  async 'an application SNS makes under another ARN than the grants name fails the deploy'() {
    const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
    const r = await settle(event('Create', fcm({ ApplicationArn: ARN.replace('eu-west-1', 'us-east-1') })), w);
    assert.equal(r.Status, 'FAILED');
    assert.match(r.Reason, /not arn:aws:sns:us-east-1/);
  },
  async 'a failed update keeps the physical id, so CloudFormation rolls it back rather than replacing it'() {
    const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
    await settle(event('Create', fcm()), w);
    const r = await settle(event('Update', fcm({ SecretId: 'gone' }), ARN, fcm()), w);
    assert.equal(r.Status, 'FAILED');
    assert.equal(r.PhysicalResourceId, ARN);
  },
  async 'the answer reaches CloudFormation as its response object, and one refused is thrown for Lambda to retry'() {
    const bodies = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        bodies.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(status).end();
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const request = { ...event('Create', fcm()), ResponseURL: `http://127.0.0.1:${server.address().port}/presigned`,
        StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/BigTimeDeals/1', RequestId: 'r1' };
      const w = world({ 'BigTimeDeals/push/fcm': SERVICE_ACCOUNT });
      await run(request, w);
      assert.deepEqual(bodies[0], { method: 'PUT', type: '', body: { Status: 'SUCCESS',
        Reason: 'see the provider function\'s log', PhysicalResourceId: ARN, StackId: request.StackId, RequestId: 'r1',
        LogicalResourceId: 'FcmPlatformApplication', Data: { Arn: ARN } } });
      neverShowsTheSecret(bodies[0]);
      status = 403;
      await assert.rejects(run(request, w), /CloudFormation answered 403/);
      assert.equal(bodies.length, 2);
    } finally {
      server.close();
    }
  },
};

(async () => {
  for (const [name, run] of Object.entries(cases)) {
    await run();
    console.log(`ok ${name}`);
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
