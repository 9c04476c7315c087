// Read model: the resubscribe offer report: every lapsed member who came back
// through the offer — when, what they were charged then (0 for free months), the price after, how they pay,
// and whether the period was later taken back (refund, void, chargeback).
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { resubscribeOffersTables, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';

export interface OfferAcceptanceRow {
  id: string;
  user_id: string;
  payment_id: string | null;
  charged_cents: number;
  recurring_cents: number;
  renews: boolean;
  payment_method: string;
  accepted_at: string;
  expires_at: string;
  /** active | refund | void | chargeback */
  status: string;
}

export const resubscribeOffersProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'resubscribe-offers',
  tables: resubscribeOffersTables,
  handles: ['SubscriptionStarted', 'FreeSubscriptionStarted', 'SubscriptionRevoked'],
  async apply(event, store) {
    const { type, data: d } = event;
    if (type === 'SubscriptionRevoked') {
      // The money of an offer period came back: the row says so (kept, so the report stays a history).
      if (!d.paymentId) return;
      await update<OfferAcceptanceRow>(store, 'offer_acceptances', { id: d.paymentId }, (r) => ({ ...r, status: d.reason }));
      return;
    }
    if (d.kind !== 'offer') return;
    store.put('offer_acceptances', {
      id: d.paymentId ?? `${d.userId}-${d.period}`, user_id: d.userId, payment_id: d.paymentId, charged_cents: d.amountCents, recurring_cents: d.recurringCents,
      renews: d.nextBillingAt !== null, payment_method: d.paymentMethod, accepted_at: d.startedAt, expires_at: d.expiresAt, status: 'active',
    });
  },
});

/** The report, newest first, with who each fan is; and its totals. */
export async function offerAcceptances(db: Kysely<ReadModels>, o: { limit: number; offset: number }) {
  const [rows, totals] = await Promise.all([
    sql<OfferAcceptanceRow & { name: string | null; email: string | null }>`
      SELECT a.*, u.name, u.email FROM rm.offer_acceptances a LEFT JOIN rm.users u ON u.id = a.user_id
      ORDER BY a.accepted_at DESC, a.id DESC LIMIT ${o.limit} OFFSET ${o.offset}`.execute(db),
    sql<{ n: string; charged: string | null; free: string }>`
      SELECT count(*) AS n, sum(CASE WHEN status = 'active' THEN charged_cents ELSE 0 END) AS charged, count(*) FILTER (WHERE charged_cents = 0) AS free
      FROM rm.offer_acceptances`.execute(db),
  ]);
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return {
    rows: rows.rows.map((r) => ({ ...r, charged_cents: Number(r.charged_cents), recurring_cents: Number(r.recurring_cents), accepted_at: iso(r.accepted_at), expires_at: iso(r.expires_at) })),
    total: Number(totals.rows[0].n),
    chargedCents: Number(totals.rows[0].charged ?? 0),
    free: Number(totals.rows[0].free),
  };
}
