// The payment process against a real event store (PGlite in memory) with a purchase kind that only records what
// the process asks of it: the process knows no kind, it looks one up by the purpose and asks it to grant, release
// or revoke. A fake gateway counts charges, so "charged once" is visible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import type { CardGateway } from '../../infra/payments/port';
import type { GatewayOutcome, PaymentPurpose } from '../../domain/payment/payment';
import { commandContext } from '../handle';
import { purchaseKindRegistry, type PurchaseKindMap, type SettledKind } from './kind';
import { completeEntitlement, payFor, resumePayment, reversePayment, settlePayment } from './process';
import { walletBalance, walletCommand } from './wallet-stream';
import { purchaseKinds } from './kinds';

let database: Database;
let store: EventStore;
const ctx = () => commandContext(store, { userId: 'fan-1', role: 'user' });

const calls: string[] = [];
const spyTip: SettledKind = {
  grant: async (_ctx, r) => void calls.push(`grant ${r.paymentId}`),
  release: async (_ctx, r, code) => void calls.push(`release ${r.paymentId} ${code}`),
  revoke: async (_ctx, r, reversal) => void calls.push(`revoke ${r.paymentId} ${reversal}`),
};

let charges = 0;
let answer: GatewayOutcome = { status: 'captured', gatewayTransactionId: 'tx' };
const gateway = {
  name: 'fake',
  charge: async () => {
    charges += 1;
    return answer;
  },
} as unknown as CardGateway;
const card = { cardId: 'c1', brand: 'Visa', last4: '4242', unsaved: { cardToken: 'tok', expMonth: '12', expYear: '2099', billingCountry: 'US' } };
const purpose: PaymentPurpose = { kind: 'tip', tipFrom: 'tips_page', isAnonymous: false };
// Only the tip is registered here, as the spy: the process is handed its kinds and finds no other.
const kinds = purchaseKindRegistry({ tip: spyTip } as unknown as PurchaseKindMap);
const deps = { gateway, kinds };

beforeAll(async () => {
  database = await openPglite(undefined);
  store = await createPostgresEventStore(database, { schema: 'es_payment_process' });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('the payment process', () => {
  it('has a registered kind for every purpose kind', () => {
    for (const kind of ['unlock', 'subscription', 'tip', 'chat_unlock', 'pay_per_message', 'live_minute'] as const)
      expect(typeof purchaseKinds.of({ kind } as PaymentPurpose).grant).toBe('function');
  });

  it('captured by card: the kind grants; resuming again charges nothing more', async () => {
    calls.length = 0;
    charges = 0;
    answer = { status: 'captured', gatewayTransactionId: 'tx-1' };
    const payment = await payFor(ctx(), deps, 'pay-1', { userId: 'fan-1', purpose, amountCents: 500, card });
    expect(payment.status).toBe('captured');
    await resumePayment(ctx(), deps, 'pay-1');
    expect(charges).toBe(1);
    expect(calls).toEqual(['grant pay-1', 'grant pay-1']);
  });

  it('a crash between capture and entitlement is finished by resume', async () => {
    calls.length = 0;
    const settled = await settlePayment(ctx(), deps, 'pay-2', { userId: 'fan-1', purpose, amountCents: 500, card });
    expect(settled.status).toBe('captured');
    expect(calls).toEqual([]); // "crashed" before completeEntitlement
    await resumePayment(ctx(), deps, 'pay-2');
    expect(calls).toEqual(['grant pay-2']);
  });

  it('declined: the kind releases with the failure code', async () => {
    calls.length = 0;
    answer = { status: 'declined', failureCode: 'card_declined', message: 'Payment failed.', allowCascade: false };
    const payment = await payFor(ctx(), deps, 'pay-3', { userId: 'fan-1', purpose, amountCents: 500, card });
    expect(payment.status).toBe('failed');
    expect(calls).toEqual(['release pay-3 card_declined']);
  });

  it('a reversal before the capture is 409 PAYMENT_NOT_CAPTURED; after it the kind revokes', async () => {
    calls.length = 0;
    answer = { status: 'captured', gatewayTransactionId: 'tx-4' };
    await expect(reversePayment(ctx(), deps, 'pay-4', { kind: 'chargeback', source: 'test' })).rejects.toMatchObject({ code: 'PAYMENT_NOT_CAPTURED' });
    await payFor(ctx(), deps, 'pay-4', { userId: 'fan-1', purpose, amountCents: 500, card });
    const reversed = await reversePayment(ctx(), deps, 'pay-4', { kind: 'chargeback', source: 'test' });
    expect(reversed.status).toBe('reversed');
    expect(calls).toEqual(['grant pay-4', 'revoke pay-4 chargeback']);
  });

  it('from the wallet: debited once per payment id; a short wallet is a release with INSUFFICIENT_FUNDS', async () => {
    calls.length = 0;
    charges = 0;
    await walletCommand(ctx(), { type: 'CreditTopUp', userId: 'fan-1', paymentId: 'top-1', currency: 'BTC', amountCents: 800, at: new Date().toISOString() });
    const paid = await payFor(ctx(), deps, 'pay-5', { userId: 'fan-1', purpose, amountCents: 500, card: null, method: 'wallet' });
    await resumePayment(ctx(), deps, 'pay-5');
    expect(paid.status).toBe('captured');
    expect(await walletBalance(ctx(), 'fan-1')).toBe(300);
    const short = await payFor(ctx(), deps, 'pay-6', { userId: 'fan-1', purpose, amountCents: 500, card: null, method: 'wallet' });
    expect(short.status).toBe('failed');
    expect(charges).toBe(0);
    expect(await walletBalance(ctx(), 'fan-1')).toBe(300);
    expect(calls).toEqual(['grant pay-5', 'grant pay-5', 'release pay-6 INSUFFICIENT_FUNDS']);
  });

  it('an unregistered kind is a loud wiring error, not a silent skip', async () => {
    expect(() => purchaseKinds.of({ kind: 'gift_card' } as unknown as PaymentPurpose)).toThrow(/No purchase kind 'gift_card'/);
    // A payment not requested yet has nothing to complete (and no kind is asked).
    await completeEntitlement(ctx(), deps, 'none', { status: 'none', request: null, gatewayTransactionId: null, failure: null, reversal: null, partRefunds: {}, refundedCents: 0, duplicateSales: {} });
  });
});
