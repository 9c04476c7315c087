// Region blocking with the packaged GeoIP data: visitors from a blocked country get 430 (the fan site shows
// its blocked page), except on the calls that page needs; staff keep access; other countries are unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const US = '8.8.8.8';
const GB = '81.2.69.142';

describe('blocked regions', () => {
  let t: TestServer;
  let admin: string;
  const from = (ip: string, token?: string) => ({ headers: { 'x-forwarded-for': ip }, token });

  beforeAll(async () => {
    t = await startTestServer('pglite', { TRUST_PROXY: 'true' });
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates the country list', async () => {
    const r = await t.call('PUT', '/admin-api/settings/site', { blocked_countries: ['USA'] }, { token: admin });
    expect(r.body).toMatchObject({ field: 'blocked_countries.0' });
  });

  it('answers 430 to visitors from a blocked country, and not to others or to staff', async () => {
    const saved = await t.call('PUT', '/admin-api/settings/site', { blocked_countries: ['us'] }, { token: admin });
    expect(saved.body.blocked_countries).toEqual(['US']);
    // The check reads settings from a short-lived cache: wait until it has the new list.
    let status = 0;
    for (let i = 0; i < 40 && status !== 430; i++) {
      status = (await t.call('GET', '/api/blogs', undefined, from(US))).status;
      if (status !== 430) await new Promise((r) => setTimeout(r, 250));
    }
    const blocked = await t.call('GET', '/api/blogs', undefined, from(US));
    expect(blocked.status).toBe(430);
    expect(blocked.body).toMatchObject({ code: 'BLOCKED_REGION', message: 'This website is blocked in your area.' });
    expect((await t.call('POST', '/api/users/register', { name: 'X', email: 'x@example.com', password: 'long password 1' }, from(US))).status).toBe(430);
    expect((await t.call('GET', '/api/app_settings/get', undefined, from(US))).status).toBe(200);
    expect((await t.call('GET', '/api/blogs', undefined, from(GB))).status).toBe(200);
    expect((await t.call('GET', '/admin-api/transactions', undefined, from(US, admin))).status).toBe(200);
    await t.call('PUT', '/admin-api/settings/site', { blocked_countries: [] }, { token: admin });
  });
});
