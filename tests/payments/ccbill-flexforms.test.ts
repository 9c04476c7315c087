// The hosted checkout end to end: our FlexForms URL on the CCBill simulator, the fan's card form, the webhook
// posted to a real HTTP endpoint that runs the notice verifier; duplicates, reordering and retries until 200.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { openCcbillBooks } from '../../infra/payments/ccbill/books';
import { createCcbillCheckout } from '../../infra/payments/ccbill/checkout';
import { createCcbillNoticeVerifier } from '../../infra/payments/ccbill/notices';
import type { CcbillSettings } from '../../infra/payments/ccbill/settings';
import type { GatewayNotice, NoticeVerifier } from '../../infra/payments/port';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

let database: Database;
let sim: CcbillSimulator;
let settings: CcbillSettings;
let verifier: NoticeVerifier;
let receiver: http.Server;
let failNext = 0;
const received: GatewayNotice[] = [];
const refused: string[] = [];

beforeAll(async () => {
  database = await openPglite(undefined);
  sim = await startCcbillSimulator({ approvalUrl: 'http://127.0.0.1/fan/paid', denialUrl: 'http://127.0.0.1/fan/declined' });
  const c = sim.config;
  settings = { clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, restAppId: c.appId, restSecret: c.secret, datalinkUsername: 'u', datalinkPassword: 'p', liveMode: false, webhookSourceRanges: ['127.0.0.1/32'] };
  verifier = createCcbillNoticeVerifier({ settings: async () => settings, books: await openCcbillBooks(database) });
  // The app's webhook endpoint in miniature: the exact bytes and the sender's address go to the verifier.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (ch: Buffer) => chunks.push(ch));
    req.on('end', () => {
      void (async () => {
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(503).end();
          return;
        }
        const url = new URL(req.url ?? '/', 'http://x');
        const result = await verifier.verify({ method: req.method ?? '', query: Object.fromEntries(url.searchParams), headers: req.headers as Record<string, string>, rawBody: Buffer.concat(chunks).toString('utf8'), sourceIp: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '') });
        if (result.ok) received.push(...result.notices);
        else refused.push(result.reason);
        res.writeHead(result.ok ? 200 : 403).end();
      })();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  sim.setWebhook({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/ccbill`, format: 'json', localAddress: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  await database?.close();
});

const checkoutUrl = (paymentId: string) =>
  createCcbillCheckout(settings, { endpoints: sim.endpoints }).checkoutUrl({ paymentId, amountCents: 1000, currency: 'USD', initialPeriodDays: 30, recurring: { amountCents: 1000, periodDays: 30, rebills: 99 }, customer: { email: 'fan@example.com' } });

async function openForm(url: string): Promise<{ status: number; session: string | null }> {
  const res = await fetch(url);
  const html = await res.text();
  return { status: res.status, session: /name="session" value="([0-9a-f]+)"/.exec(html)?.[1] ?? null };
}
const pay = (url: string, session: string, cvv2: string) =>
  fetch(url.split('?')[0], { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ session, cardNum: '4111111111111111', expMonth: '04', expYear: '2030', cvv2, nameOnCard: 'Ann Lee' }) });

describe('CCBill FlexForms through the simulator', () => {
  it('shows the form for our signed URL and the error page for a tampered price', async () => {
    const url = checkoutUrl('pay_form_1');
    expect((await openForm(url)).session).toMatch(/^[0-9a-f]{24}$/);
    const tampered = await openForm(url.replace('initialPrice=10.00', 'initialPrice=1.00'));
    expect(tampered).toEqual({ status: 500, session: null });
  });

  it('an approved card redirects to the approval URL and the NewSaleSuccess names our payment', async () => {
    const url = checkoutUrl('pay_form_ok');
    const { session } = await openForm(url);
    const res = await pay(url, session!, '400');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://127.0.0.1/fan/paid');
    await sim.deliver();
    const notice = received.find((n) => n.data.idempotency_key === 'pay_form_ok');
    expect(notice).toMatchObject({ type: 'charge.succeeded', data: { amount_cents: 1000 } });
    expect(notice!.data.transaction_id).toMatch(/^0\d{18}$/);
  });

  it('declines are soft: the fan stays on the form until the third, then NewSaleFailure and the denial URL', async () => {
    const url = checkoutUrl('pay_form_declined');
    const { session } = await openForm(url);
    expect((await pay(url, session!, '100')).status).toBe(200);
    expect((await pay(url, session!, '100')).status).toBe(200);
    const third = await pay(url, session!, '100');
    expect(third.headers.get('location')).toBe('http://127.0.0.1/fan/declined');
    await sim.deliver();
    expect(received.find((n) => n.data.idempotency_key === 'pay_form_declined')).toMatchObject({ type: 'charge.failed', data: { failure_code: 'BE-900', message: 'Transaction Denied by Bank' } });
  });

  it('delivers twice and out of order (URL-encoded too) with the same notice ids, and retries until 200', async () => {
    sim.setWebhook({ ...sim.config.webhook!, format: 'urlencoded' });
    const sale = [...sim.sales.values()].at(-1)!;
    sim.emit('Refund', { subscriptionId: sale.subscriptionId, transactionId: '0200000000000000001', amount: '10.00', currency: 'USD', reason: 'asked' });
    sim.emit('Expiration', { subscriptionId: sale.subscriptionId });
    received.length = 0;
    await sim.deliver({ order: 'newest', times: 2 });
    expect(received.map((n) => n.type)).toEqual(['subscription.expired', 'subscription.expired', 'charge.refunded', 'charge.refunded']);
    expect(received[0].id).toBe(received[1].id);
    expect(received[2]).toMatchObject({ id: 'Refund:0200000000000000001', data: { idempotency_key: 'pay_form_ok' } });

    sim.emit('Chargeback', { subscriptionId: sale.subscriptionId, transactionId: '0200000000000000002', amount: '10.00', reason: 'fraud' });
    failNext = 2;
    expect(await sim.deliverUntilAcknowledged(5)).toEqual([]);
    const chargeback = sim.outbox.find((n) => n.eventType === 'Chargeback')!;
    expect(chargeback.statuses).toEqual([503, 503, 200]);
  });

  it('a forged sale with our payment id but a wrong digest is refused', async () => {
    sim.emit('NewSaleSuccess', { subscriptionId: '0117240102000000999', transactionId: '0117240102000000999', billedInitialPrice: '10.00', initialPeriod: '30', dynamicPricingValidationDigest: '0'.repeat(32), 'X-payment_id': 'pay_forged' });
    refused.length = 0;
    await sim.deliver();
    expect(refused).toEqual([expect.stringMatching(/dynamicPricingValidationDigest/)]);
    expect(received.some((n) => n.data.idempotency_key === 'pay_forged')).toBe(false);
  });
});
