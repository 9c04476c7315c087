// Read models of the wallet:
//   wallets          one row per fan: balance (the last wallet event's balance), totals, default payment method
//   wallet_history   every movement: top-ups (+), purchases (−), refunds (+), with the balance after it
//   crypto_payments  every crypto top-up and its status, for the console's list, its sandbox controls and the
//                    recovery sweep (paid but not credited, open past its window)
import { CARD_TOP_UP_CURRENCY } from '../domain/payment/purchase-kinds';
import { sql, type Kysely, type NotNull } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { walletTables, storeRow, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';
import type { ListParams, ListResult } from './console-lists';
import type { CryptoPaymentListRow } from '../domain/wallet/views';
import { factsOf, knownPurpose, purchasedItemOf, type RecordedPurpose } from '../domain/payment/purchase-kinds';

export interface WalletRow {
  user_id: string;
  balance_cents: number;
  topped_up_cents: number;
  spent_cents: number;
  refunded_cents: number;
  /** 'crypto_currency', 'card' or null (never chosen: the primary card). */
  default_method: string | null;
  default_card_id: string | null;
  updated_at: string;
}

export interface WalletHistoryRow {
  id: string;
  user_id: string;
  kind: 'top_up' | 'purchase' | 'refund';
  amount_cents: number;
  balance_cents: number;
  currency: string | null;
  reference_id: string;
  description: string;
  created_at: string;
}

export interface CryptoPaymentRow {
  id: string;
  user_id: string;
  currency: string;
  amount_cents: number;
  crypto_amount: string | null;
  address: string | null;
  reference_no: string | null;
  status: 'created' | 'waiting' | 'underpaid' | 'paid' | 'expired' | 'failed';
  received_cents: number;
  credit_cents: number;
  credited: boolean;
  settled_by: string | null;
  created_at: string;
  expires_at: string;
  updated_at: string;
}

const emptyWallet = (userId: string, at: string): WalletRow => ({
  user_id: userId, balance_cents: 0, topped_up_cents: 0, spent_cents: 0, refunded_cents: 0, default_method: null, default_card_id: null, updated_at: at,
});

const describePurchase = (p: RecordedPurpose): string => (knownPurpose(p) ? factsOf(p).walletLine : 'Purchase');
const referenceOf = (p: RecordedPurpose): string => purchasedItemOf(p) ?? '';

export const walletProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'wallet',
  tables: walletTables,
  handles: [
    'WalletCredited', 'WalletDebited', 'WalletRefunded', 'DefaultPaymentMethodChanged',
    'CryptoPaymentCreated', 'CryptoPaymentStarted', 'CryptoPaymentUnderpaid', 'CryptoPaymentPaid', 'CryptoPaymentExpired', 'CryptoPaymentFailed',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const wallet = async (userId: string, at: string) => (await store.get<WalletRow>('wallets', { user_id: userId })) ?? emptyWallet(userId, at);
    const payment = (id: string, change: (row: CryptoPaymentRow) => CryptoPaymentRow) => update<CryptoPaymentRow>(store, 'crypto_payments', { id }, change);
    switch (type) {
      case 'WalletCredited': {
        const w = await wallet(d.userId, d.creditedAt);
        // A top-up adds money only: the default payment method changes when the fan chooses it, else
        // a wallet topped up once would silently pay the membership renewals.
        store.put('wallets', { ...w, balance_cents: d.balanceCents, topped_up_cents: Number(w.topped_up_cents) + d.amountCents, updated_at: d.creditedAt });
        store.put('wallet_history', {
          id: `topup-${d.paymentId}`, user_id: d.userId, kind: 'top_up', amount_cents: d.amountCents, balance_cents: d.balanceCents, currency: d.currency,
          reference_id: d.paymentId, description: d.currency === CARD_TOP_UP_CURRENCY ? 'Added funds by card' : `Added funds (${d.currency})`, created_at: d.creditedAt,
        });
        await payment(d.paymentId, (p) => ({ ...p, credited: true, updated_at: d.creditedAt }));
        break;
      }
      case 'WalletDebited': {
        const w = await wallet(d.userId, d.debitedAt);
        store.put('wallets', { ...w, balance_cents: d.balanceCents, spent_cents: Number(w.spent_cents) + d.amountCents, updated_at: d.debitedAt });
        store.put('wallet_history', {
          id: `debit-${d.purchaseId}`, user_id: d.userId, kind: 'purchase', amount_cents: -d.amountCents, balance_cents: d.balanceCents, currency: 'USD',
          reference_id: referenceOf(d.purchase), description: describePurchase(d.purchase), created_at: d.debitedAt,
        });
        break;
      }
      case 'WalletRefunded': {
        const w = await wallet(d.userId, d.refundedAt);
        store.put('wallets', { ...w, balance_cents: d.balanceCents, refunded_cents: Number(w.refunded_cents) + d.amountCents, updated_at: d.refundedAt });
        store.put('wallet_history', {
          id: `refund-${d.refundId}`, user_id: d.userId, kind: 'refund', amount_cents: d.amountCents, balance_cents: d.balanceCents, currency: 'USD',
          reference_id: d.purchaseId, description: `Refund: ${d.reason}`, created_at: d.refundedAt,
        });
        break;
      }
      case 'DefaultPaymentMethodChanged': {
        const w = await wallet(d.userId, d.changedAt);
        store.put('wallets', { ...w, default_method: d.method, default_card_id: d.cardId ?? null, updated_at: d.changedAt });
        break;
      }
      case 'CryptoPaymentCreated':
        store.put('crypto_payments', {
          id: d.paymentId, user_id: d.userId, currency: d.currency, amount_cents: d.amountCents, crypto_amount: null, address: null, reference_no: null,
          status: 'created', received_cents: 0, credit_cents: 0, credited: false, settled_by: null, created_at: d.createdAt, expires_at: d.expiresAt, updated_at: d.createdAt,
        });
        break;
      case 'CryptoPaymentStarted':
        await payment(d.paymentId, (p) => ({ ...p, status: 'waiting', crypto_amount: d.cryptoAmount, address: d.address, reference_no: d.referenceNo, updated_at: d.startedAt }));
        break;
      case 'CryptoPaymentUnderpaid':
        await payment(d.paymentId, (p) => ({ ...p, status: 'underpaid', received_cents: d.receivedCents, updated_at: d.at }));
        break;
      case 'CryptoPaymentPaid':
        await payment(d.paymentId, (p) => ({ ...p, status: 'paid', received_cents: Math.max(Number(p.received_cents), d.creditCents), credit_cents: d.creditCents, settled_by: d.settledBy ?? null, updated_at: d.paidAt }));
        break;
      case 'CryptoPaymentExpired':
        await payment(d.paymentId, (p) => ({ ...p, status: 'expired', updated_at: d.expiredAt }));
        break;
      case 'CryptoPaymentFailed':
        await payment(d.paymentId, (p) => ({ ...p, status: 'failed', updated_at: d.failedAt }));
        break;
    }
  },
});

export async function findWallet(db: Kysely<ReadModels>, userId: string): Promise<WalletRow | undefined> {
  const row = await db.withSchema('rm').selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? (storeRow('wallets', row) as WalletRow) : undefined;
}

export async function walletHistory(db: Kysely<ReadModels>, userId: string, page: number, perPage: number): Promise<{ rows: WalletHistoryRow[]; total: number }> {
  const base = db.withSchema('rm').selectFrom('wallet_history').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => storeRow('wallet_history', r) as WalletHistoryRow),
    total: Number((count as { n: number } | undefined)?.n ?? 0),
  };
}

/** Crypto payments the recovery sweep finishes: paid but not credited, or open after their 15 minutes. */
export async function cryptoPaymentsToResume(db: Kysely<ReadModels>, nowIso: string): Promise<string[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('crypto_payments')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'paid'), eb('credited', '=', false)]), eb.and([eb('status', 'in', ['created', 'waiting']), eb('expires_at', '<=', timestamptz(nowIso))])]))
    .limit(500)
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The console's list of crypto top-ups (react-admin sort, range, filter), with the fan's email. */
export async function listCryptoPayments(db: Kysely<ReadModels>, p: ListParams): Promise<ListResult<CryptoPaymentListRow>> {
  let q = db
    .withSchema('rm')
    .selectFrom((eb) =>
      eb
        .selectFrom('crypto_payments as c')
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select([
          'c.id', 'c.user_id', 'u.email as user_email', 'c.currency', 'c.amount_cents', 'c.crypto_amount', 'c.address', 'c.reference_no', 'c.status',
          'c.received_cents', 'c.credit_cents', 'c.credited', 'c.settled_by', 'c.created_at', 'c.expires_at', 'c.updated_at',
        ])
        .as('x'),
    );
  const ids = p.filter.id;
  if (Array.isArray(ids)) q = q.where(sql.ref('id'), 'in', ids.length ? ids.map(String) : ['']);
  else if (typeof ids === 'string') q = q.where(sql.ref('id'), '=', ids);
  if (str(p.filter.q)) q = q.where((eb) => eb.or([eb('user_email', 'ilike', like(p.filter.q)), eb('reference_no', 'ilike', like(p.filter.q))]));
  if (str(p.filter.status)) q = q.where('status', '=', str(p.filter.status)!);
  if (str(p.filter.user_id)) q = q.where('user_id', '=', str(p.filter.user_id)!);
  const sortable: Record<string, string> = { created_at: 'created_at', amount_cents: 'amount_cents', status: 'status', currency: 'currency' };
  const col = (Object.hasOwn(sortable, p.sort[0]) && sortable[p.sort[0]]) || 'created_at';
  const dir = p.sort[1] === 'ASC' ? 'asc' : 'desc';
  const [from, to] = p.range;
  const limit = Math.min(Math.max(to - from + 1, 1), 500);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy(sql.ref(col), dir).orderBy(sql.ref('id'), dir).limit(limit).offset(Math.max(from, 0))
      // Every crypto payment is created with these (CryptoPaymentCreated above).
      .$narrowType<{
        user_id: NotNull; currency: NotNull; amount_cents: NotNull; status: CryptoPaymentListRow['status']; received_cents: NotNull; credit_cents: NotNull;
        created_at: NotNull; expires_at: NotNull; updated_at: NotNull;
      }>()
      .execute(),
    q.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Sum of the wallet balances and each fan's balance: the ledger check holds them against the event log. */
export async function walletBalances(db: Kysely<ReadModels>): Promise<Map<string, number>> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass('rm.wallets')::text AS t`.execute(db);
  if (!exists.rows[0]?.t) return new Map();
  const rows = await db.withSchema('rm').selectFrom('wallets').select(['user_id', 'balance_cents']).execute();
  return new Map(rows.map((r) => [r.user_id as string, Number(r.balance_cents)]));
}
