// Query (no table of its own): a fan's purchased contents, over two read models — the posts they unlocked
// (post_unlocks, with the post) and the chat messages they unlocked (chat_messages, with the payment's row in
// transactions for when and how it was paid). Newest first.
import { sql, type Kysely } from 'kysely';
import type { ReadModels } from './schema';

export interface PurchasedRow {
  kind: 'post' | 'message';
  id: string;
  title: string;
  amount_cents: number;
  purchased_at: string;
  method: string | null;
  media: { mediaId: string; kind: 'photo' | 'video' }[];
  removed: boolean;
}

/** A row of PURCHASES as the drivers read it (jsonb parsed; amount_cents unites an integer and a bigint column). */
interface PurchaseRecord {
  kind: PurchasedRow['kind'];
  id: string;
  title: string | null;
  amount_cents: number | string | null;
  purchased_at: Date;
  method: string | null;
  media: PurchasedRow['media'] | string | null;
  removed: boolean | null;
}

const PURCHASES = (userId: string, kind: 'all' | 'post' | 'message') => sql`
  SELECT * FROM (
    SELECT 'post' AS kind, p.id, p.caption AS title, u.amount_cents, u.unlocked_at AS purchased_at, t.method, p.media, p.deleted AS removed
    FROM rm.post_unlocks u JOIN rm.posts p ON p.id = u.post_id LEFT JOIN rm.transactions t ON t.id = u.payment_id
    WHERE u.user_id = ${userId} AND ${kind !== 'message'}
    UNION ALL
    SELECT 'message' AS kind, m.id, m.text AS title, COALESCE(t.amount_cents, 0) AS amount_cents, COALESCE(t.settled_at, m.created_at) AS purchased_at,
      CASE WHEN m.unlock_payment_id IS NULL THEN 'staff' ELSE t.method END AS method, m.media, false AS removed
    FROM rm.chat_messages m LEFT JOIN rm.transactions t ON t.id = m.unlock_payment_id
    WHERE m.fan_id = ${userId} AND m.unlocked = true AND m.price_cents > 0 AND m.status = 'sent' AND ${kind !== 'post'}
  ) x`;

export async function purchasedContents(
  db: Kysely<ReadModels>,
  userId: string,
  q: { page: number; pageSize: number; kind: 'all' | 'post' | 'message' },
): Promise<{ rows: PurchasedRow[]; total: number; totalCents: number }> {
  const [rows, totals] = await Promise.all([
    sql<PurchaseRecord>`${PURCHASES(userId, q.kind)} ORDER BY purchased_at DESC, id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`.execute(db),
    sql<{ n: string; cents: string }>`SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS cents FROM (${PURCHASES(userId, q.kind)}) y`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title ?? '',
      amount_cents: Number(r.amount_cents ?? 0),
      purchased_at: new Date(r.purchased_at).toISOString(),
      method: r.method ?? null,
      media: typeof r.media === 'string' ? JSON.parse(r.media) : (r.media ?? []),
      removed: !!r.removed,
    })),
    total: Number(totals.rows[0]?.n ?? 0),
    totalCents: Number(totals.rows[0]?.cents ?? 0),
  };
}
