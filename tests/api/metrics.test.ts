// GET /metrics over a real server on PGlite (api/metrics/, docs/metrics.md): denied to guests, fans and wrong
// tokens; read by an admin and by a scraper with FANCLUB_METRICS_TOKEN; after real requests, a socket and card
// payments (captured, declined, refunded) the histograms and counters show them under route patterns, with no
// id, email or token in any label; the text is valid exposition format; each server counts only its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { register as globalRegistry } from 'prom-client';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { allProjections } from '../../projections';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { parsePrometheusText, sampleValue, type Sample } from '../support/prometheus-text';

const SCRAPE_TOKEN = 'scrape-token-for-tests-0123456789abcdef';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('GET /metrics (pglite)', () => {
  let t: TestServer;
  let admin: string;
  let fan: { token: string; id: string; email: string };
  const get = (url: string, token?: string) => t.call('GET', url, undefined, token ? { token } : {});
  const post = (url: string, body: unknown, token?: string) => t.call('POST', url, body, token ? { token } : {});
  const scrape = async (server = t) => {
    const r = await server.call('GET', '/metrics', undefined, { token: `Bearer ${SCRAPE_TOKEN}` });
    expect(r.status, String(r.body).slice(0, 200)).toBe(200);
    return { text: r.body as string, ...parsePrometheusText(r.body as string) };
  };
  const settle = async () => {
    const head = await t.server.services.store.headPosition();
    if (head) expect(await t.server.services.runner.waitFor(head, 30_000)).toBe(true);
  };
  /** Scrapes until `ready` holds (the payment counter follows the runner's applied batches a moment later). */
  const scrapeUntil = async (ready: (samples: Sample[]) => boolean) => {
    for (let i = 0; ; i++) {
      const s = await scrape();
      if (ready(s.samples) || i >= 50) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const outcomes = (samples: Sample[], outcome: string, kind: string) => sampleValue(samples, 'fanclub_payment_outcomes_total', { outcome, kind }) ?? 0;

  beforeAll(async () => {
    t = await startTestServer('pglite', { FANCLUB_METRICS_TOKEN: SCRAPE_TOKEN });
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const email = 'metrics.fan@example.com';
    const r = await post('/api/users/register', { name: 'Metrics Fan', email, password: 'fan password 1' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    fan = { token: r.body.data.token, id: r.body.data.userId, email };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is denied by default: a guest is asked to log in, a fan is refused, a wrong token is no session', async () => {
    const guest = await get('/metrics');
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: 0, code: 'UNAUTHENTICATED' });
    const asFan = await get('/metrics', fan.token);
    expect(asFan.status).toBe(403);
    expect(asFan.body).toMatchObject({ success: 0, code: 'FORBIDDEN' });
    expect((await get('/metrics', `Bearer ${SCRAPE_TOKEN}x`)).status).toBe(401);
    expect((await get('/metrics', `Bearer ${SCRAPE_TOKEN.slice(1)}`)).status).toBe(401);
    expect((await get('/metrics', SCRAPE_TOKEN)).status).toBe(401); // the scheme is part of the token's header
    for (const r of [guest, asFan]) expect(JSON.stringify(r.body)).not.toMatch(/fanclub_/);
  });

  it('an admin and a scraper with the token read the text format', async () => {
    const asAdmin = await get('/metrics', admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(asAdmin.headers.get('cache-control')).toBe('no-store');
    expect(() => parsePrometheusText(asAdmin.body)).not.toThrow();
    const { families } = await scrape();
    for (const name of ['fanclub_http_request_duration_seconds', 'fanclub_event_store_append_duration_seconds']) expect(families.get(name)?.type).toBe('histogram');
    expect(families.get('fanclub_payment_outcomes_total')?.type).toBe('counter');
    for (const name of ['fanclub_projection_lag_events', 'fanclub_projection_lag_seconds', 'fanclub_websocket_open_sockets', 'fanclub_realtime_signed_in_sockets', 'fanclub_delivery_queue_depth', 'fanclub_media_queue_depth', 'fanclub_live_rooms_open'])
      expect(families.get(name)?.type, name).toBe('gauge');
  });

  it('after requests, a socket and payments: the latency by route pattern, the appends, the outcomes and the gauges', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await get('/api/users/me', fan.token)).status).toBe(200);
    const someId = crypto.randomUUID();
    const one = await get(`/api/users/payments/${someId}`, fan.token);
    expect(one.status).toBeGreaterThanOrEqual(400);
    expect((await get(`/api/no-such-route/${crypto.randomUUID()}`, fan.token)).status).toBe(404);
    // A captured tip by card, a declined one, and the first refunded by staff.
    const paid = await post('/api/v2/purchase/send-tip', { amount: 12, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token);
    expect(paid.body.data?.accepted, JSON.stringify(paid.body)).toBe(true);
    const declined = await post('/api/v2/purchase/send-tip', { amount: 5, ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.decline }, fan.token);
    expect(declined.status, JSON.stringify(declined.body)).toBe(402);
    const refund = await post(`/admin-api/transactions/${paid.body.data.tip_id}/refund`, { kind: 'refund', reason: 'Sent by mistake' }, admin);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    // A signed-in socket.
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const authOk = new Promise<void>((resolve) => ws.on('message', (raw) => { if (JSON.parse(raw.toString()).type === 'AUTH_OK') resolve(); }));
    ws.send(JSON.stringify({ type: 'AUTH', data: { token: fan.token } }));
    await authOk;
    await settle();

    const after = await scrapeUntil((s) => outcomes(s, 'refunded', 'tip') > outcomes(before.samples, 'refunded', 'tip'));
    const s = after.samples;
    const httpCount = (labels: Record<string, string>) => sampleValue(s, 'fanclub_http_request_duration_seconds_count', labels) ?? 0;
    expect(httpCount({ method: 'GET', route: '/api/users/me', status_class: '2xx' })).toBeGreaterThanOrEqual(3);
    expect(httpCount({ method: 'GET', route: '/api/users/payments/:id', status_class: `${Math.floor(one.status / 100)}xx` })).toBe(1);
    expect(httpCount({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(httpCount({ method: 'POST', route: '/api/v2/purchase/send-tip', status_class: '2xx' })).toBe(1);
    expect(httpCount({ method: 'POST', route: '/admin-api/transactions/:id/refund', status_class: '2xx' })).toBe(1);
    // The buckets count up to the total.
    const meBuckets = s.filter((x) => x.name === 'fanclub_http_request_duration_seconds_bucket' && x.labels.route === '/api/users/me' && x.labels.status_class === '2xx');
    expect(meBuckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: httpCount({ method: 'GET', route: '/api/users/me', status_class: '2xx' }) });
    expect(meBuckets.every((b, i) => i === 0 || b.value >= meBuckets[i - 1].value)).toBe(true);

    const appends = (x: Sample[]) => sampleValue(x, 'fanclub_event_store_append_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    expect(appends(s)).toBeGreaterThan(appends(before.samples));
    expect(sampleValue(s, 'fanclub_event_store_append_duration_seconds_sum', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(outcomes(s, 'captured', 'tip') - outcomes(before.samples, 'captured', 'tip')).toBe(1);
    expect(outcomes(s, 'declined', 'tip') - outcomes(before.samples, 'declined', 'tip')).toBe(1);
    expect(outcomes(s, 'refunded', 'tip') - outcomes(before.samples, 'refunded', 'tip')).toBe(1);

    // Gauges, read on the scrape: every projection's lag, the socket, the queues, live rooms.
    const lagged = s.filter((x) => x.name === 'fanclub_projection_lag_events');
    expect(lagged.map((x) => x.labels.projection).sort()).toEqual(allProjections.map((p) => p.name).sort());
    expect(lagged.every((x) => x.value >= 0)).toBe(true);
    expect(s.filter((x) => x.name === 'fanclub_projection_lag_seconds').every((x) => x.value >= 0 && x.value < 60)).toBe(true);
    expect(sampleValue(s, 'fanclub_projection_runner_up')).toBe(1);
    expect(sampleValue(s, 'fanclub_realtime_signed_in_sockets')).toBe(1);
    expect(sampleValue(s, 'fanclub_websocket_open_sockets')).toBeGreaterThanOrEqual(1);
    for (const queue of ['mass_messages', 'push_notifications', 'mail']) expect(sampleValue(s, 'fanclub_delivery_queue_depth', { queue })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(s, 'fanclub_media_queue_depth', { state: 'due' })).toBe(0);
    expect(sampleValue(s, 'fanclub_live_rooms_open')).toBe(0);
    expect(sampleValue(s, 'fanclub_live_media_available')).toBe(0); // FANCLUB_LIVE=off in tests
    ws.close();

    // No id, email, token or secret anywhere in the text, labels included.
    for (const secret of [fan.token, admin, SCRAPE_TOKEN, fan.email, t.adminEmail, fan.id, someId, paid.body.data.tip_id]) expect(after.text).not.toContain(secret);
    expect(after.text).not.toMatch(UUID);
    for (const x of s) for (const v of Object.values(x.labels)) expect(v, `${x.name} ${JSON.stringify(x.labels)}`).toMatch(/^([A-Za-z0-9_-]+|[0-9.]+|\+Inf|unmatched|\/[\w\-/:*.]*)$/);
    for (const x of s.filter((y) => y.labels.route)) expect(x.labels.route === 'unmatched' || t.server.app.hasRoute({ method: x.labels.method as 'GET', url: x.labels.route }), x.labels.route).toBe(true);
  });

  it('each server has its own registry, and the library\'s global one is left empty', async () => {
    const other = await startTestServer('pglite', { FANCLUB_METRICS_TOKEN: SCRAPE_TOKEN });
    try {
      const mine = (await scrape()).samples;
      const theirs = (await scrape(other)).samples;
      expect(sampleValue(mine, 'fanclub_http_request_duration_seconds_count', { method: 'GET', route: '/api/users/me', status_class: '2xx' })).toBeGreaterThanOrEqual(3);
      expect(sampleValue(theirs, 'fanclub_http_request_duration_seconds_count', { method: 'GET', route: '/api/users/me', status_class: '2xx' })).toBeUndefined();
      expect(theirs.filter((x) => x.name === 'fanclub_payment_outcomes_total')).toEqual([]);
    } finally {
      await other.close();
    }
    expect(await globalRegistry.getMetricsAsJSON()).toEqual([]);
  });
});
