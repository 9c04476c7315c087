// Read model: which fan unlocked which post.
import type { Kysely } from 'kysely';
import type { Projection } from './projection';

export const unlocksProjection: Projection = {
  name: 'unlocks',
  tables: [
    {
      name: 'post_unlocks',
      columns: { post_id: 'text', user_id: 'text', payment_id: 'text', amount_cents: 'bigint', unlocked_at: 'timestamptz' },
      primaryKey: ['user_id', 'post_id'],
      indexes: [['post_id']],
    },
  ],
  handles: ['PostUnlocked'],
  async apply(event, store) {
    const d = event.data as Record<string, any>;
    store.put('post_unlocks', { post_id: d.postId, user_id: d.userId, payment_id: d.paymentId, amount_cents: d.amountCents, unlocked_at: d.unlockedAt });
  },
};

export async function unlockedPostIds(db: Kysely<any>, userId: string | null, postIds: string[]): Promise<Set<string>> {
  if (!userId || postIds.length === 0) return new Set();
  const rows = await db.withSchema('rm').selectFrom('post_unlocks').select('post_id').where('user_id', '=', userId).where('post_id', 'in', postIds).execute();
  return new Set(rows.map((r: { post_id: string }) => r.post_id));
}
