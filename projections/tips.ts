// Read model: tips, for the tips list (a fan's own; staff see everyone's) and the creator's totals.
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { tipsTables, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';

export interface TipRow {
  id: string;
  user_id: string;
  amount_cents: number;
  tip_from: string;
  is_anonymous: boolean;
  message: string;
  /** requested | sent | failed | refund | void | chargeback */
  status: string;
  requested_at: string;
  sent_at: string | null;
}

export const tipsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'tips',
  tables: tipsTables,
  handles: ['TipRequested', 'TipSent', 'TipFailed', 'TipReversed'],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'TipRequested':
        store.put('tips', {
          id: d.tipId, user_id: d.userId, amount_cents: d.amountCents, tip_from: d.tipFrom, is_anonymous: d.isAnonymous, message: d.message,
          status: 'requested', requested_at: d.requestedAt, sent_at: null,
        });
        return;
      case 'TipSent':
        await update<TipRow>(store, 'tips', { id: d.tipId }, (t) => ({ ...t, status: 'sent', sent_at: d.sentAt }));
        return;
      case 'TipFailed':
        await update<TipRow>(store, 'tips', { id: d.tipId }, (t) => ({ ...t, status: 'failed' }));
        return;
      case 'TipReversed':
        await update<TipRow>(store, 'tips', { id: d.tipId }, (t) => ({ ...t, status: d.kind }));
        return;
    }
  },
});

/** Sent tips (and sent tips that came back), newest first; one fan's, or everyone's (userId null), with names. */
export async function listTips(db: Kysely<ReadModels>, o: { userId: string | null; page: number; pageSize: number }) {
  const visible = sql`t.status NOT IN ('requested', 'failed')`;
  const mine = o.userId ? sql`AND t.user_id = ${o.userId}` : sql``;
  const [rows, totals] = await Promise.all([
    sql<TipRow & { user_name: string | null }>`
      SELECT t.*, u.name AS user_name FROM rm.tips t LEFT JOIN rm.users u ON u.id = t.user_id
      WHERE ${visible} ${mine} ORDER BY t.sent_at DESC, t.id DESC LIMIT ${o.pageSize} OFFSET ${(o.page - 1) * o.pageSize}`.execute(db),
    sql<{ n: string; cents: string | null }>`
      SELECT count(*) AS n, sum(CASE WHEN t.status = 'sent' THEN t.amount_cents ELSE 0 END) AS cents FROM rm.tips t WHERE ${visible} ${mine}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null })),
    total: Number(totals.rows[0].n),
    totalSentCents: Number(totals.rows[0].cents ?? 0),
  };
}
