// Read models: subscribers (one row per fan who ever had a membership) with everything the status, the
// membership page and the rebill scheduler need, and the cancellations report.
//
// The `next_charge_at` column is the rebill scheduler's durable queue: when the next charge attempt of a renewing
// membership is due (the billing date, or the next retry after a decline; at once after the fan saved a new card
// or topped up the wallet while the rebill fails). It is rebuilt from events like every other column, so the
// queue survives restarts and is the same for every process reading it.
import { sql, type Kysely, type NotNull, type Selectable } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { storeRow, subscribersTables, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { isActive, subscriptionStatus, type RebillFailure } from '../domain/subscription/subscription';
import type { AdminCancellationRecord, SubscriptionDetail } from '../domain/subscription/wire';
import type { SubscriptionStatusCode } from '../domain/shared/wire';

export interface SubscriberRow {
  user_id: string;
  price_cents: number;
  recurring_price_cents: number;
  payment_method: string;
  started_at: string;
  expires_at: string;
  /** null: the membership does not renew. */
  next_billing_at: string | null;
  periods: number;
  last_payment_id: string;
  /** initial | rebill | offer | migration | complimentary (what started the running period). */
  kind: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  rebill_failed_at: string | null;
  rebill_failure_code: string | null;
  rebill_attempts: number | null;
  rebill_retry_at: string | null;
  /** When the fan last closed the rebill-failed popup (POST /api/users/updateRebillNotificationDate). */
  rebill_notified_at: string | null;
  /** A new card or a wallet top-up while the rebill fails: retried at once. */
  payment_updated_at: string | null;
  complimentary: boolean | null;
  paid_until: string | null;
  billing_api: string | null;
  promotion_id: string | null;
  coupon_code: string | null;
  migration_conditions_accepted_at: string | null;
  /** The scheduler's queue: when the next charge attempt is due; null when nothing is to be charged. */
  next_charge_at: string | null;
  /** The report row of the latest cancellation (marked when the fan reactivates). */
  last_cancellation_id: string | null;
  /** The member's tier (null: the base tier), bundle length (null: monthly) and a downgrade due at the next renewal. */
  tier_id: string | null;
  bundle_months: number | null;
  scheduled_tier_id: string | null;
}

export interface CancellationRow {
  id: string;
  user_id: string;
  cancelled_at: string;
  reason: string | null;
  other_reason: string | null;
  request_from: string;
  cancelled_by: string;
  /** The actor who asked (the fan, the admin behind a proxy session, or null for the system). */
  actor_id: string | null;
  expires_at: string | null;
  reactivated_at: string | null;
}

const EMPTY: Omit<SubscriberRow, 'user_id'> = {
  price_cents: 0, recurring_price_cents: 0, payment_method: 'card', started_at: '', expires_at: '', next_billing_at: null, periods: 0, last_payment_id: '',
  kind: null, cancelled_at: null, cancel_reason: null, rebill_failed_at: null, rebill_failure_code: null, rebill_attempts: null, rebill_retry_at: null,
  rebill_notified_at: null, payment_updated_at: null, complimentary: false, paid_until: null, billing_api: null, promotion_id: null, coupon_code: null,
  migration_conditions_accepted_at: null, next_charge_at: null, last_cancellation_id: null, tier_id: null, bundle_months: null, scheduled_tier_id: null,
};

/** The queue column from the row's renewal and failure state. */
function withQueue(row: SubscriberRow): SubscriberRow {
  let next: string | null = null;
  if (row.next_billing_at) {
    next = row.rebill_failed_at ? row.rebill_retry_at : row.next_billing_at;
    // A new payment method after the last failure: try again at once.
    if (row.rebill_failed_at && row.payment_updated_at && Date.parse(row.payment_updated_at) > Date.parse(row.rebill_failed_at)) next = row.payment_updated_at;
  }
  return { ...row, next_charge_at: next };
}

const iso = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : new Date(v as string).toISOString());

export const subscribersProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'subscribers',
  tables: subscribersTables,
  handles: [
    'SubscriptionStarted', 'FreeSubscriptionStarted', 'ComplimentarySubscriptionGiven', 'ComplimentarySubscriptionCancelled', 'SubscriptionRevoked', 'SubscriptionPaymentFailed',
    'SubscriptionCancelled', 'SubscriptionReactivated', 'RebillNotificationDateUpdated', 'MigrationConditionsAccepted',
    'SubscriptionTierChanged', 'SubscriptionTierChangeScheduled',
    // A new primary card or a wallet top-up while a rebill fails: the queue retries at once.
    'PrimaryCardSet', 'WalletCredited', 'DefaultPaymentMethodChanged',
  ],
  async apply(event, store) {
    const { type, data: d } = event;
    const prev = await store.get<SubscriberRow>('subscribers', { user_id: d.userId });
    const put = (row: SubscriberRow) => store.put('subscribers', withQueue(row));
    switch (type) {
      case 'SubscriptionStarted':
      case 'FreeSubscriptionStarted': {
        put({
          ...EMPTY,
          ...prev,
          user_id: d.userId,
          price_cents: d.amountCents,
          recurring_price_cents: d.recurringCents,
          payment_method: d.paymentMethod ?? prev?.payment_method ?? 'card',
          started_at: prev?.started_at || d.startedAt,
          expires_at: d.expiresAt,
          next_billing_at: d.nextBillingAt ?? null,
          periods: (prev?.periods ?? 0) + 1,
          last_payment_id: d.paymentId ?? '',
          kind: d.kind ?? (d.period > 1 ? 'rebill' : 'initial'),
          cancelled_at: null,
          cancel_reason: null,
          rebill_failed_at: null,
          rebill_failure_code: null,
          rebill_attempts: null,
          rebill_retry_at: null,
          payment_updated_at: null,
          complimentary: false,
          paid_until: d.expiresAt,
          billing_api: d.billingApi ?? prev?.billing_api ?? null,
          promotion_id: d.kind === 'rebill' ? prev?.promotion_id ?? null : d.promotionId ?? null,
          coupon_code: d.kind === 'rebill' ? prev?.coupon_code ?? null : d.couponCode ?? null,
          tier_id: d.tierId ?? null,
          bundle_months: d.bundle?.months ?? null,
          scheduled_tier_id: null,
        });
        return;
      }
      case 'SubscriptionTierChanged':
        if (prev) put({ ...prev, tier_id: d.tierId, recurring_price_cents: d.recurringCents, scheduled_tier_id: null });
        return;
      case 'SubscriptionTierChangeScheduled':
        if (prev) put({ ...prev, scheduled_tier_id: d.tierId === (prev.tier_id ?? 'base') ? null : d.tierId });
        return;
      case 'ComplimentarySubscriptionGiven': {
        const renewing = (d.nextBillingAt ?? null) !== null;
        put({
          ...EMPTY,
          ...prev,
          user_id: d.userId,
          payment_method: renewing ? prev?.payment_method ?? 'card' : 'complimentary',
          started_at: prev?.started_at || d.startedAt,
          expires_at: d.expiresAt,
          next_billing_at: d.nextBillingAt ?? null,
          kind: renewing ? prev?.kind ?? null : 'complimentary',
          complimentary: !renewing,
          rebill_failed_at: renewing ? prev?.rebill_failed_at ?? null : null,
          rebill_retry_at: renewing ? prev?.rebill_retry_at ?? null : null,
        });
        return;
      }
      case 'ComplimentarySubscriptionCancelled':
        if (prev) put({ ...prev, expires_at: d.expiresAt, complimentary: false, next_billing_at: null });
        return;
      case 'SubscriptionRevoked':
        // The money for the running period came back: the membership ended then, and nothing more is billed.
        if (prev) put({ ...prev, expires_at: d.revokedAt, paid_until: d.revokedAt, next_billing_at: null, cancelled_at: null, rebill_failed_at: null, rebill_retry_at: null, complimentary: false });
        return;
      case 'SubscriptionPaymentFailed': {
        if (!prev || d.kind !== 'rebill') return;
        put({
          ...prev,
          rebill_failed_at: d.failedAt,
          rebill_failure_code: d.failureCode,
          rebill_attempts: d.attempt ?? (prev.rebill_attempts ?? 0) + 1,
          rebill_retry_at: d.nextRetryAt ?? null,
          next_billing_at: d.final ? null : prev.next_billing_at,
        });
        return;
      }
      case 'SubscriptionCancelled': {
        if (prev)
          put({
            ...prev, cancelled_at: d.cancelledAt, cancel_reason: d.reason === 'Other' && d.otherReason ? `Other: ${d.otherReason}` : d.reason, next_billing_at: null,
            rebill_failed_at: null, rebill_retry_at: null, last_cancellation_id: event.id,
          });
        store.put('subscription_cancellations', {
          id: event.id, user_id: d.userId, cancelled_at: d.cancelledAt, reason: d.reason ?? null, other_reason: d.otherReason ?? null, request_from: d.requestFrom,
          cancelled_by: d.by, actor_id: event.metadata.proxyAdminId ?? event.metadata.userId ?? null, expires_at: d.expiresAt ?? null, reactivated_at: null,
        });
        return;
      }
      case 'SubscriptionReactivated': {
        if (!prev) return;
        // The report shows that the cancellation was taken back.
        const c = prev.last_cancellation_id ? await store.get<CancellationRow>('subscription_cancellations', { id: prev.last_cancellation_id }) : undefined;
        if (c) store.put('subscription_cancellations', { ...c, reactivated_at: d.reactivatedAt });
        put({ ...prev, cancelled_at: null, cancel_reason: null, next_billing_at: d.nextBillingAt });
        return;
      }
      case 'RebillNotificationDateUpdated':
        if (prev) put({ ...prev, rebill_notified_at: d.notifiedAt });
        return;
      case 'MigrationConditionsAccepted':
        if (prev) put({ ...prev, migration_conditions_accepted_at: d.acceptedAt });
        return;
      case 'PrimaryCardSet':
      case 'WalletCredited':
      case 'DefaultPaymentMethodChanged':
        if (prev?.rebill_failed_at && prev.next_billing_at) put({ ...prev, payment_updated_at: event.metadata.at });
        return;
    }
  },
});

// ---------------------------------------------------------------------------------------------------------
// Queries

/** A row read back: timestamps as ISO strings, numbers as numbers ('' for a start or expiry never written). */
/** A row as the driver or to_jsonb gives it → the typed row. */
export function subscriberRow(r: Selectable<ReadModels['subscribers']>): SubscriberRow {
  const row = storeRow('subscribers', r);
  return {
    ...row,
    price_cents: row.price_cents ?? 0,
    recurring_price_cents: row.recurring_price_cents ?? 0,
    payment_method: row.payment_method ?? 'card',
    periods: row.periods ?? 0,
    last_payment_id: row.last_payment_id ?? '',
    started_at: row.started_at ?? '',
    expires_at: row.expires_at ?? '',
    complimentary: !!row.complimentary,
  };
}

export async function findSubscriber(db: Kysely<ReadModels>, userId: string): Promise<SubscriberRow | undefined> {
  const r = await db.withSchema('rm').selectFrom('subscribers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return r ? subscriberRow(r) : undefined;
}

/** A member's start and paid-through dates as stored (no defaults filled in): the push preferences date the membership. */
export async function membershipDates(db: Kysely<ReadModels>, userId: string) {
  return db.withSchema('rm').selectFrom('subscribers').select(['started_at', 'expires_at']).where('user_id', '=', userId).executeTakeFirst();
}

export const subscriberStatus = (row: Pick<SubscriberRow, 'expires_at'> | undefined, nowIso: string): 'active' | 'expired' | null =>
  !row ? null : Date.parse(row.expires_at) > Date.parse(nowIso) ? 'active' : 'expired';

/** The status code ('0' / '1' / '2', domain/subscription) of a row. */
export function statusOfRow(row: SubscriberRow | undefined, nowIso: string): SubscriptionStatusCode {
  if (!row) return '0';
  return subscriptionStatus({ expiresAt: row.expires_at || null, nextBillingAt: row.next_billing_at, cancelledAt: row.cancelled_at }, nowIso);
}

export const rowIsActive = (row: SubscriberRow | undefined, nowIso: string): boolean => !!row && isActive({ expiresAt: row.expires_at || null }, nowIso);

/** The rebill is failing and still being retried. */
export const rowRebillFailed = (row: SubscriberRow | undefined): boolean => !!row && !!row.rebill_failed_at && !!row.next_billing_at;

export function rowRebillFailure(row: SubscriberRow): RebillFailure | null {
  if (!row.rebill_failed_at) return null;
  return { attempts: row.rebill_attempts ?? 1, scheduledFailures: 0, failureCode: row.rebill_failure_code ?? '', failedAt: row.rebill_failed_at, nextRetryAt: row.rebill_retry_at };
}

/** The console's subscription status in SQL: 'active' (renewing or complimentary), 'cancelled' (running, not renewing), 'expired'. */
export const consoleStatusSql = (nowIso: string, alias = 's') =>
  sql<string>`CASE WHEN ${sql.ref(`${alias}.expires_at`)} > ${nowIso}::timestamptz THEN (CASE WHEN ${sql.ref(`${alias}.cancelled_at`)} IS NOT NULL THEN 'cancelled' ELSE 'active' END)
    WHEN ${sql.ref(`${alias}.next_billing_at`)} IS NOT NULL THEN 'past_due' ELSE 'expired' END`;

/** The wire status code in SQL (for the users list). */
export const statusCodeSql = (nowIso: string, alias = 's') =>
  sql<string>`CASE WHEN ${sql.ref(`${alias}.expires_at`)} > ${nowIso}::timestamptz THEN (CASE WHEN ${sql.ref(`${alias}.cancelled_at`)} IS NOT NULL THEN '2' ELSE '1' END)
    WHEN ${sql.ref(`${alias}.next_billing_at`)} IS NOT NULL THEN '1' ELSE '0' END`;

/** Memberships whose next charge attempt is due: the scheduler's queue, oldest first. */
export async function dueSubscriptions(db: Kysely<ReadModels>, nowIso: string, limit: number): Promise<{ user_id: string; immediate: boolean }[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('subscribers')
    .select(['user_id', 'rebill_failed_at', 'payment_updated_at'])
    .where('next_charge_at', '<=', timestamptz(nowIso))
    .where('next_billing_at', 'is not', null)
    .orderBy('next_charge_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    immediate: !!r.rebill_failed_at && !!r.payment_updated_at && Date.parse(iso(r.payment_updated_at)!) > Date.parse(iso(r.rebill_failed_at)!),
  }));
}

/** GET /admin-api/cancellations: who cancelled, when, why (react-admin list params). */
export async function listCancellations(
  db: Kysely<ReadModels>,
  p: { sort?: [string, 'ASC' | 'DESC']; range?: [number, number]; filter?: Record<string, unknown> },
): Promise<{ rows: AdminCancellationRecord[]; total: number }> {
  const filter = p.filter ?? {};
  let q = db
    .withSchema('rm')
    .selectFrom('subscription_cancellations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as a', 'a.id', 'c.actor_id');
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  if (text(filter.id)) q = q.where('c.id', '=', text(filter.id));
  if (text(filter.user_id)) q = q.where('c.user_id', '=', text(filter.user_id));
  if (text(filter.q)) q = q.where((eb) => eb.or([eb('u.email', 'ilike', `%${text(filter.q)}%`), eb('u.name', 'ilike', `%${text(filter.q)}%`)]));
  if (text(filter.reason)) q = q.where('c.reason', '=', text(filter.reason));
  if (text(filter.cancelled_by)) q = q.where('c.cancelled_by', '=', text(filter.cancelled_by));
  if (text(filter.cancelled_at_gte)) q = q.where('c.cancelled_at', '>=', timestamptz(text(filter.cancelled_at_gte)!));
  if (text(filter.cancelled_at_lte)) q = q.where('c.cancelled_at', '<=', timestamptz(text(filter.cancelled_at_lte)!));
  const total = Number(((await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()) as { n: unknown }).n);
  const sortable: Record<string, string> = { cancelled_at: 'c.cancelled_at', reason: 'c.reason', email: 'u.email', expires_at: 'c.expires_at' };
  const [field, order] = p.sort ?? ['cancelled_at', 'DESC'];
  const [from, to] = p.range ?? [0, 24];
  const rows = await q
    .select([
      'c.id', 'c.user_id', 'u.email', 'u.name', 'c.cancelled_at', 'c.reason', 'c.other_reason', 'c.request_from', 'c.cancelled_by', 'c.actor_id',
      'a.email as actor_email', 'c.expires_at', 'c.reactivated_at',
    ])
    // Every cancellation is written with these (SubscriptionCancelled above).
    .$narrowType<{ user_id: NotNull; cancelled_at: NotNull; request_from: NotNull; cancelled_by: AdminCancellationRecord['cancelled_by'] }>()
    .orderBy(sql.ref((Object.hasOwn(sortable, field) && sortable[field]) || 'c.cancelled_at'), order === 'ASC' ? 'asc' : 'desc')
    .orderBy('c.id')
    .offset(Math.max(0, from))
    .limit(Math.max(0, Math.min(500, to - from + 1)))
    .execute();
  return {
    total,
    rows: rows.map((r) => ({ ...r, cancelled_at: r.cancelled_at.toISOString(), expires_at: iso(r.expires_at), reactivated_at: iso(r.reactivated_at) })),
  };
}

/** The membership fields of GET /api/users/me (the user's membership fields) from a subscribers row. */
export function subscriptionMeFields(sub: SubscriberRow | undefined, nowIso: string): {
  isSubscribedEver: boolean;
  ccbillSubscriptionStatus: SubscriptionStatusCode;
  expiration_date: string | null;
  next_billing_date: string | null;
  isRebillFailed: boolean;
  has_complimentary_subscription: boolean;
  subscription_detail: SubscriptionDetail | null;
} {
  if (!sub) {
    return { isSubscribedEver: false, ccbillSubscriptionStatus: '0', expiration_date: null, next_billing_date: null, isRebillFailed: false, has_complimentary_subscription: false, subscription_detail: null };
  }
  const failing = rowRebillFailed(sub);
  const renews = !!sub.next_billing_at;
  return {
    isSubscribedEver: true,
    ccbillSubscriptionStatus: statusOfRow(sub, nowIso),
    expiration_date: sub.expires_at || null,
    next_billing_date: renews ? (failing ? sub.rebill_retry_at : sub.next_billing_at) : null,
    isRebillFailed: failing,
    has_complimentary_subscription: !!sub.complimentary && rowIsActive(sub, nowIso) && !renews,
    subscription_detail: {
      recurring_price: sub.recurring_price_cents / 100,
      recurring_price_cents: sub.recurring_price_cents,
      is_rebill_failed: failing,
      created_at: sub.started_at,
      cancelled_at: sub.cancelled_at,
      rebill_retry_at: failing ? sub.rebill_retry_at : null,
      rebill_failed_at: sub.rebill_failed_at,
      rebill_failure_code: sub.rebill_failure_code,
      rebill_notification_date: sub.rebill_notified_at,
      payment_method: sub.payment_method,
      billing_api: sub.billing_api === 'v1' || sub.billing_api === 'v2' ? sub.billing_api : null,
      renews,
    },
  };
}

/** Members with access now, per tier (the base tier as 'base'). */
export async function membersPerTier(db: Kysely<ReadModels>, nowIso: string): Promise<Map<string, number>> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('subscribers')
    .select((eb) => [eb.fn.coalesce('tier_id', eb.val('base')).as('tier'), eb.fn.countAll<number>().as('n')])
    .where('expires_at', '>', timestamptz(nowIso))
    .groupBy('tier')
    .execute();
  return new Map(rows.map((r) => [String(r.tier), Number(r.n)]));
}
