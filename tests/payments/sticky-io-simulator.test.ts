// The Sticky.io simulator over raw HTTP: what other suites rely on it to answer, with the provider's field names.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStickySimulator, STICKY_TEST_CARDS, type StickySimulator } from '../simulators/sticky-io/simulator';

let sim: StickySimulator;
const auth = () => `Basic ${Buffer.from(`${sim.credentials.username}:${sim.credentials.password}`).toString('base64')}`;

async function call(method: string, body: Record<string, unknown>, init: { authorization?: string; query?: string } = {}) {
  const res = await fetch(`${sim.url}/api/v1/${method}${init.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: init.authorization ?? auth(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const offer = (price: string) => ({ campaignId: '1', shippingId: '2', offers: [{ offer_id: '3', product_id: '4', billing_model_id: '5', quantity: '1', price }] });
const card = (number: string) => ({ creditCardType: 'visa', creditCardNumber: number, expirationDate: '0630', CVV: '123' });

beforeAll(async () => {
  sim = await startStickySimulator({ permissions: ['validate_credentials', 'authorize_payment', 'new_order', 'new_order_card_on_file', 'order_view', 'order_find', 'order_refund', 'order_void', 'subscription_order_update'], rateLimits: { validate_credentials: 3 } });
});
afterAll(async () => {
  await sim.close();
});

describe('Sticky.io simulator', () => {
  it('refuses credentials or a card number in the query string with HTTP 400 and code 700', async () => {
    const r = await call('validate_credentials', {}, { query: `?username=${sim.credentials.username}&password=x` });
    expect(r.status).toBe(400);
    expect(r.text).toBe('errorFound=1&responseCode=700&declineReason=Insecure request blocked');
    const c = await call('new_order', {}, { query: `?creditCardNumber=${STICKY_TEST_CARDS.approve}` });
    expect(c.status).toBe(400);
  });

  it('checks Basic credentials (200) and per-method permissions (666), answering HTTP 200', async () => {
    const bad = await call('validate_credentials', {}, { authorization: `Basic ${Buffer.from('api_user:wrong').toString('base64')}` });
    expect([bad.status, bad.json?.response_code]).toEqual([200, '200']);
    const ok = await call('validate_credentials', {});
    expect(ok.json).toEqual({ response_code: '100', error_found: '0' });
    const limited = await startStickySimulator({ permissions: ['validate_credentials'] });
    try {
      const res = await fetch(`${limited.url}/api/v1/order_view`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${limited.credentials.username}:${limited.credentials.password}`).toString('base64')}` }, body: '{}' });
      expect(((await res.json()) as { response_code: string }).response_code).toBe('666');
    } finally {
      await limited.close();
    }
  });

  it('answers 410 once a method is over its requests per minute', async () => {
    const codes: unknown[] = [];
    for (let i = 0; i < 4; i++) codes.push((await call('validate_credentials', {})).json?.response_code);
    // Two calls were made by the test before; the limit is 3 per minute.
    expect(codes).toContain('410');
    sim.advance(61_000);
    expect((await call('validate_credentials', {})).json?.response_code).toBe('100');
  });

  it('approves the approving test card and declines the other with 800 and a REFID reason, with their distinct field names', async () => {
    const approved = (await call('new_order', { ...offer('9.99'), ...card(STICKY_TEST_CARDS.approve), tranType: 'Sale', notes: 'n1' })).json!;
    expect(approved).toMatchObject({ response_code: '100', error_found: '0', transactionID: 'Not Available', authId: 'Not Available', orderTotal: '9.99', test: '1', resp_msg: 'Approved' });
    expect(approved.order_id).toMatch(/^\d+$/);
    const declined = (await call('new_order', { ...offer('9.99'), ...card(STICKY_TEST_CARDS.decline), tranType: 'Sale' })).json!;
    expect(declined).toMatchObject({ response_code: '800', error_found: '1', transId: '0', orderTotalAmount: '9.99', test: '1' });
    expect(declined.decline_reason).toMatch(/^Do Not Honor REFID:\d+$/);
    expect(declined.transactionID).toBeUndefined();
  });

  it('declines the same card and amount again within the window as a duplicate; card on file always makes a new order', async () => {
    const first = (await call('new_order', { ...offer('4.00'), ...card(STICKY_TEST_CARDS.approve), tranType: 'Sale' })).json!;
    const again = (await call('new_order', { ...offer('4.00'), ...card(STICKY_TEST_CARDS.approve), tranType: 'Sale' })).json!;
    expect(again.response_code).toBe('800');
    expect(again.decline_reason).toMatch(/^Duplicate transaction REFID:\d+$/);
    sim.advance(120_000);
    const onFile = (await call('new_order_card_on_file', { ...offer('4.00'), previousOrderId: first.order_id })).json!;
    expect(onFile.response_code).toBe('100');
    expect(onFile.order_id).not.toBe(first.order_id);
    const onFileAgain = (await call('new_order_card_on_file', { ...offer('5.00'), previousOrderId: first.order_id })).json!;
    expect(new Set([first.order_id, onFile.order_id, onFileAgain.order_id]).size).toBe(3);
  });

  it('saves a customer at authorize_payment and expires it; order_view has a single and a several shape; order_find says 333', async () => {
    const auth1 = (await call('authorize_payment', { ...card(STICKY_TEST_CARDS.approve), campaignId: '1', save_customer: '1', void_flag: '1', auth_amount: '1.00' })).json!;
    expect(auth1).toMatchObject({ response_code: '100', void_flag: '1' });
    expect(auth1.temp_customer_id).toMatch(/^[0-9a-f]{32}$/);
    expect(auth1.expiry_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const order = (await call('new_order', { ...offer('7.00'), temp_customer_id: auth1.temp_customer_id, tranType: 'Sale', notes: 'fanclub:p-view' })).json!;
    const one = (await call('order_view', { order_id: [order.order_id] })).json!;
    expect(one).toMatchObject({ response_code: '100', order_id: order.order_id, order_status: '2', order_total: '7.00', cc_last_4: '4440' });
    expect((one.employeeNotes as string[])[0]).toContain('fanclub:p-view');
    const several = (await call('order_view', { order_id: [order.order_id, '10000'] })).json!;
    expect(several.total_orders).toBe('2');
    expect(Object.keys(several.data as object).sort()).toEqual(['10000', order.order_id].sort());
    const found = (await call('order_find', { campaign_id: '1', start_date: '01/01/2020', end_date: '12/31/2099', criteria: { notes: 'fanclub:p-view' } })).json!;
    expect(found.order_id).toEqual([order.order_id]);
    expect((await call('order_find', { campaign_id: '1', start_date: '01/01/2020', end_date: '12/31/2099', criteria: { notes: 'nothing-here' } })).json!.response_code).toBe('333');
    expect((await call('order_find', { campaign_id: '1', start_date: '2020-01-01', end_date: '12/31/2099' })).json!.response_code).toBe('346');
    sim.advance(2 * 86_400_000);
    expect((await call('new_order', { ...offer('8.00'), temp_customer_id: auth1.temp_customer_id, tranType: 'Sale' })).json!.response_code).toBe('500');
  });

  it('refunds in part and in full with the 370-379/389 rules; voids with 373/379; stops recurring once (353)', async () => {
    const o = (await call('new_order', { ...offer('10.00'), ...card('1444444444444443'), creditCardType: 'master', tranType: 'Sale' })).json!;
    const refund = (amount: string, keep = '1') => call('order_refund', { order_id: o.order_id, amount, keep_recurring: keep }).then((r) => r.json!.response_code);
    expect(await refund('abc')).toBe('370');
    expect(await refund('0.00')).toBe('389');
    expect(await refund('11.00')).toBe('372');
    expect(await refund('1.00', '2')).toBe('371');
    expect(await refund('4.00')).toBe('100');
    expect((await call('order_view', { order_id: [o.order_id] })).json).toMatchObject({ amount_refunded_to_date: '4.00', is_refund: 'yes', order_status: '2' });
    expect((await call('order_void', { order_id: o.order_id })).json!.response_code).toBe('373');
    expect(await refund('6.00')).toBe('100');
    expect(await refund('1.00')).toBe('379');
    expect((await call('order_view', { order_id: [o.order_id] })).json!.order_status).toBe('6');

    sim.advance(120_000);
    const v = (await call('new_order', { ...offer('10.00'), ...card('1444444444444443'), creditCardType: 'master', tranType: 'Sale' })).json!;
    expect((await call('order_void', { order_id: v.order_id })).json!.response_code).toBe('100');
    expect((await call('order_void', { order_id: v.order_id })).json!.response_code).toBe('379');
    expect((await call('order_void', { order_id: '999999' })).json!.response_code).toBe('350');

    sim.advance(120_000);
    const s = (await call('new_order', { ...offer('10.00'), ...card('1444444444444443'), creditCardType: 'master', tranType: 'Sale' })).json!;
    expect((await call('subscription_order_update', { order_id: s.order_id, product_id: '4', status: 'stop' })).json!.response_code).toBe('100');
    expect((await call('subscription_order_update', { order_id: s.order_id, product_id: '4', status: 'stop' })).json!.response_code).toBe('353');
  });

  it('carries out a call and then never answers when told to time out after the commit', async () => {
    sim.plan('new_order', { kind: 'timeout-after-commit' });
    const before = sim.orders().length;
    const attempt = fetch(`${sim.url}/api/v1/new_order`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ ...offer('3.33'), ...card(STICKY_TEST_CARDS.approve), tranType: 'Sale' }),
      signal: AbortSignal.timeout(300),
    });
    await expect(attempt).rejects.toThrow();
    expect(sim.orders().length).toBe(before + 1);
    expect(sim.orders().at(-1)).toMatchObject({ status: 'approved', totalCents: 333 });
  });

  it('posts postbacks with the URL tokens filled in, late if asked, and again until the endpoint answers 2xx', async () => {
    const own = await startStickySimulator({ postbackDelayMs: 30 });
    const seen: { url: string; at: number }[] = [];
    let secondArrived!: () => void;
    const second = new Promise<void>((r) => (secondArrived = r));
    const server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', at: Date.now() });
      res.statusCode = seen.length === 1 ? 500 : 200;
      res.end();
      if (seen.length === 2) secondArrived();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      own.addPostbackProfile({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pb/s3cr3t?order={order_id}&status={order_status}&event={event}`, method: 'GET', events: ['approve'] });
      const made = Date.now();
      const res = await fetch(`${own.url}/api/v1/new_order`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${own.credentials.username}:${own.credentials.password}`).toString('base64')}` },
        body: JSON.stringify({ ...offer('2.50'), ...card(STICKY_TEST_CARDS.approve), tranType: 'Sale' }),
      });
      const { order_id } = (await res.json()) as { order_id: string };
      await second;
      expect(seen.map((s) => s.url)).toEqual([`/pb/s3cr3t?order=${order_id}&status=2&event=approve`, `/pb/s3cr3t?order=${order_id}&status=2&event=approve`]);
      expect(seen[0].at - made).toBeGreaterThanOrEqual(25);
      // The simulator marks the postback delivered once it has read the answer.
      await expect.poll(() => own.postbacks()[0].delivered, { timeout: 5_000 }).toBe(true);
      expect(own.postbacks()[0]).toMatchObject({ attempts: 2, lastStatus: 200 });
    } finally {
      await own.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
