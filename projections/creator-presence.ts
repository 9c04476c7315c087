// Read model: whether the creator is online and when they were last seen (domain/creator/presence.ts), for the
// presence fans see on the creator's avatar. One row.
import type { Kysely } from 'kysely';
import type { CreatorPresence } from '../domain/creator/presence';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { creatorPresenceTables, type ReadModelRows, type ReadModels } from './schema';

const ROW_ID = 'creator';

export const creatorPresenceProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'creator-presence',
  tables: creatorPresenceTables,
  handles: ['CreatorPresenceRecorded'],
  async apply(event, store) {
    store.put('creator_presence', { id: ROW_ID, online: event.data.online, seen_at: event.data.at });
  },
});

/** The creator's presence as last recorded; never recorded: offline, never seen. */
export async function findCreatorPresence(db: Kysely<ReadModels>): Promise<CreatorPresence> {
  const row = await db.withSchema('rm').selectFrom('creator_presence').select(['online', 'seen_at']).where('id', '=', ROW_ID).executeTakeFirst();
  if (!row) return { online: false, lastSeenAt: null };
  return { online: row.online === true, lastSeenAt: new Date(row.seen_at!).toISOString() };
}
