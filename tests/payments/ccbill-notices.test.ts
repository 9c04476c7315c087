// The CCBill notice verifier over real request shapes (JSON and URL-encoded), with the adapter's books in PGlite.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { openCcbillBooks, type CcbillBooks } from '../../infra/payments/ccbill/books';
import { createCcbillNoticeVerifier } from '../../infra/payments/ccbill/notices';
import type { CcbillSettings } from '../../infra/payments/ccbill/settings';
import type { NoticeVerifier, ProviderRequest } from '../../infra/payments/port';

const SALT = '7d901dad245fd0ff6bc20d06';
const settings: CcbillSettings = {
  clientAccnum: '900100', clientSubacc: '0001', flexId: 'f', salt: SALT, restAppId: 'a', restSecret: 's',
  datalinkUsername: 'u', datalinkPassword: 'p', liveMode: false, webhookSourceRanges: ['127.0.0.1/32'],
};
const md5 = (t: string) => createHash('md5').update(t).digest('hex');

const SALE = {
  subscriptionId: '0117240102000000049', transactionId: '0117240102000000049', billedInitialPrice: '18.00', billedRecurringPrice: '18.00',
  billedCurrencyCode: '840', initialPeriod: '30', recurringPeriod: '30', rebills: '99', paymentType: 'CREDIT', cardType: 'VISA', last4: '6666',
  dynamicPricingValidationDigest: md5('0117240102000000049' + '1' + SALT), timestamp: '2017-08-28 07:08:52', 'X-payment_id': 'pay_sale_1',
};

function post(eventType: string, body: Record<string, string>, opts: { json?: boolean; ip?: string; accnum?: string; subacc?: string } = {}): ProviderRequest {
  const json = opts.json ?? true;
  return {
    method: 'POST',
    query: { clientAccnum: opts.accnum ?? '900100', clientSubacc: opts.subacc ?? '0001', eventType, eventGroupType: 'Subscription' },
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    rawBody: json ? JSON.stringify({ clientAccnum: '900100', clientSubacc: '0001', ...body }) : new URLSearchParams({ clientAccnum: '900100', clientSubacc: '0001', ...body }).toString(),
    sourceIp: opts.ip ?? '127.0.0.1',
  };
}

let database: Database;
let books: CcbillBooks;
let verifier: NoticeVerifier;

beforeAll(async () => {
  database = await openPglite(undefined);
  books = await openCcbillBooks(database);
  verifier = createCcbillNoticeVerifier({ settings: async () => settings, books });
}, 120_000);
afterAll(async () => {
  await database.close();
});

describe('CCBill notice verifier', () => {
  it('maps a JSON NewSaleSuccess onto charge.succeeded for our payment id, ids kept as strings', async () => {
    const result = await verifier.verify(post('NewSaleSuccess', SALE));
    expect(result).toEqual({
      ok: true,
      notices: [{ id: 'NewSaleSuccess:0117240102000000049', type: 'charge.succeeded', created: Date.UTC(2017, 7, 28, 7, 8, 52) / 1000, data: { idempotency_key: 'pay_sale_1', transaction_id: '0117240102000000049', amount_cents: 1800 } }],
    });
  });

  it('reads the same notice URL-encoded and gives it the same id (a duplicate is recognised)', async () => {
    const a = await verifier.verify(post('NewSaleSuccess', SALE, { json: false }));
    const b = await verifier.verify(post('NewSaleSuccess', SALE, { json: true }));
    expect(a.ok && b.ok && a.notices[0].id === b.notices[0].id).toBe(true);
    expect(a.ok && a.notices[0].data.idempotency_key).toBe('pay_sale_1');
  });

  it('accepts a sale digest equal to the sale price\'s formDigest (sandbox form)', async () => {
    const digest = md5('18.00' + '30' + '18.00' + '30' + '99' + '840' + SALT);
    const result = await verifier.verify(post('NewSaleSuccess', { ...SALE, dynamicPricingValidationDigest: digest }));
    expect(result.ok).toBe(true);
  });

  it('refuses a forged sale: wrong digest, foreign address, other account', async () => {
    expect(await verifier.verify(post('NewSaleSuccess', { ...SALE, dynamicPricingValidationDigest: md5('0117240102000000049' + '1' + 'guess') }))).toEqual({ ok: false, reason: expect.stringMatching(/dynamicPricingValidationDigest/) });
    expect(await verifier.verify(post('NewSaleSuccess', SALE, { ip: '10.1.2.3' }))).toEqual({ ok: false, reason: expect.stringMatching(/source address/) });
    expect(await verifier.verify(post('NewSaleSuccess', SALE, { subacc: '0002' }))).toEqual({ ok: false, reason: expect.stringMatching(/clientSubacc/) });
    const refusal = await verifier.verify(post('NewSaleSuccess', { ...SALE, dynamicPricingValidationDigest: 'x' }));
    expect(JSON.stringify(refusal)).not.toContain(SALT);
  });

  it('maps a NewSaleFailure with CCBill\'s failure fields', async () => {
    const body = { transactionId: '0117240102000000077', failureCode: 'BE-900', failureReason: 'Card declined', billedInitialPrice: '18.00', initialPeriod: '30', dynamicPricingValidationDigest: md5('0117240102000000077' + '0' + SALT), timestamp: '2017-08-28 07:10:00', 'X-payment_id': 'pay_fail_1' };
    const result = await verifier.verify(post('NewSaleFailure', body));
    expect(result.ok && result.notices[0]).toEqual({ id: 'NewSaleFailure:0117240102000000077', type: 'charge.failed', created: Date.UTC(2017, 7, 28, 7, 10, 0) / 1000, data: { idempotency_key: 'pay_fail_1', transaction_id: '0117240102000000077', amount_cents: 1800, failure_code: 'BE-900', message: 'Card declined', allow_cascade: true } });
  });

  it('names our payment on a refund, void or chargeback by the sale\'s subscription id', async () => {
    await verifier.verify(post('NewSaleSuccess', SALE));
    const refund = await verifier.verify(post('Refund', { subscriptionId: '0117240102000000049', transactionId: '0117240102000000099', amount: '18.00', currency: 'USD', reason: 'customer asked', timestamp: '2017-09-01 10:00:00' }));
    expect(refund.ok && refund.notices[0]).toMatchObject({ id: 'Refund:0117240102000000099', type: 'charge.refunded', data: { idempotency_key: 'pay_sale_1', amount_cents: 1800, reason: 'customer asked' } });
    const chargeback = await verifier.verify(post('Chargeback', { subscriptionId: '0117240102000000049', transactionId: '0117240102000000100', amount: '18.00', reason: 'fraud', timestamp: '2017-10-01 10:00:00' }));
    expect(chargeback.ok && chargeback.notices[0].type).toBe('charge.chargeback');
    const unknown = await verifier.verify(post('Void', { subscriptionId: '0999', transactionId: '0998', amount: '1.00', timestamp: '2017-10-01 10:00:00' }));
    expect(unknown.ok && unknown.notices[0].data.idempotency_key).toBe('');
  });

  it('maps subscription events, keyed by subscription and time when they carry no transaction', async () => {
    const cancel = await verifier.verify(post('Cancellation', { subscriptionId: '0117240102000000049', reason: 'too expensive', source: 'customerSupport', timestamp: '2017-09-05 12:00:00' }));
    expect(cancel.ok && cancel.notices[0]).toMatchObject({ id: 'Cancellation:0117240102000000049:2017-09-05 12:00:00', type: 'subscription.cancelled', data: { idempotency_key: 'pay_sale_1', reason: 'too expensive' } });
    const types: Record<string, string> = { RenewalSuccess: 'subscription.renewed', RenewalFailure: 'subscription.renewal_failed', Expiration: 'subscription.expired', UserReactivation: 'subscription.renewed' };
    for (const [eventType, type] of Object.entries(types)) {
      const r = await verifier.verify(post(eventType, { subscriptionId: '0117240102000000049', timestamp: '2017-09-27 00:00:00' }));
      expect(r.ok && r.notices[0].type).toBe(type);
    }
  });

  it('answers no notices for events it does not translate, and refuses a body it cannot read', async () => {
    expect(await verifier.verify(post('BillingDateChange', { subscriptionId: '1', nextRenewalDate: '2017-10-01' }))).toEqual({ ok: true, notices: [] });
    const bad = { ...post('Refund', {}), rawBody: '{not json' };
    expect((await verifier.verify(bad)).ok).toBe(false);
  });

  it('refuses when CCBill is not configured', async () => {
    const v = createCcbillNoticeVerifier({ settings: async () => null });
    expect(await v.verify(post('NewSaleSuccess', SALE))).toEqual({ ok: false, reason: 'CCBill is not configured.' });
  });
});
