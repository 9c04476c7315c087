// The CCBill adapter against the CCBill simulator over real HTTP, its books in PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { createCcbillProvider } from '../../infra/payments/ccbill/provider';
import type { CcbillSettings } from '../../infra/payments/ccbill/settings';
import { ChargeOutcomeUnknown, type CardProvider } from '../../infra/payments/port';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

let database: Database;
let sim: CcbillSimulator;
let settings: CcbillSettings;
let provider: CardProvider;

const card = (cvv: string) => ({ number: '4473707989493598', cvv, expMonth: '04', expYear: '2030', holderName: 'Tyler Thomas' });
const charge = (idempotencyKey: string, cardToken: string, amountCents = 999) => provider.charge({ idempotencyKey, cardToken, amountCents, currency: 'USD', description: 'Subscription' });

beforeAll(async () => {
  database = await openPglite(undefined);
  sim = await startCcbillSimulator();
  const c = sim.config;
  settings = {
    clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, restAppId: c.appId, restSecret: c.secret,
    datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword, liveMode: false, webhookSourceRanges: ['127.0.0.1/32'],
  };
  provider = createCcbillProvider({ database, settings: async () => settings, endpoints: sim.endpoints, timeoutMs: 1500 });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await database?.close();
});

describe('CCBill provider', () => {
  let cardToken: string;

  it('tokenises with the CVV and charges: captured under CCBill\'s sale id, our payment id passed through', async () => {
    const t = await provider.tokenise(card('400'));
    expect(t).toMatchObject({ brand: 'visa', last4: '3598', expMonth: '04', expYear: '2030' });
    expect(t.cardToken).toMatch(/^ccbill:[0-9a-f]{32}$/);
    cardToken = t.cardToken;
    const outcome = await charge('pay_first', cardToken);
    expect(outcome.status).toBe('captured');
    const sale = outcome.status === 'captured' ? outcome.gatewayTransactionId : '';
    expect(sale).toMatch(/^0\d{18}$/); // v2 keeps the leading zero
    expect(sim.sales.get(sale)?.amountCents).toBe(999);
    const notice = sim.outbox.find((n) => n.eventType === 'UpSaleSuccess' && n.fields.subscriptionId === sale);
    expect(notice?.fields['X-payment_id']).toBe('pay_first');
    expect(notice?.fields.billedInitialPrice).toBe('9.99');
  });

  it('answers the same key again with the first outcome and charges nothing', async () => {
    const before = { ...sim.counts };
    const again = await charge('pay_first', cardToken);
    expect(again.status).toBe('captured');
    expect(sim.counts.chargeRequests).toBe(before.chargeRequests);
    expect(sim.counts.sales).toBe(before.sales);
  });

  it('pays a later purchase with a single-use token minted from the card\'s first sale', async () => {
    const first = await provider.lookup('pay_first');
    const outcome = await charge('pay_second', cardToken, 500);
    expect(outcome.status).toBe('captured');
    const token = [...sim.tokens.values()].find((t) => t.sourceSubscriptionId === (first?.status === 'captured' ? first.gatewayTransactionId : 'none'));
    expect(token).toMatchObject({ validNumberOfUse: 1, uses: 1, timeToLive: 24 });
  });

  it('refuses a card whose CVV CCBill does not match, naming the field', async () => {
    await expect(provider.tokenise(card('123'))).rejects.toMatchObject({ name: 'CardRefused', field: 'cvv', message: "The card's security code does not match." });
  });

  it('maps a decline onto the outcome with CCBill\'s code and text, and keeps it for the same key', async () => {
    sim.fail('charge', 'decline');
    const declined = { status: 'declined', failureCode: '27', message: 'System Error, Please Try Again', allowCascade: true };
    expect(await charge('pay_declined', cardToken)).toEqual(declined);
    const requests = sim.counts.chargeRequests;
    expect(await charge('pay_declined', cardToken)).toEqual(declined);
    expect(sim.counts.chargeRequests).toBe(requests);
  });

  it('answers the declines a new card mends with the card-update codes: -24 without the funds, -23 expired', async () => {
    const broke = await provider.tokenise({ ...card('400'), number: '4000000000009995' });
    expect(await charge('pay_no_funds', broke.cardToken)).toEqual({ status: 'declined', failureCode: '-24', message: 'Your card was declined for insufficient funds. Please update your card details.', allowCascade: false });
    const expired = await provider.tokenise({ ...card('400'), number: '4000000000000069' });
    expect(await charge('pay_expired', expired.cardToken)).toEqual({ status: 'declined', failureCode: '-23', message: 'Your card has expired. Please update your card details.', allowCascade: false });
  });

  it('timeout after CCBill committed: unknown outcome, then the lookup finds the sale and nothing is charged twice', async () => {
    const salesBefore = sim.counts.sales;
    sim.fail('charge', 'timeoutAfterCommit');
    await expect(charge('pay_timeout', cardToken, 1234)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    expect(sim.counts.sales).toBe(salesBefore + 1);
    const requests = sim.counts.chargeRequests;
    const again = await charge('pay_timeout', cardToken, 1234);
    expect(again.status).toBe('captured');
    expect(sim.counts.chargeRequests).toBe(requests);
    expect(sim.counts.sales).toBe(salesBefore + 1);
    expect(await provider.lookup('pay_timeout')).toEqual(again);
  });

  it('HTTP 500, a reset or no answer before CCBill committed: unknown, then the lookup finds nothing and the same token is charged once', async () => {
    for (const fault of ['http500', 'reset', 'hang'] as const) {
      const key = `pay_${fault}`;
      const salesBefore = sim.counts.sales;
      sim.fail('charge', fault);
      await expect(charge(key, cardToken)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
      expect(await provider.lookup(key)).toBeNull();
      expect((await charge(key, cardToken)).status).toBe('captured');
      expect(sim.counts.sales).toBe(salesBefore + 1);
    }
  });

  it('refunds through DataLink once; asked again it answers already_reversed', async () => {
    const sale = await provider.lookup('pay_second');
    const id = sale?.status === 'captured' ? sale.gatewayTransactionId : '';
    expect(await provider.reverse({ idempotencyKey: 'pay_second', kind: 'refund' })).toEqual({ status: 'reversed', gatewayTransactionId: id });
    expect(await provider.reverse({ idempotencyKey: 'pay_second', kind: 'refund' })).toEqual({ status: 'already_reversed', gatewayTransactionId: id });
    expect(sim.sales.get(id)?.refunds).toBe(1);
    expect(sim.outbox.filter((n) => n.eventType === 'Refund' && n.fields.subscriptionId === id)).toHaveLength(1);
    expect(await provider.reverse({ idempotencyKey: 'pay_declined', kind: 'void' })).toEqual({ status: 'not_captured' });
  });

  it('a second adapter with fresh memory but the same books reads CCBill\'s status before reversing again', async () => {
    const other = createCcbillProvider({ database, settings: async () => settings, endpoints: sim.endpoints, timeoutMs: 1500 });
    expect((await other.reverse({ idempotencyKey: 'pay_timeout', kind: 'void' })).status).toBe('reversed');
    await database.exec(`UPDATE ccbill.attempts SET reversal = NULL WHERE payment_id = 'pay_timeout'`);
    expect((await other.reverse({ idempotencyKey: 'pay_timeout', kind: 'void' })).status).toBe('already_reversed');
  });

  it('cancels rebills through DataLink: cancelled, then already_cancelled; unknown payments are not_found', async () => {
    expect(await provider.cancelRecurring({ idempotencyKey: 'pay_first' })).toEqual({ status: 'cancelled' });
    expect(await provider.cancelRecurring({ idempotencyKey: 'pay_first' })).toEqual({ status: 'already_cancelled' });
    expect(await provider.cancelRecurring({ idempotencyKey: 'pay_nobody' })).toEqual({ status: 'not_found' });
  });

  it('renews an expired bearer token once and carries on', async () => {
    const oauthBefore = sim.counts.oauth;
    sim.advanceClock(2 * 3600 * 1000);
    expect((await charge('pay_after_expiry', cardToken)).status).toBe('captured');
    expect(sim.counts.oauth).toBe(oauthBefore + 1);
  });

  it('tests the connection with the OAuth call, never echoing the secret', async () => {
    expect(await provider.testConnection()).toEqual({ ok: true, message: expect.stringMatching(/accepted/) });
    const wrong = createCcbillProvider({ database, settings: async () => ({ ...settings, restSecret: 'wrong-secret-value' }), endpoints: sim.endpoints });
    const answer = await wrong.testConnection();
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/HTTP 401/);
    expect(answer.message).not.toContain('wrong-secret-value');
  });

  it('keeps DataLink credentials out of error messages (wrong password, refused address, no answer)', async () => {
    const secretSettings = { ...settings, datalinkPassword: 'hunter2-secret' };
    const p = createCcbillProvider({ database, settings: async () => secretSettings, endpoints: sim.endpoints });
    const refusal = await p.cancelRecurring({ idempotencyKey: 'pay_after_expiry' }).catch((e: Error) => e);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toMatch(/-1 authentication failed/);
    sim.config.datalinkAllowedIps = [];
    const blocked = await provider.cancelRecurring({ idempotencyKey: 'pay_after_expiry' }).catch((e: Error) => e);
    expect((blocked as Error).message).toMatch(/-8/);
    sim.config.datalinkAllowedIps = ['127.0.0.1', '::ffff:127.0.0.1'];
    const dead = createCcbillProvider({ database, settings: async () => secretSettings, endpoints: { ...sim.endpoints, datalink: 'http://127.0.0.1:1/utils/subscriptionManagement.cgi' } });
    const lost = await dead.cancelRecurring({ idempotencyKey: 'pay_after_expiry' }).catch((e: Error) => e);
    for (const e of [refusal, blocked, lost] as Error[]) {
      expect(e.message).not.toContain('hunter2-secret');
      expect(e.message).not.toContain('password=');
      expect(e.message).not.toContain(settings.datalinkPassword);
      expect(String(e.stack)).not.toContain('password=');
    }
  });

  it('says clearly when CCBill is not configured', async () => {
    const p = createCcbillProvider({ database, settings: async () => null, endpoints: sim.endpoints });
    await expect(p.charge({ idempotencyKey: 'x', cardToken, amountCents: 100, currency: 'USD', description: '' })).rejects.toThrow(/CCBill is not configured/);
  });
});
