import { describe, expect, it } from 'vitest';
import type { AnyDomainEvent } from '../events';
import type { PaymentPurpose, ReversalKind } from '../payment/payment';
import { emptyLedger, foldLedger, ledgerDiscrepancies, netCents, walletDiscrepancies } from './ledger';

const AT = '2026-11-24T10:00:00.000Z';
type PurposeKind = 'unlock' | 'subscription' | 'chat_unlock' | 'pay_per_message';
const purposeOf = (kind: PurposeKind): PaymentPurpose =>
  kind === 'subscription' ? { kind, period: 1 } : kind === 'unlock' ? { kind, postId: 'post-1' } : { kind, messageId: 'message-1' };
const capture = (userId: string, paymentId: string, amountCents: number, kind: PurposeKind, more: { method?: 'card' | 'wallet'; requestKey?: string } = {}): AnyDomainEvent => ({
  type: 'PaymentCaptured',
  data: {
    paymentId, userId, purpose: purposeOf(kind), amountCents, currency: 'USD', method: more.method ?? 'card', card: null, gatewayTransactionId: `gw-${paymentId}`, capturedAt: AT,
    ...(more.requestKey ? { requestKey: more.requestKey } : {}),
  },
});
const reversal = (userId: string, paymentId: string, amountCents: number, kind: ReversalKind, purpose: PurposeKind): AnyDomainEvent => ({
  type: 'PaymentReversed',
  data: { paymentId, userId, purpose: purposeOf(purpose), kind, amountCents, source: 'staff:admin', reason: null, reversedAt: AT },
});
const captured = (userId: string, amountCents: number, kind: PurposeKind = 'unlock') => capture(userId, `pay-${userId}`, amountCents, kind);
const reversed = (userId: string, amountCents: number, kind: ReversalKind, purpose: PurposeKind = 'unlock') => reversal(userId, `pay-${userId}`, amountCents, kind, purpose);

describe('foldLedger', () => {
  const l = ([
    captured('a', 1500),
    captured('a', 999, 'subscription'),
    captured('b', 2000),
    reversed('b', 2000, 'refund'),
    captured('c', 999, 'subscription'),
    reversed('c', 999, 'chargeback', 'subscription'),
    { type: 'PostLiked', data: { postId: 'post-1', userId: 'a', likedAt: AT } },
  ] satisfies AnyDomainEvent[]).reduce(foldLedger, emptyLedger());

  it('sums captures and each kind of reversal', () => {
    expect(l).toMatchObject({ captures: 4, capturedCents: 5498, refundedCents: 2000, voidedCents: 0, chargedBackCents: 999, chargebacks: 1 });
    expect(netCents(l)).toBe(2499);
  });

  it('nets per source and per fan', () => {
    expect(l.netBySource).toEqual({ unlocks: 1500, subscriptions: 999, tips: 0, chat: 0, shop: 0, bookings: 0 });
    expect(l.netByUser).toEqual({ a: 2499, b: 0, c: 0 });
  });

  it('reports nothing when the books agree, and names each disagreement', () => {
    expect(ledgerDiscrepancies(l, { earningsCents: 2499, transactionsCents: 2499, providerCents: 2499 })).toEqual([]);
    expect(ledgerDiscrepancies(l, { earningsCents: 2499, transactionsCents: 2499, providerCents: null })).toEqual([]);
    expect(ledgerDiscrepancies(l, { earningsCents: 4498, transactionsCents: 2499, providerCents: 3000 })).toEqual([
      'earnings report 4498 ≠ captures − refunds − voids − chargebacks 2499',
      'payment provider net 3000 ≠ event log net 2499',
    ]);
  });

  it('holds the earnings per source against the log: chat purchases count as chat, nowhere else', () => {
    const chat = [captured('d', 700, 'chat_unlock'), captured('e', 300, 'pay_per_message'), reversed('d', 700, 'refund', 'chat_unlock')].reduce(foldLedger, l);
    expect(chat.netBySource).toEqual({ unlocks: 1500, subscriptions: 999, tips: 0, chat: 300, shop: 0, bookings: 0 });
    const agree = { subscriptions: 999, unlocks: 1500, chat: 300 };
    expect(ledgerDiscrepancies(chat, { earningsCents: 2799, transactionsCents: 2799, providerCents: null, earningsBySourceCents: agree })).toEqual([]);
    expect(ledgerDiscrepancies(chat, { earningsCents: 2799, transactionsCents: 2799, providerCents: null, earningsBySourceCents: { ...agree, chat: 0, unlocks: 1800 } })).toEqual([
      'earnings from unlocks 1800 ≠ event log 1500',
      'earnings from chat 0 ≠ event log 300',
    ]);
  });

  it('holds the reports\' money movements (issue 17) against the log, in total and per source', () => {
    const chat = [captured('d', 700, 'chat_unlock'), captured('e', 300, 'pay_per_message'), reversed('d', 700, 'refund', 'chat_unlock')].reduce(foldLedger, l);
    const base = { earningsCents: 2799, transactionsCents: 2799, providerCents: null };
    expect(ledgerDiscrepancies(chat, { ...base, reportsCents: 2799, reportsBySourceCents: { subscriptions: 999, unlocks: 1500, chat: 300 } })).toEqual([]);
    expect(ledgerDiscrepancies(chat, { ...base, reportsCents: 3499, reportsBySourceCents: { subscriptions: 999, unlocks: 1500, chat: 1000 } })).toEqual([
      'reports 3499 ≠ event log net 2799',
      'reports from chat 1000 ≠ event log 300',
    ]);
  });
});

describe('one capture per request key', () => {
  const keyed = (userId: string, paymentId: string, requestKey?: string) => capture(userId, paymentId, 1000, 'unlock', { requestKey });
  const agree = (l: ReturnType<typeof emptyLedger>) => ({ earningsCents: netCents(l), transactionsCents: netCents(l), providerCents: null });

  it('agrees when each key was captured once, and payments without a key are not grouped', () => {
    const l = [keyed('a', 'p1', 'key-1'), keyed('a', 'p2', 'key-2'), keyed('b', 'p3', 'key-1'), keyed('a', 'p4'), keyed('a', 'p5')].reduce(foldLedger, emptyLedger());
    expect(ledgerDiscrepancies(l, agree(l))).toEqual([]);
  });

  it('names a key of one fan captured twice', () => {
    const l = [keyed('a', 'p1', 'key-1'), keyed('b', 'p2', 'key-1'), keyed('a', 'p3', 'key-1')].reduce(foldLedger, emptyLedger());
    expect(ledgerDiscrepancies(l, agree(l))).toEqual(['request key-1 of fan a was captured 2 times: payments p1, p3']);
  });
});

describe('wallets in the ledger', () => {
  const credited = (userId: string, paymentId: string, amountCents: number, balanceCents: number): AnyDomainEvent => ({
    type: 'WalletCredited', data: { userId, paymentId, amountCents, balanceCents, currency: 'BTC', creditedAt: AT },
  });
  const paid = (paymentId: string, creditCents: number): AnyDomainEvent => ({
    type: 'CryptoPaymentPaid', data: { paymentId, userId: 'u1', currency: 'BTC', amountCents: creditCents, creditCents, providerEventId: null, settledBy: null, paidAt: AT },
  });
  const debited = (userId: string, purchaseId: string, amountCents: number, balanceCents: number): AnyDomainEvent => ({
    type: 'WalletDebited', data: { userId, purchaseId, purchase: { kind: 'unlock', postId: 'post-1' }, amountCents, balanceCents, debitedAt: AT },
  });
  const walletCapture = (userId: string, paymentId: string, amountCents: number) => capture(userId, paymentId, amountCents, 'unlock', { method: 'wallet' });
  const refunded = (userId: string, refundId: string, purchaseId: string, amountCents: number, balanceCents: number): AnyDomainEvent => ({
    type: 'WalletRefunded', data: { userId, refundId, purchaseId, amountCents, reason: 'refund', balanceCents, refundedAt: AT },
  });
  const walletReversal = (userId: string, paymentId: string, amountCents: number) => reversal(userId, paymentId, amountCents, 'refund', 'unlock');
  const honest = [
    paid('cp1', 2000),
    credited('u1', 'cp1', 2000, 2000),
    debited('u1', 'pay1', 1500, 500),
    walletCapture('u1', 'pay1', 1500),
    captured('u2', 999, 'subscription'),
    refunded('u1', 'refund-pay1', 'pay1', 1500, 2000),
    walletReversal('u1', 'pay1', 1500),
  ];
  const figures = (balances: [string, number][], topUps = 2000, received: [string, number][] = [['cp1', 2000]]) => ({
    readModelBalances: new Map(balances),
    topUpTransactionsCents: topUps,
    cryptoReceived: new Map(received),
  });

  it('a wallet purchase is earnings once, a top-up is not; the card provider sees card payments only', () => {
    const l = honest.slice(0, 5).reduce(foldLedger, emptyLedger());
    expect(netCents(l)).toBe(1500 + 999);
    expect(l.netByMethod).toEqual({ card: 999, wallet: 1500 });
    expect(ledgerDiscrepancies(l, { earningsCents: 2499, transactionsCents: 2499, providerCents: 999 })).toEqual([]);
    expect(ledgerDiscrepancies(l, { earningsCents: 2499, transactionsCents: 2499, providerCents: 2499 })).toEqual(['payment provider net 2499 ≠ event log net 999 (card payments and card top-ups)']);
    expect(walletDiscrepancies(l, figures([['u1', 500]]))).toEqual([]);
  });

  it('a top-up captured as a payment is the fan\'s money, not earnings, and must be credited in full', () => {
    const topUpCapture = (paymentId: string, amountCents: number): AnyDomainEvent => ({
      type: 'PaymentCaptured',
      data: { paymentId, userId: 'u1', purpose: { kind: 'wallet_top_up', currency: 'BTC' }, amountCents, currency: 'USD', method: 'crypto', card: null, gatewayTransactionId: 'evt-1', capturedAt: AT },
    });
    const l = [paid('cp1', 2000), topUpCapture('cp1', 2000), credited('u1', 'cp1', 2000, 2000)].reduce(foldLedger, emptyLedger());
    expect(netCents(l)).toBe(0);
    expect(l.captures).toBe(0);
    expect(l.netByMethod).toEqual({ card: 0, wallet: 0 });
    expect(ledgerDiscrepancies(l, { earningsCents: 0, transactionsCents: 0, providerCents: 0 })).toEqual([]);
    expect(walletDiscrepancies(l, figures([['u1', 2000]]))).toEqual([]);
    // Captured but never credited, or credited short.
    const lost = [paid('cp1', 2000), topUpCapture('cp1', 2000), paid('cp2', 700), topUpCapture('cp2', 700), credited('u1', 'cp2', 500, 500)].reduce(foldLedger, emptyLedger());
    expect(walletDiscrepancies(lost, figures([['u1', 500]], 500, [['cp1', 2000], ['cp2', 700]]))).toEqual([
      'crypto payment cp2: credited 500 ≠ paid 700',
      'crypto payment cp1: credited none ≠ paid 2000',
      'wallet top-up cp1: captured 2000 ≠ credited none',
      'wallet top-up cp2: captured 700 ≠ credited 500',
      'crypto provider received 700 for cp2 ≠ credited 500',
    ]);
  });

  it('a refund into the wallet is a reversal of the wallet payment', () => {
    const l = honest.reduce(foldLedger, emptyLedger());
    expect(l.netByMethod).toEqual({ card: 999, wallet: 0 });
    expect(l.wallet.byUser.u1).toEqual({ toppedUpCents: 2000, debitedCents: 1500, refundedCents: 1500, balanceCents: 2000 });
    expect(walletDiscrepancies(l, figures([['u1', 2000]]))).toEqual([]);
  });

  it('names every way the wallets can disagree', () => {
    const broken = [
      paid('cp1', 2000),
      credited('u1', 'cp1', 2000, 2000),
      credited('u1', 'cp2', 500, 2600), // states a balance that does not follow; credited without a paid payment
      debited('u1', 'pay1', 3000, -400), // below 0; no captured payment
    ].reduce(foldLedger, emptyLedger());
    expect(walletDiscrepancies(broken, figures([['u1', 0]], 2000, [['cp1', 1900]]))).toEqual([
      'wallet of u1: top-up cp2 states balance 2600, expected 2500',
      'wallet of u1 went below 0 (-400) at purchase pay1',
      'wallet of u1: balance -400 ≠ top-ups − debits + refunds -500',
      'wallet read model of u1: balance 0 ≠ event log -400',
      'transactions report wallet top-ups 2000 ≠ wallet credits 2500',
      'crypto payment cp2: credited 500 ≠ paid none',
      'wallet purchase pay1: debited 3000 ≠ captured none',
      'crypto provider received 1900 for cp1 ≠ credited 2000',
      'crypto provider received nothing for cp2 ≠ credited 500',
    ]);
  });
});

describe('a second sale at the provider (a page paid twice)', () => {
  const dup = { paymentId: 'pay-a', userId: 'a', purpose: purposeOf('unlock'), reference: 'sale-2', amountCents: 1500, currency: 'USD' };
  const taken: AnyDomainEvent = { type: 'PaymentDuplicateSaleCaptured', data: { ...dup, capturedAt: AT } };
  const given: AnyDomainEvent = { type: 'PaymentDuplicateSaleRefunded', data: { ...dup, gatewayTransactionId: 'sale-2', refundedAt: AT } };
  const figures = (l: ReturnType<typeof emptyLedger>, providerCents: number, duplicateSaleTransactionsCents: number) =>
    ledgerDiscrepancies(l, { earningsCents: netCents(l), transactionsCents: netCents(l), providerCents, duplicateSaleTransactionsCents });

  it('is not earnings, but held on the card side against the provider until refunded, and named while owed', () => {
    const owed = [captured('a', 1500), taken].reduce(foldLedger, emptyLedger());
    expect(netCents(owed)).toBe(1500);
    expect(owed.netByMethod.card).toBe(3000);
    expect(figures(owed, 3000, 1500)).toEqual(['second sale sale-2 of payment pay-a: 1500 taken and not refunded']);
    const done = [captured('a', 1500), taken, given].reduce(foldLedger, emptyLedger());
    expect(done.netByMethod.card).toBe(1500);
    expect(figures(done, 1500, 0)).toEqual([]);
    expect(figures(done, 3000, 0)).toEqual(['payment provider net 3000 ≠ event log net 1500']);
    expect(figures(done, 1500, 1500)).toEqual(['transactions report second sales 1500 ≠ event log 0']);
  });
});
