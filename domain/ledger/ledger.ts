// The auditor's ledger: a pure fold over the event log that says how much money moved, by source and by fan.
// It is computed from the events alone, so it can be held against every read model that reports money
// (earnings, transactions, wallets) and against the payment providers' own books (projections/ledger-check.ts).
//
// Wallets: a top-up is the fan's money held for them, not earnings; a purchase paid from the wallet is earnings
// (a PaymentCaptured with method 'wallet'), counted once. So the ledger keeps, per fan, what was topped up,
// debited and refunded into the wallet, and checks that every balance equals top-ups − debits + refunds and was
// never below 0; that every wallet debit is exactly one captured wallet payment (and every wallet refund one
// reversal); that every credited crypto top-up is a paid crypto payment of the same amount; and that every captured
// top-up payment (a PaymentCaptured for a wallet top-up: the fan's money, not earnings) was credited, once, in full.
// A top-up by card is charged at the card provider: its provider's books show it beside the card purchases.
import type { AnyDomainEvent } from '../events';
import { EARNINGS_SOURCES, earningsSourceOf, isCardTopUp, type EarningsSource } from '../payment/purchase-kinds';

export type LedgerSource = EarningsSource;

export interface Ledger {
  captures: number;
  capturedCents: number;
  refundedCents: number;
  voidedCents: number;
  chargedBackCents: number;
  chargebacks: number;
  /** Net kept per source (captures minus reversals). */
  netBySource: Record<LedgerSource, number>;
  /** Net paid per fan. */
  netByUser: Record<string, number>;
  /** Net kept per payment method: what the card provider should show, and what was paid from wallets. */
  netByMethod: { card: number; wallet: number };
  /**
   * Captured payment ids per fan request (`<userId> <Idempotency-Key>`): a retried request must find its first
   * payment, so a key with two captures is money taken twice for one request.
   */
  capturesByRequest: Record<string, string[]>;
  /**
   * Second sales the provider made for one payment (its page paid twice), by `<paymentId> <reference>`: cents taken
   * and cents given back. Not earnings: the provider holds them on the card side until they are refunded.
   */
  duplicateSales: Record<string, { capturedCents: number; refundedCents: number }>;
  wallet: WalletLedger;
}

export interface WalletLedger {
  /** Per fan: what went in and out of the wallet, and the balance the last event stated. */
  byUser: Record<string, { toppedUpCents: number; debitedCents: number; refundedCents: number; balanceCents: number }>;
  toppedUpCents: number;
  debitedCents: number;
  refundedCents: number;
  /** Crypto payment id → cents credited to the wallet / cents the payment reported paid. */
  creditedByPayment: Record<string, number>;
  paidByPayment: Record<string, number>;
  /** Captured wallet top-up payment id → cents (each must be credited to the wallet in full). */
  topUpCaptures: Record<string, number>;
  /** Of those, the ones paid by card (charged at the card provider, with no crypto payment behind them). */
  cardTopUps: Record<string, number>;
  /** Wallet debit purchase id → cents; captured wallet payment id → cents (the two must match one to one). */
  debitsByPurchase: Record<string, number>;
  walletCaptures: Record<string, number>;
  /** Wallet refunds by purchase id; reversals of wallet payments by payment id. */
  refundsByPurchase: Record<string, number>;
  walletReversals: Record<string, number>;
  /** Inconsistencies seen while folding (a stated balance that does not follow, or is below 0). */
  problems: string[];
}

const emptyWallet = (): WalletLedger => ({
  byUser: {}, toppedUpCents: 0, debitedCents: 0, refundedCents: 0, creditedByPayment: {}, paidByPayment: {}, topUpCaptures: {}, cardTopUps: {}, debitsByPurchase: {}, walletCaptures: {},
  refundsByPurchase: {}, walletReversals: {}, problems: [],
});

export const emptyLedger = (): Ledger => ({
  captures: 0, capturedCents: 0, refundedCents: 0, voidedCents: 0, chargedBackCents: 0, chargebacks: 0,
  netBySource: Object.fromEntries(EARNINGS_SOURCES.map((s) => [s, 0])) as Record<EarningsSource, number>, netByUser: {}, netByMethod: { card: 0, wallet: 0 }, capturesByRequest: {}, duplicateSales: {}, wallet: emptyWallet(),
});

export const netCents = (l: Ledger) => l.capturedCents - l.refundedCents - l.voidedCents - l.chargedBackCents;

const sourceOf = earningsSourceOf;
/** Events before wallets existed carry no method, or 'card'. */
const methodOf = (d: { method?: string }): 'card' | 'wallet' => (d.method === 'wallet' ? 'wallet' : 'card');

/** One wallet movement: the balance the event states must be the previous one plus the movement, and ≥ 0. */
function walletMove(w: WalletLedger, userId: string, delta: number, stated: number, field: 'toppedUpCents' | 'debitedCents' | 'refundedCents', what: string): WalletLedger {
  const prev = w.byUser[userId] ?? { toppedUpCents: 0, debitedCents: 0, refundedCents: 0, balanceCents: 0 };
  const problems = [...w.problems];
  if (stated !== prev.balanceCents + delta) problems.push(`wallet of ${userId}: ${what} states balance ${stated}, expected ${prev.balanceCents + delta}`);
  if (stated < 0) problems.push(`wallet of ${userId} went below 0 (${stated}) at ${what}`);
  const amount = Math.abs(delta);
  return {
    ...w,
    [field]: w[field] + amount,
    byUser: { ...w.byUser, [userId]: { ...prev, [field]: prev[field] + amount, balanceCents: stated } },
    problems,
  };
}

function foldWallet(w: WalletLedger, event: AnyDomainEvent): WalletLedger {
  const { type, data: d } = event;
  switch (type) {
    case 'WalletCredited': {
      const next = walletMove(w, d.userId, d.amountCents, d.balanceCents, 'toppedUpCents', `top-up ${d.paymentId}`);
      return { ...next, creditedByPayment: { ...next.creditedByPayment, [d.paymentId]: (next.creditedByPayment[d.paymentId] ?? 0) + d.amountCents } };
    }
    case 'WalletDebited': {
      const next = walletMove(w, d.userId, -d.amountCents, d.balanceCents, 'debitedCents', `purchase ${d.purchaseId}`);
      return { ...next, debitsByPurchase: { ...next.debitsByPurchase, [d.purchaseId]: (next.debitsByPurchase[d.purchaseId] ?? 0) + d.amountCents } };
    }
    case 'WalletRefunded': {
      const next = walletMove(w, d.userId, d.amountCents, d.balanceCents, 'refundedCents', `refund ${d.refundId}`);
      return { ...next, refundsByPurchase: { ...next.refundsByPurchase, [d.purchaseId]: (next.refundsByPurchase[d.purchaseId] ?? 0) + d.amountCents } };
    }
    case 'CryptoPaymentPaid':
      return { ...w, paidByPayment: { ...w.paidByPayment, [d.paymentId]: (w.paidByPayment[d.paymentId] ?? 0) + d.creditCents } };
    case 'PaymentCaptured':
      if (sourceOf(d.purpose) === null) {
        const topUpCaptures = { ...w.topUpCaptures, [d.paymentId]: (w.topUpCaptures[d.paymentId] ?? 0) + d.amountCents };
        return isCardTopUp(d.purpose) ? { ...w, topUpCaptures, cardTopUps: { ...w.cardTopUps, [d.paymentId]: (w.cardTopUps[d.paymentId] ?? 0) + d.amountCents } } : { ...w, topUpCaptures };
      }
      return methodOf(d) === 'wallet' ? { ...w, walletCaptures: { ...w.walletCaptures, [d.paymentId]: (w.walletCaptures[d.paymentId] ?? 0) + d.amountCents } } : w;
    case 'PaymentReversed':
    case 'PaymentPartlyRefunded':
      return w.walletCaptures[d.paymentId] !== undefined ? { ...w, walletReversals: { ...w.walletReversals, [d.paymentId]: (w.walletReversals[d.paymentId] ?? 0) + d.amountCents } } : w;
    default:
      return w;
  }
}

/** The ledger after one more event of the log; events that move no money leave it as it was. */
export function foldLedger(l: Ledger, event: AnyDomainEvent): Ledger {
  const withWallet = { ...l, wallet: foldWallet(l.wallet, event) };
  return foldMoney(withWallet, event);
}

function foldMoney(l: Ledger, event: AnyDomainEvent): Ledger {
  const { type, data: d } = event;
  switch (type) {
    case 'PaymentCaptured': {
      const source = sourceOf(d.purpose);
      const request = d.requestKey ? `${d.userId} ${d.requestKey}` : null;
      if (source === null) {
        // A wallet top-up: the fan's own money (the wallet half above folds it); one by card is one fan request too.
        return request && isCardTopUp(d.purpose) ? { ...l, capturesByRequest: { ...l.capturesByRequest, [request]: [...(l.capturesByRequest[request] ?? []), d.paymentId] } } : l;
      }
      return {
        ...l,
        ...(request ? { capturesByRequest: { ...l.capturesByRequest, [request]: [...(l.capturesByRequest[request] ?? []), d.paymentId] } } : {}),
        captures: l.captures + 1,
        capturedCents: l.capturedCents + d.amountCents,
        netBySource: { ...l.netBySource, [source]: l.netBySource[source] + d.amountCents },
        netByUser: { ...l.netByUser, [d.userId]: (l.netByUser[d.userId] ?? 0) + d.amountCents },
        netByMethod: { ...l.netByMethod, [methodOf(d)]: l.netByMethod[methodOf(d)] + d.amountCents },
      };
    }
    case 'PaymentReversed':
    case 'PaymentPartlyRefunded': {
      const source = sourceOf(d.purpose);
      if (source === null) return l; // a wallet top-up is final: never reversed
      const kind = d.kind;
      return {
        ...l,
        refundedCents: l.refundedCents + (kind === 'refund' ? d.amountCents : 0),
        voidedCents: l.voidedCents + (kind === 'void' ? d.amountCents : 0),
        chargedBackCents: l.chargedBackCents + (kind === 'chargeback' ? d.amountCents : 0),
        chargebacks: l.chargebacks + (kind === 'chargeback' ? 1 : 0),
        netBySource: { ...l.netBySource, [source]: l.netBySource[source] - d.amountCents },
        netByUser: { ...l.netByUser, [d.userId]: (l.netByUser[d.userId] ?? 0) - d.amountCents },
        // The reversal of a wallet payment (its capture is known by payment id) comes off the wallet total.
        ...(l.wallet.walletReversals[d.paymentId] !== undefined
          ? { netByMethod: { ...l.netByMethod, wallet: l.netByMethod.wallet - d.amountCents } }
          : { netByMethod: { ...l.netByMethod, card: l.netByMethod.card - d.amountCents } }),
      };
    }
    case 'PaymentDuplicateSaleCaptured':
    case 'PaymentDuplicateSaleRefunded': {
      const key = `${d.paymentId} ${d.reference}`;
      const prev = l.duplicateSales[key] ?? { capturedCents: 0, refundedCents: 0 };
      const captured = type === 'PaymentDuplicateSaleCaptured';
      const next = captured ? { ...prev, capturedCents: prev.capturedCents + d.amountCents } : { ...prev, refundedCents: prev.refundedCents + d.amountCents };
      return { ...l, duplicateSales: { ...l.duplicateSales, [key]: next }, netByMethod: { ...l.netByMethod, card: l.netByMethod.card + (captured ? d.amountCents : -d.amountCents) } };
    }
    default:
      return l;
  }
}

/** Second sales not (fully) given back yet, in cents per `<paymentId> <reference>`. */
export function duplicateSalesOwed(l: Ledger): Record<string, number> {
  const owed: Record<string, number> = {};
  for (const [key, s] of Object.entries(l.duplicateSales)) if (s.capturedCents !== s.refundedCents) owed[key] = s.capturedCents - s.refundedCents;
  return owed;
}

export interface LedgerFigures {
  /** Sum of the earnings read model. */
  earningsCents: number;
  /** Sum of the transactions report's settled payment rows (reversals are negative rows; wallet top-ups excluded). */
  transactionsCents: number;
  /** The provider's captures net of its reversals; null when it cannot be asked (a real provider offline). */
  providerCents: number | null;
  /** The earnings read model per source (subscriptions, unlocks, tips, chat); absent: not compared. */
  earningsBySourceCents?: Record<string, number>;
  /** The transactions report's rows of second sales and their refunds, summed (absent: not compared). */
  duplicateSaleTransactionsCents?: number;
  /** The reports' money movements (report_payments, issue 17) in total and per ledger source; absent: not compared. */
  reportsCents?: number;
  reportsBySourceCents?: Record<string, number>;
}

/** Every way the books can disagree with the event log, in words an auditor reads; empty when they agree. */
export function ledgerDiscrepancies(l: Ledger, f: LedgerFigures): string[] {
  const net = netCents(l);
  const problems: string[] = [];
  if (f.earningsCents !== net) problems.push(`earnings report ${f.earningsCents} ≠ captures − refunds − voids − chargebacks ${net}`);
  if (f.transactionsCents !== net) problems.push(`transactions report ${f.transactionsCents} ≠ event log net ${net}`);
  // The card provider also charged the top-ups paid by card (final: never reversed).
  const cardTopUps = Object.values(l.wallet.cardTopUps).reduce((n, c) => n + c, 0);
  const card = l.netByMethod.card + cardTopUps;
  if (f.providerCents !== null && f.providerCents !== card) problems.push(`payment provider net ${f.providerCents} ≠ event log net ${card}${l.netByMethod.wallet || cardTopUps ? ' (card payments and card top-ups)' : ''}`);
  if (f.earningsBySourceCents) {
    const sources = new Set([...Object.keys(l.netBySource), ...Object.keys(f.earningsBySourceCents)]);
    for (const source of sources) {
      const logged = l.netBySource[source as LedgerSource] ?? 0;
      const reported = f.earningsBySourceCents[source] ?? 0;
      if (logged !== reported) problems.push(`earnings from ${source} ${reported} ≠ event log ${logged}`);
    }
  }
  if (f.reportsCents !== undefined && f.reportsCents !== net) problems.push(`reports ${f.reportsCents} ≠ event log net ${net}`);
  for (const [request, payments] of Object.entries(l.capturesByRequest)) {
    if (payments.length < 2) continue;
    const [userId, key] = request.split(' ');
    problems.push(`request ${key} of fan ${userId} was captured ${payments.length} times: payments ${payments.join(', ')}`);
  }
  const owed = duplicateSalesOwed(l);
  for (const [key, cents] of Object.entries(owed)) {
    const [paymentId, reference] = key.split(' ');
    problems.push(`second sale ${reference} of payment ${paymentId}: ${cents} taken and not refunded`);
  }
  if (f.duplicateSaleTransactionsCents !== undefined) {
    const logged = Object.values(owed).reduce((a, b) => a + b, 0);
    if (f.duplicateSaleTransactionsCents !== logged) problems.push(`transactions report second sales ${f.duplicateSaleTransactionsCents} ≠ event log ${logged}`);
  }
  if (f.reportsBySourceCents) {
    for (const source of new Set([...Object.keys(l.netBySource), ...Object.keys(f.reportsBySourceCents)])) {
      const logged = l.netBySource[source as LedgerSource] ?? 0;
      const reported = f.reportsBySourceCents[source] ?? 0;
      if (logged !== reported) problems.push(`reports from ${source} ${reported} ≠ event log ${logged}`);
    }
  }
  return problems;
}

export interface WalletFigures {
  /** Each fan's balance in the wallet read model. */
  readModelBalances: Map<string, number>;
  /** Sum of the transactions report's wallet top-up rows. */
  topUpTransactionsCents: number;
  /** The crypto provider's books: USD cents received per payment; null when it cannot be asked. */
  cryptoReceived: Map<string, number> | null;
}

/** The wallet half of the audit; empty when the wallets, their read model and the crypto provider agree. */
export function walletDiscrepancies(l: Ledger, f: WalletFigures): string[] {
  const w = l.wallet;
  const problems = [...w.problems];
  for (const [userId, u] of Object.entries(w.byUser)) {
    const expected = u.toppedUpCents - u.debitedCents + u.refundedCents;
    if (u.balanceCents !== expected) problems.push(`wallet of ${userId}: balance ${u.balanceCents} ≠ top-ups − debits + refunds ${expected}`);
  }
  for (const userId of new Set([...Object.keys(w.byUser), ...f.readModelBalances.keys()])) {
    const logged = w.byUser[userId]?.balanceCents ?? 0;
    const read = f.readModelBalances.get(userId) ?? 0;
    if (logged !== read) problems.push(`wallet read model of ${userId}: balance ${read} ≠ event log ${logged}`);
  }
  if (f.topUpTransactionsCents !== w.toppedUpCents) problems.push(`transactions report wallet top-ups ${f.topUpTransactionsCents} ≠ wallet credits ${w.toppedUpCents}`);
  const oneToOne = (a: Record<string, number>, b: Record<string, number>, what: string, left: string, right: string) => {
    for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (a[id] !== b[id]) problems.push(`${what} ${id}: ${left} ${a[id] ?? 'none'} ≠ ${right} ${b[id] ?? 'none'}`);
    }
  };
  const byCrypto = (byPayment: Record<string, number>) => Object.fromEntries(Object.entries(byPayment).filter(([id]) => w.cardTopUps[id] === undefined));
  oneToOne(byCrypto(w.creditedByPayment), w.paidByPayment, 'crypto payment', 'credited', 'paid');
  // Top-ups credited before they were payments have no capture; every capture must have its credit.
  for (const [paymentId, captured] of Object.entries(w.topUpCaptures)) {
    if (w.creditedByPayment[paymentId] !== captured) problems.push(`wallet top-up ${paymentId}: captured ${captured} ≠ credited ${w.creditedByPayment[paymentId] ?? 'none'}`);
  }
  oneToOne(w.debitsByPurchase, w.walletCaptures, 'wallet purchase', 'debited', 'captured');
  oneToOne(w.refundsByPurchase, w.walletReversals, 'wallet purchase', 'refunded to the wallet', 'reversed');
  if (f.cryptoReceived) {
    for (const [paymentId, credited] of Object.entries(byCrypto(w.creditedByPayment))) {
      const received = f.cryptoReceived.get(paymentId);
      if (received !== credited) problems.push(`crypto provider received ${received ?? 'nothing'} for ${paymentId} ≠ credited ${credited}`);
    }
  }
  return problems;
}
