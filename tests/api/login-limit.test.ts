// The per-IP login limit counts failures only: many people behind one NAT address log in all day; guessing
// from one address is still cut off. The per-account limit is in the staff suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../api/routes/accounts';
import { TOO_MANY_REQUESTS } from '../../infra/rate-limit';
import { startTestServer, type TestServer } from '../support/server';

describe('login limit per IP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
    for (const i of [1, 2, 3]) await t.call('POST', '/api/users/register', { name: `Household ${i}`, email: `home${i}@example.com`, password: 'household pw 1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${LOGIN_LIMITS.perIp.max + 10} successful logins from one address all succeed; then ${LOGIN_LIMITS.perIp.max} failures close it`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perIp.max + 10; i++)
      statuses.push((await t.call('POST', '/api/users/login', { email: `home${(i % 3) + 1}@example.com`, password: 'household pw 1' })).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Distinct unknown accounts, so the per-account limit (10) is not what answers.
    const failures: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++) failures.push((await t.call('POST', '/api/users/login', { email: `guess${i}@example.com`, password: 'wrong guess' })).status);
    expect(failures.filter((s) => s !== 400)).toEqual([]);
    const limited = await t.call('POST', '/api/users/login', { email: 'home1@example.com', password: 'household pw 1' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_REQUESTS);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
