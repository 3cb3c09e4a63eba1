'use strict';
// The provider of Custom::PushPlatformApplication (infra/.../PushResources.java says why a custom resource and why
// this inline Node.js handler). One SNS platform application per resource, its credentials read from a Secrets
// Manager secret at deploy time; its ARN is the physical id. CloudFormation calls at least once (a create may come
// again after a timeout or a lost response, a delete may name an application never made), so every branch is safe
// to repeat. Secret values are never logged, echoed in a reason or returned.
const http = require('node:http');
const https = require('node:https');

// Reported as the physical id of a create that failed: a rollback's delete of it then deletes by name (below).
const NOT_CREATED = 'not-created';

exports.handler = (event) => run(event, aws());

/** One request: settle it, log the outcome (never a secret), answer CloudFormation. */
async function run(event, api) {
  const result = await settle(event, api);
  console.log(JSON.stringify({ request: event.RequestType, resource: event.LogicalResourceId, status: result.Status,
    physicalId: result.PhysicalResourceId, reason: result.Reason }));
  // A response that fails to arrive is thrown, so Lambda's retry runs the (repeatable) request again.
  await respond(event, result);
}

/** The SDK v3 clients the Node.js runtime ships, loaded only here (the test gives its own stand-ins). */
function aws() {
  const sns = require('@aws-sdk/client-sns');
  const sm = require('@aws-sdk/client-secrets-manager');
  const client = new sns.SNSClient({});
  const secrets = new sm.SecretsManagerClient({});
  return {
    secret: async (id) => (await secrets.send(new sm.GetSecretValueCommand({ SecretId: id }))).SecretString,
    create: async (name, platform, attributes) => (await client.send(new sns.CreatePlatformApplicationCommand(
      { Name: name, Platform: platform, Attributes: attributes }))).PlatformApplicationArn,
    set: (arn, attributes) => client.send(new sns.SetPlatformApplicationAttributesCommand(
      { PlatformApplicationArn: arn, Attributes: attributes })),
    remove: (arn) => client.send(new sns.DeletePlatformApplicationCommand({ PlatformApplicationArn: arn })),
  };
}

/** What to answer CloudFormation: {Status, PhysicalResourceId, Reason, Data}. Never throws. */
async function settle(event, api) {
  const p = event.ResourceProperties;
  // The application's ARN as the stack computed it (and as its grants name it): SNS's own, app/PLATFORM/NAME.
  const expected = p.ApplicationArn;
  try {
    if (event.RequestType === 'Delete') {
      // A create that failed reported NOT_CREATED, but may have made the application before failing (a lost
      // response, a timeout): deleting by the ARN its name gives removes it too. Deleting one already gone succeeds.
      const arn = event.PhysicalResourceId.startsWith('arn:') ? event.PhysicalResourceId : expected;
      await ignoringNotFound(() => api.remove(arn));
      return ok(event.PhysicalResourceId);
    }
    const attributes = credentials(p, await readSecret(api, p.SecretId));
    const old = event.OldResourceProperties;
    if (event.RequestType === 'Update' && old.Name === p.Name && old.Platform === p.Platform) {
      // The same application: new credentials (another secret, or a rotated one with a new revision) replace the old.
      await api.set(event.PhysicalResourceId, attributes);
      return ok(event.PhysicalResourceId);
    }
    // Create, or an update to another name or platform (CloudFormation then deletes the old one).
    let arn;
    try {
      arn = await api.create(p.Name, p.Platform, attributes);
    } catch (e) {
      // A repeated create finds the application its first attempt made (same name: same ARN): give it these
      // credentials rather than fail the deploy.
      if (!/exist/i.test(String(e && e.message))) throw e;
      await api.set(expected, attributes);
      arn = expected;
    }
    if (arn !== expected) {
      // The grants name endpoints under the expected ARN: an application elsewhere could be made but never used.
      throw new Error(`SNS made ${arn}, not ${expected}`);
    }
    return { Status: 'SUCCESS', PhysicalResourceId: arn, Data: { Arn: arn } };
  } catch (e) {
    return {
      Status: 'FAILED',
      PhysicalResourceId: event.PhysicalResourceId || NOT_CREATED,
      Reason: `${p.Platform} application ${p.Name}: ${reason(e)}`,
    };
  }
}

function ok(physicalId) {
  return { Status: 'SUCCESS', PhysicalResourceId: physicalId };
}

async function ignoringNotFound(call) {
  try {
    await call();
  } catch (e) {
    if (!(e && (e.name === 'NotFoundException' || e.name === 'NotFound'))) throw e;
  }
}

async function readSecret(api, id) {
  try {
    return await api.secret(id);
  } catch (e) {
    if (e && e.name === 'ResourceNotFoundException') {
      throw new Error(`no secret ${id} in this account and region: create it as docs/push-credentials.md says, `
        + 'or deploy with this platform\'s secret setting empty to make no application for it');
    }
    throw e;
  }
}

/** The platform application's attributes from the secret's JSON (docs/push-credentials.md gives its shapes). */
function credentials(p, text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    // Not e.message: JSON.parse quotes the text it could not read, which is the secret.
    throw new Error(`secret ${p.SecretId} is not JSON`);
  }
  if (doc === null || typeof doc !== 'object') throw new Error(`secret ${p.SecretId} is not a JSON object`);
  const has = (k) => typeof doc[k] === 'string' && doc[k].length > 0;
  if (p.Platform === 'GCM') {
    // FCM HTTP v1: the service-account key file as Firebase gives it (the legacy server keys no longer work).
    if (doc.type !== 'service_account' || !has('private_key') || !has('client_email') || !has('project_id')) {
      throw new Error(`secret ${p.SecretId} is not a Firebase service-account key file (type service_account, `
        + 'project_id, client_email, private_key)');
    }
    return { PlatformCredential: text };
  }
  const token = ['signingKey', 'signingKeyId', 'teamId', 'bundleId'];
  const certificate = ['certificate', 'privateKey'];
  const isToken = token.every(has);
  const isCertificate = certificate.every(has);
  if (isToken === isCertificate) {
    throw new Error(`secret ${p.SecretId} must hold either ${token.join(', ')} (token-based) or `
      + `${certificate.join(', ')} (certificate-based), not ${isToken ? 'both' : 'neither'}`);
  }
  return isToken
    ? { PlatformCredential: doc.signingKey, PlatformPrincipal: doc.signingKeyId,
      ApplePlatformTeamID: doc.teamId, ApplePlatformBundleID: doc.bundleId }
    : { PlatformCredential: doc.privateKey, PlatformPrincipal: doc.certificate };
}

/** An error's name and message (SNS and Secrets Manager never echo credentials in theirs). */
function reason(e) {
  return e && e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : String(e && e.message ? e.message : e);
}

function respond(event, result) {
  const body = JSON.stringify({
    Status: result.Status,
    Reason: result.Reason || 'see the provider function\'s log',
    PhysicalResourceId: result.PhysicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: result.Data,
  });
  // CloudFormation's response URL is a presigned S3 https URL; plain http only reaches the test's stand-in.
  const transport = new URL(event.ResponseURL).protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = transport.request(event.ResponseURL, {
      method: 'PUT',
      headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) },
    }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve()
        : reject(new Error(`CloudFormation answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(body);
  });
}

exports.run = run;
exports.settle = settle;
exports.NOT_CREATED = NOT_CREATED;
