import { solveChallenge } from 'altcha-lib';
import { z } from 'zod';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, route } from '@svc/kit';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { solvedAntispam } from '../support/antispam';
import { waitFor } from '../support/wait';
import type { TenantCredentials } from '@svc/identity';

/** A public POST guarded like form submissions will be: anti-spam required. */
const guarded = route({
  method: 'POST',
  path: '/store/test-guarded',
  auth: 'publishable',
  antispam: true,
  body: z.strictObject({ message: z.string().optional(), antispam_token: z.string().optional() }),
  operation: 'identity/AntispamChallenge',
  summary: 'test-only route protected by the anti-spam check',
  respond: () => ({ accepted: true }),
});

/** Solved with altcha-lib's own solver (the widget's): slow (WebCrypto, a promise per attempt), so used once. */
async function solvedByWidget(p: TestPlatform, key: string): Promise<string> {
  const c = await p.api('GET', '/store/anti-spam/challenge', { key });
  expect(c.status).toBe(200);
  expect(c.body).toMatchObject({ algorithm: 'SHA-256', maxnumber: expect.any(Number) });
  const solution = await solveChallenge(c.body.challenge, c.body.salt, c.body.algorithm, c.body.maxnumber).promise;
  expect(solution).not.toBeNull();
  const payload = { algorithm: c.body.algorithm, challenge: c.body.challenge, number: solution!.number, salt: c.body.salt, signature: c.body.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe('anti-spam proof of work (ALTCHA)', () => {
  let p: TestPlatform;
  let a: TenantCredentials;
  let b: TenantCredentials;
  let w: TenantCredentials;
  beforeAll(async () => {
    p = await startTestPlatform({ extraRoutes: [guarded] });
    a = await p.createTenant();
    b = await p.createTenant();
    // the widget's solver is slow (a promise per attempt): its store asks for the easiest work allowed
    w = await p.createTenant();
    const set = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { antispam_max_number } }',
      { i: { antispam_max_number: 1000 } },
      { token: await p.adminToken(w) },
    );
    expect(set.body.data.updateStoreSettings.antispam_max_number).toBe(1000);
    await waitFor(
      'the easiest difficulty in the challenge',
      async () => (await p.api('GET', '/store/anti-spam/challenge', { key: w.publishable_key })).body.maxnumber === 1000,
    );
  });
  afterAll(() => p?.stop());

  it('accepts a solved challenge once, in the header or in the body', async () => {
    const token = await solvedByWidget(p, w.publishable_key);
    const ok = await p.api('POST', '/store/test-guarded', { key: w.publishable_key, body: { message: 'hi' }, headers: { 'x-antispam-token': token } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ accepted: true });
    const replay = await p.api('POST', '/store/test-guarded', { key: w.publishable_key, body: { message: 'hi' }, headers: { 'x-antispam-token': token } });
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
    const inBody = await solvedAntispam(p, a.publishable_key);
    const viaBody = await p.api('POST', '/store/test-guarded', { key: a.publishable_key, body: { antispam_token: inBody } });
    expect(viaBody.status).toBe(200);
  });

  it('refuses missing, forged and other-tenant solutions with 403', async () => {
    const missing = await p.api('POST', '/store/test-guarded', { key: a.publishable_key, body: {} });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('invalid_antispam_token');
    const token = await solvedAntispam(p, a.publishable_key);
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64');
    const bad = await p.api('POST', '/store/test-guarded', { key: a.publishable_key, body: {}, headers: { 'x-antispam-token': forged } });
    expect(bad.status).toBe(403);
    const garbage = await p.api('POST', '/store/test-guarded', { key: a.publishable_key, body: {}, headers: { 'x-antispam-token': 'not-base64-json' } });
    expect(garbage.status).toBe(403);
    // signed with tenant A's secret: tenant B does not accept it
    const crossTenant = await p.api('POST', '/store/test-guarded', { key: b.publishable_key, body: {}, headers: { 'x-antispam-token': token } });
    expect(crossTenant.status).toBe(403);
  });

  it("lets an admin set the tenant's difficulty; a tenant without one gets the platform default", async () => {
    const admin = await p.adminToken(a);
    const set = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { antispam_max_number } }',
      { i: { antispam_max_number: 60000 } },
      { token: admin },
    );
    expect(set.body.data.updateStoreSettings.antispam_max_number).toBe(60000);
    let c = await p.api('GET', '/store/anti-spam/challenge', { key: a.publishable_key });
    for (let i = 0; i < 50 && c.body.maxnumber !== 60000; i++) {
      await new Promise((r) => setTimeout(r, 20));
      c = await p.api('GET', '/store/anti-spam/challenge', { key: a.publishable_key });
    }
    expect(c.body.maxnumber).toBe(60000);
    expect((await p.api('GET', '/store/anti-spam/challenge', { key: b.publishable_key })).body.maxnumber).toBe(20000);
    const token = await solvedAntispam(p, a.publishable_key);
    expect((await p.api('POST', '/store/test-guarded', { key: a.publishable_key, body: {}, headers: { 'x-antispam-token': token } })).status).toBe(200);
    const tooEasy = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { antispam_max_number } }',
      { i: { antispam_max_number: 10 } },
      { token: admin },
    );
    expect(tooEasy.body.errors[0].extensions.type).toBe('validation_error');
  });
});

describe('anti-spam default difficulty', () => {
  // the platform hands its setting to every tenant without one: tenant B above gets the test
  // platform's 20,000; unset, the setting is ALTCHA's own default
  it("is ALTCHA's own default of 1,000,000", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antispam-default-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).antispamMaxNumber).toBe(1_000_000);
      expect(loadConfig({ DATA_DIR: dir, ANTISPAM_MAX_NUMBER: '20000' }).antispamMaxNumber).toBe(20_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
