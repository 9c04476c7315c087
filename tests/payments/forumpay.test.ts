// The ForumPay adapter against the ForumPay simulator over real HTTP, with its tables in PGlite: top-ups paid in
// full, underpaid, expired, cancelled, blocked and paid late; the same payment when asked twice (also after a lost
// StartPayment answer); the webhook → CheckPayment path with duplicates and reordering; forged webhooks; bad
// credentials and a KYC refusal with clear errors that never carry the secret.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { createForumPayGateway, type ForumPayGateway, type ForumPayNoticeResult } from '../../infra/payments/forumpay/gateway';
import type { ForumPaySettings } from '../../infra/payments/forumpay/settings';
import type { ProviderRequest } from '../../infra/payments/port';
import { startForumPaySimulator, type ForumPaySimulator } from '../simulators/forumpay/simulator';

const SECRET = 'fp-secret-shown-fp-secret-emailed';
const settings: ForumPaySettings = { apiUser: 'fanclub-api', apiSecret: SECRET, posId: 'fanclub-web', liveMode: false };

let database: Database;
let sim: ForumPaySimulator;
let gateway: ForumPayGateway;
let receiver: http.Server;
let webhookUrl = '';
/** What our webhook endpoint made of each post it received, in order. */
const received: ForumPayNoticeResult[] = [];

const open = (overrides: Partial<ForumPaySettings> | null = {}, timeoutMs = 3000) =>
  createForumPayGateway({
    database,
    settings: async () => (overrides === null ? null : { ...settings, ...overrides }),
    endpoints: { api: sim.apiBase },
    webhookUrl: () => webhookUrl,
    now: () => sim.now(),
    timeoutMs,
  });

const callsOf = (action: string) => sim.calls.filter((c) => c.action === action);
const startedAt = (referenceNo: string) => sim.payments().filter((p) => p.reference_no === referenceNo);

beforeAll(async () => {
  database = await openPglite(undefined);
  sim = await startForumPaySimulator({ apiUser: settings.apiUser, apiSecret: SECRET, posIds: ['fanclub-web', 'other-shop'], minConfirmations: 2 });
  gateway = await open();
  // Our webhook endpoint as the app would run it: the raw request goes to the adapter, its answer goes back.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const request: ProviderRequest = {
        method: req.method ?? 'POST',
        query: {},
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
        rawBody: Buffer.concat(chunks).toString('utf8'),
        sourceIp: req.socket.remoteAddress ?? '',
      };
      const result = await gateway.forumPayNotice(request);
      received.push(result);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result.ok ? result.answer : { message: 'ignored' }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/forumpay`;
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await database?.close();
});

/** A started $20 BTC top-up: our payment id and the address the fan pays to. */
async function started(amountCents = 2000, currency = 'BTC') {
  const paymentId = randomUUID();
  const quote = await gateway.createPayment({ paymentId, currency, amountCents });
  const start = await gateway.startPayment(paymentId);
  return { paymentId, quote, start };
}

describe('ForumPay adapter: quotes and starts', () => {
  it('lists the currencies with their USD rate', async () => {
    expect(await gateway.currencies()).toEqual([
      { currency: 'BTC', description: 'Bitcoin', rateUsd: '65000.00' },
      { currency: 'ETH', description: 'Ethereum', rateUsd: '3200.00' },
    ]);
    expect(callsOf('GetCurrencyList').at(-1)?.params).toMatchObject({ invoice_currency: 'USD', pos_id: 'fanclub-web' });
  });

  it('quotes USD cents as "20.00" and starts one payment, the same one when asked twice', async () => {
    const paymentId = randomUUID();
    const rates = callsOf('GetRate').length;
    const quote = await gateway.createPayment({ paymentId, currency: 'btc', amountCents: 2000 });
    // $20 at $65,000 = 0.00030770 (rounded up) + the network fee 0.00001000.
    expect(quote).toMatchObject({ paymentId, currency: 'BTC', amountCents: 2000, cryptoAmount: '0.00031770', rateUsd: '65000.00' });
    expect(callsOf('GetRate').at(-1)?.params).toMatchObject({ invoice_amount: '20.00', currency: 'BTC', invoice_currency: 'USD' });
    expect(await gateway.createPayment({ paymentId, currency: 'BTC', amountCents: 2000 })).toEqual(quote);
    expect(callsOf('GetRate').length).toBe(rates + 1);
    await expect(gateway.createPayment({ paymentId, currency: 'BTC', amountCents: 2500 })).rejects.toMatchObject({ code: 'PAYMENT_ID_REUSED' });

    const start = await gateway.startPayment(paymentId);
    expect(start.address).toMatch(/^btc-[0-9a-f]{32}$/);
    expect(start).toMatchObject({ paymentId, referenceNo: paymentId, posId: 'fanclub-web', cryptoAmount: '0.00031770' });
    expect(start.qr).toContain(`address=${start.address}`);
    expect(start.qrImg).toMatch(/^data:image\/png;base64,/);
    const again = await gateway.startPayment(paymentId);
    expect(again.address).toBe(start.address);
    expect(again.qr).toBe(start.qr);
    expect(startedAt(paymentId)).toHaveLength(1);
    const call = callsOf('StartPayment').at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.params).toMatchObject({ reference_no: paymentId, invoice_amount: '20.00', auto_accept_late_payment: 'true', auto_accept_underpayment: 'false', webhook_url: webhookUrl });
    // The payment ForumPay quoted (GetRate's payment_id) is the one started, not a new one.
    expect(call.params.payment_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(startedAt(paymentId)[0].payment_id).toBe(call.params.payment_id);
    expect(callsOf('StartPayment').filter((c) => c.params.reference_no === paymentId)).toHaveLength(1);
  });

  it('refuses an amount or currency it cannot quote, naming the field', async () => {
    await expect(gateway.createPayment({ paymentId: randomUUID(), currency: 'BTC', amountCents: 0 })).rejects.toMatchObject({ code: 'INVALID_AMOUNT', details: { field: 'amount' } });
    await expect(gateway.createPayment({ paymentId: randomUUID(), currency: 'not a coin', amountCents: 100 })).rejects.toMatchObject({ code: 'UNSUPPORTED_CURRENCY', details: { field: 'currency' } });
    await expect(gateway.createPayment({ paymentId: randomUUID(), currency: 'DOGE', amountCents: 100 })).rejects.toThrow('ForumPay refused GetRate: Currency DOGE is not supported.');
  });

  it('a StartPayment whose answer was lost after ForumPay started it is found by reference, never started twice', async () => {
    const impatient = await open({}, 400);
    const paymentId = randomUUID();
    await impatient.createPayment({ paymentId, currency: 'ETH', amountCents: 5000 });
    sim.fault('StartPayment', { kind: 'timeout_after_commit' });
    await expect(impatient.startPayment(paymentId)).rejects.toMatchObject({ code: 'FORUMPAY_UNREACHABLE' });
    expect(startedAt(paymentId)).toHaveLength(1);
    const start = await impatient.startPayment(paymentId);
    expect(start.address).toBe(startedAt(paymentId)[0].address);
    expect(start.cryptoAmount).toBe(startedAt(paymentId)[0].amount);
    expect(callsOf('StartPayment').filter((c) => c.params.reference_no === paymentId)).toHaveLength(1);
    expect(callsOf('GetTransactions').at(-1)?.params.reference_no).toBe(paymentId);
    expect((await impatient.startPayment(paymentId)).address).toBe(start.address);
  });

  it('a StartPayment that never reached ForumPay (connection reset) is started on the next ask, once', async () => {
    const paymentId = randomUUID();
    await gateway.createPayment({ paymentId, currency: 'BTC', amountCents: 1500 });
    sim.fault('StartPayment', { kind: 'reset' });
    await expect(gateway.startPayment(paymentId)).rejects.toThrow('ForumPay did not answer StartPayment (connection failed); please try again.');
    expect(startedAt(paymentId)).toHaveLength(0);
    const start = await gateway.startPayment(paymentId);
    expect(startedAt(paymentId)).toHaveLength(1);
    expect(start.address).toBe(startedAt(paymentId)[0].address);
  });

  it('a payer who must pass KYC gets ForumPay\'s word as a payer action', async () => {
    const paymentId = randomUUID();
    await gateway.createPayment({ paymentId, currency: 'BTC', amountCents: 1500 });
    sim.fault('StartPayment', { kind: 'err', err: 'Payer KYC is needed', errCode: 'payerKYCNeeded' });
    await expect(gateway.startPayment(paymentId)).rejects.toMatchObject({ code: 'FORUMPAY_PAYER_ACTION', status: 400, details: { errCode: 'payerKYCNeeded' }, message: 'ForumPay refused StartPayment: Payer KYC is needed (payerKYCNeeded).' });
  });
});

describe('ForumPay adapter: what the payer did, as status reports', () => {
  it('paid in full: pending while the transfer confirms, then paid with the invoice in cents', async () => {
    const { paymentId, start } = await started();
    const waiting = await gateway.status(paymentId);
    expect(waiting).toMatchObject({ paymentId, status: 'pending', receivedCents: 0 });
    sim.transfer(start.address, start.cryptoAmount);
    expect(await gateway.status(paymentId)).toMatchObject({ status: 'pending', receivedCents: 0 });
    sim.mine(1);
    expect(sim.payment(callsOf('CheckPayment').at(-1)!.params.payment_id)?.state).toBe('processing');
    sim.mine(1);
    const paid = await gateway.status(paymentId);
    expect(paid).toMatchObject({ paymentId, status: 'paid', receivedCents: 2000 });
    // The same provider state reads as the same event: a repeat poll is recognised.
    expect((await gateway.status(paymentId))?.eventId).toBe(paid?.eventId);
    expect(paid?.eventId).not.toBe(waiting?.eventId);
    const check = callsOf('CheckPayment').at(-1)!;
    expect(check.params).toMatchObject({ pos_id: 'fanclub-web', currency: 'BTC', address: start.address });
  });

  it('underpaid: what arrived, in cents; the rest paid later makes it paid', async () => {
    const { paymentId, start } = await started();
    sim.transfer(start.address, '0.00015885'); // half of 0.00031770
    sim.mine(2);
    expect(await gateway.status(paymentId)).toMatchObject({ status: 'underpaid', receivedCents: 1000 });
    sim.transfer(start.address, '0.00015885');
    expect(await gateway.status(paymentId)).toMatchObject({ status: 'pending' });
    sim.mine(2);
    expect(await gateway.status(paymentId)).toMatchObject({ status: 'paid', receivedCents: 2000 });
  });

  it('expired: nothing arrived in the window; paid late it still reads paid', async () => {
    const { paymentId, start } = await started(3000);
    sim.advance(16 * 60_000);
    const expired = await gateway.status(paymentId);
    expect(expired).toMatchObject({ status: 'expired', receivedCents: 0 });
    sim.transfer(start.address, start.cryptoAmount);
    sim.mine(2);
    const late = await gateway.status(paymentId);
    expect(late).toMatchObject({ status: 'paid', receivedCents: 3000 });
    expect(late?.eventId).not.toBe(expired?.eventId);
  });

  it('cancelled while waiting reads failed with the reason; a paid payment cannot be cancelled', async () => {
    const { paymentId } = await started();
    expect(await gateway.cancelPayment(paymentId, 'The fan chose another currency')).toMatchObject({ status: 'failed', reason: 'The fan chose another currency' });
    const other = await started();
    sim.transfer(other.start.address, other.start.cryptoAmount);
    await expect(gateway.cancelPayment(other.paymentId, 'too late')).rejects.toThrow('ForumPay refused CancelPayment: Payment in state processing can not be cancelled.');
  });

  it('blocked by ForumPay reads failed', async () => {
    const { paymentId, quote } = await started();
    const providerId = sim.payments().find((p) => p.reference_no === paymentId)!.payment_id;
    expect(providerId).not.toBe(quote.paymentId);
    sim.block(providerId, 'AML review');
    expect(await gateway.status(paymentId)).toMatchObject({ status: 'failed', reason: 'ForumPay blocked the payment: AML review' });
  });

  it('a payment we never made reads null', async () => {
    expect(await gateway.status(randomUUID())).toBeNull();
  });
});

describe('ForumPay webhooks: identifiers only, CheckPayment decides', () => {
  it('duplicated and reordered webhooks each read the current state: one event, however many arrive', async () => {
    const { paymentId, start } = await started();
    sim.transfer(start.address, start.cryptoAmount); // → processing
    sim.mine(2); // → confirmed
    const providerId = startedAt(paymentId)[0].payment_id;
    const hooks = sim.webhooks().filter((h) => h.paymentId === providerId && !h.deliveredAt);
    expect(hooks).toHaveLength(2);
    expect(JSON.parse(hooks[0].body)).toEqual({ payment_id: providerId, reference_no: paymentId, pos_id: 'fanclub-web', address: start.address, currency: 'BTC' });
    const before = received.length;
    const checks = callsOf('CheckPayment').length;
    const results = await sim.deliver({ paymentId: providerId, order: 'reverse', times: 2 });
    expect(results.map((r) => r.seq)).toEqual([hooks[1].seq, hooks[1].seq, hooks[0].seq, hooks[0].seq]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const reports = received.slice(before);
    expect(reports).toHaveLength(4);
    for (const r of reports) expect(r).toMatchObject({ ok: true, report: { paymentId, status: 'paid', receivedCents: 2000 } });
    expect(new Set(reports.map((r) => (r.ok ? r.report?.eventId : null))).size).toBe(1);
    expect(callsOf('CheckPayment').length).toBe(checks + 4);
  });

  it('a webhook delivered late, after the poll saw the change, names the event the poll named', async () => {
    const { paymentId, start } = await started(2500, 'ETH');
    sim.advance(16 * 60_000);
    const polled = await gateway.status(paymentId);
    expect(polled?.status).toBe('expired');
    const before = received.length;
    await sim.deliver({ paymentId: startedAt(paymentId)[0].payment_id });
    expect(received.slice(before)).toEqual([{ ok: true, report: polled, answer: { message: 'Received.' } }]);
    expect(start.address).toMatch(/^eth-/);
  });

  it('a forged webhook for an unknown payment or someone else\'s is refused without a call; for ours it costs one call and changes nothing', async () => {
    const { paymentId, start } = await started();
    const providerId = startedAt(paymentId)[0].payment_id;
    const post = (body: unknown): ProviderRequest => ({ method: 'POST', query: {}, headers: { 'content-type': 'application/json' }, rawBody: JSON.stringify(body), sourceIp: '203.0.113.9' });
    const checks = callsOf('CheckPayment').length;

    expect(await gateway.forumPayNotice(post({ payment_id: randomUUID(), reference_no: randomUUID(), pos_id: 'fanclub-web', address: 'btc-00', currency: 'BTC' }))).toEqual({ ok: false, reason: 'The webhook names no payment of ours.' });
    // Another shop's real payment at ForumPay: not in our tables.
    const res = await fetch(`${sim.apiBase}StartPayment/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${settings.apiUser}:${SECRET}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pos_id: 'other-shop', invoice_currency: 'USD', invoice_amount: '20.00', currency: 'BTC', reference_no: 'their-order', payer_id: 'p1' }),
    });
    const theirs = (await res.json()) as { payment_id: string; address: string };
    expect(await gateway.forumPayNotice(post({ payment_id: theirs.payment_id, reference_no: 'their-order', pos_id: 'other-shop', address: theirs.address, currency: 'BTC' }))).toMatchObject({ ok: false });
    // Our payment id with a reference that is not ours, and our reference under another point of sale.
    expect(await gateway.forumPayNotice(post({ payment_id: providerId, reference_no: randomUUID() }))).toEqual({ ok: false, reason: "The webhook's identifiers do not match our payment." });
    expect(await gateway.forumPayNotice(post({ reference_no: paymentId, pos_id: 'other-shop' }))).toMatchObject({ ok: false });
    expect(await gateway.forumPayNotice({ ...post({}), rawBody: 'state=confirmed' })).toEqual({ ok: false, reason: 'The webhook body is not JSON.' });
    expect(callsOf('CheckPayment').length).toBe(checks);

    // Our payment, with a forged address and currency and a claimed state: asked with our own ids, it is still waiting.
    const forged = await gateway.forumPayNotice(post({ payment_id: providerId, reference_no: paymentId, address: theirs.address, currency: 'ETH', state: 'confirmed' }));
    expect(forged).toMatchObject({ ok: true, report: { paymentId, status: 'pending', receivedCents: 0 } });
    expect(callsOf('CheckPayment').length).toBe(checks + 1);
    expect(callsOf('CheckPayment').at(-1)!.params).toMatchObject({ payment_id: providerId, address: start.address, currency: 'BTC', pos_id: 'fanclub-web' });
  });

  it('a webhook_test is answered with a message and no report', async () => {
    expect(await gateway.forumPayNotice({ method: 'POST', query: {}, headers: {}, rawBody: JSON.stringify({ webhook_test: 'x' }), sourceIp: '' })).toEqual({
      ok: true,
      report: null,
      answer: { message: 'Fanclub received the ForumPay webhook test.' },
    });
  });
});

describe('ForumPay connection and credentials', () => {
  it('testConnection pings ForumPay, which tests our webhook, and says what it answered', async () => {
    const result = await gateway.testConnection();
    expect(result.ok).toBe(true);
    expect(result.message).toContain('ForumPay (sandbox) answered pong for point of sale fanclub-web.');
    expect(result.message).toContain('Fanclub received the ForumPay webhook test.');
    expect(result.message).toContain('"http_code":200');
  });

  it('bad credentials give a clear error that never carries the secret', async () => {
    const wrong = await open({ apiSecret: 'not-the-secret-at-all' });
    const error = await wrong.currencies().catch((e: Error & { code?: string }) => e);
    expect(error).toMatchObject({ code: 'FORUMPAY_AUTH', message: 'ForumPay refused the API user or secret on GetCurrencyList (HTTP 401): check the credentials in API Settings.' });
    expect(JSON.stringify({ ...error, message: (error as Error).message })).not.toContain('not-the-secret-at-all');
    const tested = await wrong.testConnection();
    expect(tested).toEqual({ ok: false, message: 'ForumPay refused the API user or secret on Ping (HTTP 401): check the credentials in API Settings.' });
    expect(callsOf('Ping').at(-1)?.status).toBe(401);
  });

  it('an unknown point of sale, missing or malformed settings are named', async () => {
    expect((await (await open({ posId: 'nobody' })).testConnection()).message).toBe("ForumPay's API is not reachable with these credentials on Ping (HTTP 403): check the API user, secret and point of sale id.");
    expect(await (await open(null)).testConnection()).toEqual({ ok: false, message: 'ForumPay is not configured: set its API user, API secret and point of sale id.' });
    await expect((await open({ posId: 'has spaces' })).currencies()).rejects.toThrow(/posId: the ForumPay point of sale id/);
  });

  it('a 500 from ForumPay is "no answer", not a refusal', async () => {
    sim.fault('GetCurrencyList', { kind: 'http500' });
    await expect(gateway.currencies()).rejects.toMatchObject({ code: 'FORUMPAY_UNREACHABLE', message: 'ForumPay did not answer GetCurrencyList (HTTP 500: Internal server error); please try again.' });
  });
});

describe('ForumPay simulator', () => {
  const auth = { authorization: `Basic ${Buffer.from(`${settings.apiUser}:${SECRET}`).toString('base64')}` };

  it('answers 401 without Basic auth and an err body without pos_id', async () => {
    const noAuth = await fetch(`${sim.apiBase}GetCurrencyList/?pos_id=fanclub-web`);
    expect(noAuth.status).toBe(401);
    const noPos = await fetch(`${sim.apiBase}GetCurrencyList/`, { headers: auth });
    expect(noPos.status).toBe(400);
    expect(await noPos.json()).toEqual({ err: 'pos_id is required' });
  });

  it('accepts StartPayment as GET too, requires a payer id, and pays through the sandbox wallet', async () => {
    const q = new URLSearchParams({ pos_id: 'fanclub-web', invoice_currency: 'USD', invoice_amount: '10.00', currency: 'ETH', reference_no: 'sim-get' });
    const noPayer = await fetch(`${sim.apiBase}StartPayment/?${q}`, { headers: auth });
    expect(await noPayer.json()).toEqual({ err: 'Payer ID is required' });
    q.set('payer_id', 'payer-1');
    q.set('accept_zero_confirmations', 'true');
    const body = (await (await fetch(`${sim.apiBase}StartPayment/?${q}`, { headers: auth })).json()) as { address: string; amount: string; qr: string; payment_id: string };
    expect(body.amount).toBe('0.00322500'); // $10 at $3,200 = 0.003125 + fee 0.0001
    const paid = await fetch(body.qr, { method: 'POST' });
    expect(await paid.json()).toEqual({ payment_id: body.payment_id, state: 'zero_confirmed' });
    const list = (await (await fetch(`${sim.apiBase}GetTransactions/?pos_id=fanclub-web&reference_no=sim-get`, { headers: auth })).json()) as { invoices: { payment_id: string; status: string }[] };
    expect(list.invoices).toMatchObject([{ payment_id: body.payment_id, status: 'Confirmed' }]);
  });
});
