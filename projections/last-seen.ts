// Read model: when each fan was last on the site (domain/member/last-seen.ts), for the staff chat header.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { lastSeenTables, type ReadModelRows, type ReadModels } from './schema';

export const lastSeenProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'last-seen',
  tables: lastSeenTables,
  handles: ['FanLastSeen'],
  async apply(event, store) {
    store.put('fan_last_seen', { user_id: event.data.userId, seen_at: event.data.seenAt });
  },
});

export async function findLastSeen(db: Kysely<ReadModels>, userId: string): Promise<string | null> {
  const row = await db.withSchema('rm').selectFrom('fan_last_seen').select('seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row ? new Date(row.seen_at!).toISOString() : null;
}
