// The payment providers' settings over real HTTP (PGlite, one server): CCBill (also at the spec's
// /api/ccbill-settings), its REST API and DataLink, Sticky.io and ForumPay. Validation names the field; a secret is
// answered only as 'set' / 'not set' and is never in an answer, an event, the audit log or a log line; the adapters'
// getter opens it; "Test connection" goes through the injected tester; admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTesterOf, providerSettings, providerSettingsGetter } from '../../api/payment-provider-settings';
import { settingsBox } from '../../api/email-config';
import { startTestServer, type TestServer } from '../support/server';

const SALT = 'Sa1tOnlyCcbillKnows42';
const REST_SECRET = 'rest-secret-0f9e8d7c6b5a';
const DATALINK_PASSWORD = 'DataLinkPassw0rd-xyz';
const STICKY_PASSWORD = 'sticky-api-pass-77aa';
const FORUMPAY_SECRET = 'fp-secret-part1fp-secret-part2';
const SECRETS = [SALT, REST_SECRET, DATALINK_PASSWORD, STICKY_PASSWORD, FORUMPAY_SECRET];

const CCBILL = { clientAccnum: '951234', clientSubacc: '0001', flexId: '01234567-89ab-cdef-0123-456789abcdef', liveMode: false };
const STICKY = { appKey: 'myclub', apiUsername: 'club-api', campaignId: '11', shippingId: '2', offerId: '33', productId: '44', billingModelId: '5' };
const FORUMPAY = { apiUser: 'club-user', posId: 'club.pos-1', enable_forumpay_payment_live_mode: true };

describe('payment provider settings (pglite)', () => {
  let t: TestServer;
  let admin: string;
  const tokens: Record<string, string> = {};
  const logLines: string[] = [];
  const realWrite = process.stdout.write;

  const as = (token: string) => ({ token });
  const eventsText = async () => JSON.stringify(await t.server.services.store.readAll({ maxCount: 100_000 } as never));
  const expectNoSecret = (text: string) => {
    for (const s of SECRETS) expect(text).not.toContain(s);
  };

  beforeAll(async () => {
    // Every log line (trace level: each request and its body's errors too) is kept to look for the secrets.
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logLines.push(String(chunk));
      return (realWrite as (...a: unknown[]) => boolean).call(process.stdout, '', ...rest.filter((r) => typeof r === 'function'));
    }) as typeof process.stdout.write;
    t = await startTestServer('pglite', { LOG_LEVEL: 'trace' });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    for (const role of ['support', 'content_manager', 'model']) {
      const email = `${role.replace('_', '.')}@providers.example.com`;
      const created = await t.call('POST', '/admin-api/users', { name: role, email, role, password: `${role} password 1` }, as(admin));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      tokens[role] = (await t.call('POST', '/api/users/login', { email, password: `${role} password 1` })).body.data.token;
    }
    tokens.fan = (await t.call('POST', '/api/users/register', { name: 'Provider Fan', email: 'provider.fan@example.com', password: 'fan password 1' })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
    process.stdout.write = realWrite;
  });

  it('is for admins only: fan, support, content manager and model are refused, a guest must log in', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/ccbill-settings'], ['POST', '/api/ccbill-settings', { ...CCBILL, salt: SALT }],
      ['GET', '/api/settings/payment-providers/sticky-io'], ['POST', '/api/settings/payment-providers/forumpay', { ...FORUMPAY, apiSecret: FORUMPAY_SECRET }],
      ['DELETE', '/api/settings/payment-providers/ccbill-rest-api'], ['POST', '/api/settings/payment-providers/ccbill/test', {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await t.call(method, path, body)).status, `${method} ${path} guest`).toBe(401);
      for (const role of ['fan', 'support', 'content_manager', 'model']) {
        expect((await t.call(method, path, body, as(tokens[role]))).status, `${method} ${path} ${role}`).toBe(403);
      }
    }
    const r = await t.call('GET', '/api/ccbill-settings', undefined, as(admin));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ provider: 'ccbill', configured: false, updated_at: null, clientAccnum: '', clientSubacc: '', flexId: '', salt: 'not set', liveMode: false });
    expect(await t.server.services.store.readStream('payment-provider-settings')).toEqual([]);
  });

  it('bad input is a 400 naming the field, changes nothing, and never echoes the secret', async () => {
    const good = { ...CCBILL, salt: SALT };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ clientAccnum: '12345' }, 'clientAccnum', 'clientAccnum must be the 6-digit CCBill account number.'],
      [{ clientSubacc: '12' }, 'clientSubacc', 'clientSubacc must be the 4-digit subaccount, e.g. 0000.'],
      [{ flexId: 'flex-form' }, 'flexId'],
      [{ flexId: `${CCBILL.flexId}\u0000` }, 'flexId'],
      [{ salt: `${SALT}!` }, 'salt', 'salt must be up to 32 letters and digits.'],
      [{ salt: 'A'.repeat(33) }, 'salt'],
      [{ liveMode: 'on' }, 'liveMode'],
      [{ clientAccnum: 951234 }, 'clientAccnum'],
    ];
    for (const [patch, field, message] of cases) {
      const r = await t.call('POST', '/api/ccbill-settings', { ...good, ...patch }, as(admin));
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.field, JSON.stringify(r.body)).toBe(field);
      if (message) expect(r.body.message).toBe(message);
      expectNoSecret(JSON.stringify(r.body));
    }
    const sticky = await t.call('POST', '/api/settings/payment-providers/sticky-io', { ...STICKY, apiUsername: 'club\napi', apiPassword: STICKY_PASSWORD }, as(admin));
    // A line break is refused before the route (the site's text guard) or by the field's rule: either names the field.
    expect(sticky.status).toBe(400);
    expect(sticky.body.field).toBe('apiUsername');
    const forum = await t.call('POST', '/api/settings/payment-providers/forumpay', { ...FORUMPAY, posId: 'club pos', apiSecret: FORUMPAY_SECRET }, as(admin));
    expect(forum.body).toMatchObject({ field: 'posId', message: 'posId may contain only letters, digits, dots, hyphens and underscores.' });
    const noSecret = await t.call('POST', '/api/settings/payment-providers/ccbill-rest-api', { restAppId: 'app-1' }, as(admin));
    expect(noSecret.body).toMatchObject({ field: 'restSecret', message: 'restSecret is required.' });
    expect(await t.server.services.store.readStream('payment-provider-settings')).toEqual([]);
  });

  it('saves every provider: non-secret settings in clear, secrets as "set" only and sealed in the log; the adapters\' getter opens them', async () => {
    const saved = await t.call('POST', '/api/ccbill-settings', { ...CCBILL, salt: SALT }, as(admin));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('update settings successfully.');
    expect(saved.body.data).toMatchObject({ provider: 'ccbill', configured: true, ...CCBILL, salt: 'set' });
    expect(Date.parse(saved.body.data.updated_at)).toBeGreaterThan(0);
    const bodies: [string, Record<string, unknown>][] = [
      ['ccbill-rest-api', { restAppId: 'club-app-7', restSecret: REST_SECRET }],
      ['ccbill-datalink', { datalinkUsername: 'club-datalink', datalinkPassword: DATALINK_PASSWORD }],
      ['sticky-io', { ...STICKY, apiPassword: STICKY_PASSWORD }],
      ['forumpay', { ...FORUMPAY, apiSecret: FORUMPAY_SECRET }],
    ];
    for (const [provider, body] of bodies) {
      const r = await t.call('POST', `/api/settings/payment-providers/${provider}`, body, as(admin));
      expect(r.status, `${provider} ${JSON.stringify(r.body)}`).toBe(200);
      expectNoSecret(JSON.stringify(r.body));
    }
    const sticky = (await t.call('GET', '/api/settings/payment-providers/sticky-io', undefined, as(admin))).body.data;
    // No postback secret given: the server made one, shown as set.
    expect(sticky).toMatchObject({ ...STICKY, apiPassword: 'set', postbackSecret: 'set', configured: true });
    const forum = (await t.call('GET', '/api/settings/payment-providers/forumpay', undefined, as(admin))).body.data;
    expect(forum).toMatchObject({ ...FORUMPAY, apiSecret: 'set' });
    // The same CCBill settings at both paths.
    const spec = (await t.call('GET', '/api/ccbill-settings', undefined, as(admin))).body.data;
    expect((await t.call('GET', '/api/settings/payment-providers/ccbill', undefined, as(admin))).body.data).toEqual(spec);

    // The log holds sealed text only.
    const events = await t.server.services.store.readStream('payment-provider-settings');
    expect(events.map((e) => (e.data as { provider: string }).provider)).toEqual(['ccbill', 'ccbill-rest-api', 'ccbill-datalink', 'sticky-io', 'forumpay']);
    expect((events[0].data as { sealed: { salt: string } }).sealed.salt).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect((events[0].data as { fields: unknown }).fields).toEqual(CCBILL);
    expectNoSecret(await eventsText());

    // The adapters read them opened, the generated postback secret too.
    const box = settingsBox(t.server.services);
    expect(await providerSettings(t.server.services.database.db, 'ccbill', box)).toEqual({ ...CCBILL, salt: SALT });
    expect(await providerSettingsGetter(t.server.services, 'forumpay')()).toEqual({ ...FORUMPAY, apiSecret: FORUMPAY_SECRET });
    const stickyOpen = await providerSettingsGetter(t.server.services, 'sticky-io')();
    expect(stickyOpen).toMatchObject({ ...STICKY, apiPassword: STICKY_PASSWORD });
    expect(stickyOpen?.postbackSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('a save without the secret keeps it; the same save again writes nothing; a removed provider reads as not configured', async () => {
    const before = (await t.server.services.store.readStream('payment-provider-settings')).length;
    const again = await t.call('POST', '/api/ccbill-settings', CCBILL, as(admin));
    expect(again.status).toBe(200);
    expect(again.body.data.salt).toBe('set');
    expect((await t.server.services.store.readStream('payment-provider-settings')).length).toBe(before);
    const live = await t.call('POST', '/api/ccbill-settings', { ...CCBILL, liveMode: true }, as(admin));
    expect(live.body.data).toMatchObject({ liveMode: true, salt: 'set' });
    expect(await providerSettingsGetter(t.server.services, 'ccbill')()).toEqual({ ...CCBILL, liveMode: true, salt: SALT });

    const removed = await t.call('DELETE', '/api/settings/payment-providers/ccbill-datalink', undefined, as(admin));
    expect(removed.body).toMatchObject({ message: 'CCBill DataLink settings removed.', data: { configured: false, datalinkPassword: 'not set', datalinkUsername: '' } });
    expect(await providerSettingsGetter(t.server.services, 'ccbill-datalink')()).toBeNull();
    expect((await t.call('DELETE', '/api/settings/payment-providers/ccbill-datalink', undefined, as(admin))).status).toBe(404);
  });

  it('"Test connection": not available until a tester is wired; then the provider\'s answer with every secret blotted out', async () => {
    const unsaved = await t.call('POST', '/api/settings/payment-providers/ccbill-datalink/test', {}, as(admin));
    expect(unsaved.status).toBe(409);
    expect(unsaved.body.message).toBe('Save the CCBill DataLink settings first.');
    const notWired = await t.call('POST', '/api/settings/payment-providers/ccbill/test', {}, as(admin));
    expect(notWired.body.data).toEqual({ ok: false, message: 'Connection tests are not available for this provider yet.' });
    expect((await t.call('POST', '/api/settings/payment-providers/paypal/test', {}, as(admin))).status).toBe(400);

    const seen: unknown[] = [];
    t.server.services.paymentProviderTests = connectionTesterOf({
      ccbill: async (s) => {
        seen.push(s);
        return { ok: s.salt === SALT, message: `CCBill accepted account ${s.clientAccnum}-${s.clientSubacc}.` };
      },
      forumpay: async (s) => ({ ok: false, message: `401 Unauthorized for ${s.apiUser}:${s.apiSecret}` }),
      'sticky-io': async (s) => {
        throw new Error(`connect ECONNREFUSED https://${s.apiUsername}:${s.apiPassword}@${s.appKey}.sticky.io`);
      },
    });
    try {
      const ccbill = await t.call('POST', '/api/settings/payment-providers/ccbill/test', {}, as(admin));
      expect(ccbill.body.data).toEqual({ ok: true, message: 'CCBill accepted account 951234-0001.' });
      expect(seen).toEqual([{ ...CCBILL, liveMode: true, salt: SALT }]);
      const forum = await t.call('POST', '/api/settings/payment-providers/forumpay/test', {}, as(admin));
      expect(forum.body.data).toEqual({ ok: false, message: '401 Unauthorized for club-user:••••' });
      const sticky = await t.call('POST', '/api/settings/payment-providers/sticky-io/test', {}, as(admin));
      expect(sticky.body.data.ok).toBe(false);
      expect(sticky.body.data.message).toBe('connect ECONNREFUSED https://club-api:••••@myclub.sticky.io');
      const rest = await t.call('POST', '/api/settings/payment-providers/ccbill-rest-api/test', {}, as(admin));
      expect(rest.body.data).toEqual({ ok: false, message: 'Connection tests are not available for this provider yet.' });
    } finally {
      delete t.server.services.paymentProviderTests;
    }
  });

  it('no secret in the audit log, the event log pages or any log line', async () => {
    const audit = await t.call('GET', '/admin-api/audit?range=[0,499]', undefined, as(admin));
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain('PaymentProviderSettingsSaved');
    expectNoSecret(JSON.stringify(audit.body));
    expectNoSecret(await eventsText());
    expect(logLines.length).toBeGreaterThan(10);
    expectNoSecret(logLines.join('\n'));
  });
});
