// Read model: every payment (pending, captured, failed), with whether its entitlement has followed.
// The pending/unentitled rows are what crash recovery resumes, so every purchase kind's grant event marks its
// payment entitled here: a kind whose grant is not read here would be resumed again on every recovery pass.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { transactionsTables, storeRow, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';
import type { TransactionType } from '../domain/payment/wire';
import { countsAsEarnings, isCardTopUp, purchasedItemOf, transactionTypeOf } from '../domain/payment/purchase-kinds';
import { paidBy } from '../domain/wallet/crypto-topup';

export interface TransactionRow {
  id: string;
  user_id: string;
  type: TransactionType;
  amount_cents: number;
  currency: string;
  method: 'card' | 'wallet' | 'crypto';
  card: string | null;
  status: 'pending' | 'captured' | 'failed';
  failure_code: string | null;
  reference_id: string | null;
  gateway_transaction_id: string | null;
  entitled: boolean;
  created_at: string;
  settled_at: string | null;
}

/** The report row of a payment's reversal: a stable id derived from the payment's (one reversal per payment). */
export const reversalId = (paymentId: string) => rowId(`reversal:${paymentId}`);
/** The report rows of a payment's second sale at the provider and of its refund. */
export const secondSaleId = (paymentId: string, reference: string, refund = false) => rowId(`${refund ? 'second-sale-refund' : 'second-sale'}:${paymentId}:${reference}`);

function rowId(seed: string) {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const cardLabel = (card: { brand: string; last4: string } | null | undefined) => (card ? `${card.brand} •••• ${card.last4}` : null);

export const transactionsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'transactions',
  tables: transactionsTables,
  handles: ['PaymentRequested', 'PaymentCaptured', 'PaymentFailed', 'PaymentReversed', 'PaymentPartlyRefunded', 'PostUnlocked', 'SubscriptionStarted', 'SubscriptionTierChanged', 'TipSent', 'CryptoPaymentPaid', 'ChatMessageUnlocked', 'ChatMessageSent', 'LiveMinuteCharged', 'PaymentDuplicateSaleCaptured', 'PaymentDuplicateSaleRefunded', 'WalletCredited', 'ChatBookingConfirmed', 'ShopOrderPaid'],
  async apply(event, store) {
    const { type, data: d } = event;
    // A crypto top-up's row is the crypto payment's own (written when the provider reported it paid, below); its
    // payment events, which follow, change nothing here. A card top-up is a payment row like a purchase's.
    if ((type === 'PaymentRequested' || type === 'PaymentCaptured' || type === 'PaymentFailed') && !countsAsEarnings(d.purpose) && !isCardTopUp(d.purpose)) return;
    switch (type) {
      case 'PaymentRequested':
        store.put('transactions', {
          id: d.paymentId, user_id: d.userId, type: transactionTypeOf(d.purpose),
          amount_cents: d.amountCents, currency: d.currency, method: d.method, card: cardLabel(d.card), status: 'pending', failure_code: null,
          reference_id: purchasedItemOf(d.purpose), gateway_transaction_id: null, entitled: false,
          created_at: d.requestedAt, settled_at: null,
        });
        break;
      case 'PaymentCaptured':
        await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => ({ ...t, status: 'captured', gateway_transaction_id: d.gatewayTransactionId, settled_at: d.capturedAt }));
        break;
      case 'PaymentFailed':
        await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => ({ ...t, status: 'failed', failure_code: d.failureCode, settled_at: d.failedAt }));
        break;
      case 'PaymentReversed':
      case 'PaymentPartlyRefunded': {
        // Its own row, negative, so the report lists every movement of money and sums to what was kept.
        const paid = await store.get<TransactionRow>('transactions', { id: d.paymentId });
        store.put('transactions', {
          id: type === 'PaymentPartlyRefunded' ? rowId(`part-refund:${d.paymentId}:${d.refundId}`) : reversalId(d.paymentId), user_id: d.userId, type: d.kind, amount_cents: -d.amountCents, currency: paid?.currency ?? 'USD',
          method: paid?.method ?? 'card', card: paid?.card ?? null, status: 'captured', failure_code: null, reference_id: d.paymentId,
          gateway_transaction_id: paid?.gateway_transaction_id ?? null, entitled: true, created_at: d.reversedAt, settled_at: d.reversedAt,
        });
        // Money that came back leaves nothing to resume: a payment refunded because what it paid for was gone
        // stays unentitled (so the recovery finishes its refund) only until then.
        if (type === 'PaymentReversed' && paid && !paid.entitled) store.put('transactions', { ...paid, entitled: true });
        break;
      }
      case 'PaymentDuplicateSaleCaptured':
      case 'PaymentDuplicateSaleRefunded': {
        // The provider's second sale for a paid payment, and its refund: rows of their own, owed back and given back.
        const paid = await store.get<TransactionRow>('transactions', { id: d.paymentId });
        const refund = type === 'PaymentDuplicateSaleRefunded';
        const at = refund ? d.refundedAt : d.capturedAt;
        store.put('transactions', {
          id: secondSaleId(d.paymentId, d.reference, refund), user_id: d.userId, type: refund ? 'second_sale_refund' : 'second_sale', amount_cents: refund ? -d.amountCents : d.amountCents,
          currency: d.currency, method: 'card', card: paid?.card ?? null, status: 'captured', failure_code: null, reference_id: d.paymentId,
          gateway_transaction_id: refund ? d.gatewayTransactionId : d.reference, entitled: true, created_at: at, settled_at: at,
        });
        break;
      }
      case 'CryptoPaymentPaid':
        // A wallet top-up: money the fan holds in the wallet, not earnings (the purchases it pays for are).
        store.put('transactions', {
          id: d.paymentId, user_id: d.userId, type: 'wallet_topup', amount_cents: d.creditCents, currency: 'USD', method: 'crypto', card: d.currency,
          status: 'captured', failure_code: null, reference_id: d.paymentId, gateway_transaction_id: paidBy(d),
          entitled: true, created_at: d.paidAt, settled_at: d.paidAt,
        });
        break;
      case 'SubscriptionTierChanged':
        // An upgrade's charge: the tier it paid for is what it bought (a free upgrade or an undone one has no payment).
        if (d.paymentId && d.reason === 'upgrade') await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'PostUnlocked':
      case 'SubscriptionStarted':
        await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'TipSent':
        // A tip's id is its payment's: the tip is what the money was for.
        await update<TransactionRow>(store, 'transactions', { id: d.tipId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'ChatMessageUnlocked':
        // A staff unlock ("Unlock for this Subscriber") has no payment.
        if (d.paymentId) await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'ChatMessageSent':
        // A pay-per-message message is what its payment bought: delivered means entitled.
        if (d.payPerMessage?.paymentId) await update<TransactionRow>(store, 'transactions', { id: d.payPerMessage.paymentId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'WalletCredited':
        // A card top-up's payment bought the credit: credited means entitled (a crypto top-up's row already is).
        await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => (t.entitled ? t : { ...t, entitled: true }));
        break;
      case 'LiveMinuteCharged':
        // A one-to-one minute's payment bought that minute: recorded on the session means entitled.
        await update<TransactionRow>(store, 'transactions', { id: d.paymentId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'ChatBookingConfirmed':
        // A booking's id is its payment's: booked means entitled (a slot lost meanwhile is refunded instead).
        await update<TransactionRow>(store, 'transactions', { id: d.bookingId }, (t) => ({ ...t, entitled: true }));
        break;
      case 'ShopOrderPaid':
        // An order's id is its payment's: paid means its stock was sold to it.
        await update<TransactionRow>(store, 'transactions', { id: d.orderId }, (t) => ({ ...t, entitled: true }));
        break;
    }
  },
});

/**
 * Wallet purchases whose money went back into the wallet but whose payment was not reversed (a crash between the
 * two steps of commands/payment/process.ts refundWalletPayment): the recovery finishes the reversal.
 */
export async function walletRefundsNotReversed(db: Kysely<ReadModels>): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT DISTINCT h.reference_id AS id FROM rm.wallet_history h
    JOIN rm.transactions t ON t.id = h.reference_id AND t.status = 'captured' AND t.method = 'wallet'
    WHERE h.kind = 'refund' AND NOT EXISTS (SELECT 1 FROM rm.transactions r WHERE r.reference_id = h.reference_id AND r.type IN ('refund', 'void', 'chargeback'))`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Second sales recorded at a provider and not refunded yet (a crash or a provider outage between the two steps). */
export async function secondSalesNotRefunded(db: Kysely<ReadModels>): Promise<{ paymentId: string; reference: string }[]> {
  const rows = await db.withSchema('rm').selectFrom('transactions').select(['id', 'type', 'reference_id', 'gateway_transaction_id']).where('type', 'in', ['second_sale', 'second_sale_refund']).execute();
  const refunded = new Set(rows.filter((r) => r.type === 'second_sale_refund').map((r) => r.id));
  return rows
    .filter((r) => r.type === 'second_sale' && r.reference_id && r.gateway_transaction_id && !refunded.has(secondSaleId(r.reference_id, r.gateway_transaction_id, true)))
    .map((r) => ({ paymentId: r.reference_id!, reference: r.gateway_transaction_id! }));
}

/** Payments a crash may have left half-way: requested but never settled, or captured without the entitlement. */
export async function unfinishedPayments(db: Kysely<ReadModels>, olderThanIso: string): Promise<string[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('transactions')
    .select('id')
    .where('created_at', '<', timestamptz(olderThanIso))
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'captured'), eb('entitled', '=', false)])]))
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

/**
 * One fan's own payments, newest first (their payment history page, GET /api/users/payments): every row whose
 * user_id is theirs — payments, top-ups and the reversals of their payments — and what they paid in money: the
 * captured card and crypto rows (wallet purchases were paid when the wallet was topped up, so they are not counted twice).
 */
export async function listUserPayments(db: Kysely<ReadModels>, userId: string, p: { offset: number; limit: number; id?: string }) {
  let q = db.withSchema('rm').selectFrom('transactions').where('user_id', '=', userId);
  if (p.id !== undefined) q = q.where('id', '=', p.id);
  const [rows, totals] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(p.limit).offset(p.offset).execute(),
    q
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount_cents) FILTER (WHERE status = 'captured' AND method <> 'wallet'), 0)`.as('paid')])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => storeRow('transactions', r) as TransactionRow), total: Number(totals.n), paidCents: Number(totals.paid) };
}
