// Read model: which fan unlocked which post. Entitlement covers the post's whole reuse group.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { unlocksTables, type ReadModelRows, type ReadModels } from './schema';

export const unlocksProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'unlocks',
  tables: unlocksTables,
  handles: ['PostUnlocked', 'PostUnlockRevoked'],
  async apply(event, store) {
    const { type, data: d } = event;
    if (type === 'PostUnlockRevoked') {
      // The money came back (refund, void, chargeback): the post, and its reuse group, are locked for the fan again.
      const row = await store.get<{ payment_id: string }>('post_unlocks', { user_id: d.userId, post_id: d.postId });
      if (row?.payment_id === d.paymentId) store.delete('post_unlocks', { user_id: d.userId, post_id: d.postId });
      return;
    }
    store.put('post_unlocks', { post_id: d.postId, user_id: d.userId, payment_id: d.paymentId, amount_cents: d.amountCents, unlocked_at: d.unlockedAt });
  },
});

/**
 * The posts among `postIds` this fan may open as bought: those of a reuse group (projections/posts.ts
 * root_post_id) of which the fan bought any version (reusing a post must not lock it again for
 * anyone who bought it).
 */
export async function unlockedPostIds(db: Kysely<ReadModels>, userId: string | null, postIds: string[]): Promise<Set<string>> {
  if (!userId || postIds.length === 0) return new Set();
  const rows = await db
    .withSchema('rm')
    .selectFrom('posts as p')
    .select('p.id')
    .where('p.id', 'in', postIds)
    .where('p.root_post_id', 'in', (eb) =>
      eb.selectFrom('post_unlocks as u').innerJoin('posts as q', 'q.id', 'u.post_id').select('q.root_post_id').where('u.user_id', '=', userId),
    )
    .execute();
  return new Set(rows.map((r: { id: string }) => r.id));
}
