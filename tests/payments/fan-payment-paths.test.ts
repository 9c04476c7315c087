// The fan site's payment calls (web-fan/src/paymentPaths.ts): the call each action goes to under each
// site's settings, and what a card call answered with 430 does — the site gate is asked again over HTTP (a real
// server here), and the page reloads only when it refuses too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCall, siteGateCheck, verifyAfterCardCall430 } from '../../web-fan/src/paymentPaths';

describe('the fan site picks the path set from the settings', () => {
  const v2 = { payment_api_version: 'v2' as const, is_sticky_io_enabled: false };
  const v1 = { payment_api_version: 'v1' as const, is_sticky_io_enabled: false };
  const sticky = { payment_api_version: 'v1' as const, is_sticky_io_enabled: true };

  it.each([
    ['subscribe', false, '/api/v2/purchase/subscription', '/api/ccbill/subscribe-with-card', '/api/sticky-io/subscribe'],
    ['subscribe', true, '/api/v2/purchase/subscription', '/api/v2/purchase/subscription', '/api/sticky-io/subscribe'],
    ['resubscribe', false, '/api/v2/purchase/resubscribe-with-card', '/api/ccbill/resubscribe-with-card', '/api/sticky-io/resubscribe'],
    ['unlock', false, '/api/v2/purchase/blog-content-purchase', '/api/ccbill/pay', '/api/sticky-io/blog-content-purchase'],
    ['unlock', true, '/api/v2/purchase/blog-content-purchase', '/api/ccbill/blog_charge_by_previous', '/api/sticky-io/blog-content-purchase'],
    ['tip', true, '/api/v2/purchase/send-tip', '/api/ccbill/charge_by_previous', '/api/sticky-io/send-tip'],
    ['chat_tip', false, '/api/v2/purchase/send-tip', '/api/v2/purchase/send-tip', '/api/sticky-io/send-tip-from-chat'],
    ['chat_unlock', true, '/api/v2/purchase/chat-content-purchase', '/api/ccbill/charge_by_previous', '/api/v2/purchase/chat-content-purchase'],
    ['add_card', false, '/api/v2/purchase/add-new-card', '/api/v2/purchase/add-new-card', '/api/v2/purchase/add-new-card'],
    ['cancel', false, '/api/v2/subscription/cancel-subscription', '/api/cancel-subscription', '/api/sticky-io/cancel-subscription'],
    ['migrate', false, '/api/v2/purchase/migrate-subscription', '/api/migrate-subscription-for-user', '/api/v2/purchase/migrate-subscription'],
  ] as const)('%s (saved card: %s): v2 %s, v1 %s, Sticky.io %s', (action, saved, onV2, onV1, onSticky) => {
    expect(paymentCall(v2, action, saved)).toBe(onV2);
    expect(paymentCall(v1, action, saved)).toBe(onV1);
    expect(paymentCall(sticky, action, saved)).toBe(onSticky);
  });

  it('settings not loaded yet: the v2 calls', () => {
    expect(paymentCall(null, 'subscribe')).toBe('/api/v2/purchase/subscription');
  });
});

describe('a card call answered 430', () => {
  let server: http.Server;
  let base = '';
  let gate = 200;
  let asked = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/api/users/me') asked += 1;
      res.writeHead(req.url === '/api/users/me' ? gate : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: gate === 200 ? 1 : 0, message: 'Blocked' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks the site gate again; it lets the fan in: no reload (the message is shown)', async () => {
    let reloads = 0;
    gate = 200;
    expect(await verifyAfterCardCall430(siteGateCheck(fetch, base), () => (reloads += 1))).toBe(true);
    expect([asked, reloads]).toEqual([1, 0]);
  });

  it('the site gate refuses too (430): the page reloads', async () => {
    let reloads = 0;
    gate = 430;
    expect(await verifyAfterCardCall430(siteGateCheck(fetch, base), () => (reloads += 1))).toBe(false);
    expect([asked, reloads]).toEqual([2, 1]);
  });

  it('a signed-out fan (401) is not a failed verification', async () => {
    let reloads = 0;
    gate = 401;
    expect(await verifyAfterCardCall430(siteGateCheck(fetch, base), () => (reloads += 1))).toBe(true);
    expect(reloads).toBe(0);
  });
});
