// Read model: the chat composer's saved replies (domain/chat/saved-reply.ts), one row each, listed by name.
import type { Kysely } from 'kysely';
import type { SavedReplyView } from '../domain/chat/saved-reply';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { savedRepliesTables, type ReadModelRows, type ReadModels, type StoreRow } from './schema';

type SavedReplyRow = StoreRow<'saved_replies'>;

export const savedRepliesProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'saved-replies',
  tables: savedRepliesTables,
  handles: ['SavedReplyCreated', 'SavedReplyUpdated', 'SavedReplyDeleted'],
  async apply(event, store) {
    switch (event.type) {
      case 'SavedReplyCreated': {
        const d = event.data;
        store.put('saved_replies', { id: d.replyId, name: d.name, text: d.text, created_at: d.at, updated_at: d.at, updated_by: d.by });
        return;
      }
      case 'SavedReplyUpdated': {
        const d = event.data;
        await update<SavedReplyRow>(store, 'saved_replies', { id: d.replyId }, (r) => ({ ...r, name: d.name, text: d.text, updated_at: d.at, updated_by: d.by }));
        return;
      }
      case 'SavedReplyDeleted':
        store.delete('saved_replies', { id: event.data.replyId });
        return;
    }
  },
});

/** Every saved reply, by name (case-insensitive). */
export async function listSavedReplies(db: Kysely<ReadModels>): Promise<SavedReplyView[]> {
  const rows = await db.withSchema('rm').selectFrom('saved_replies').select(['id', 'name', 'text', 'updated_at']).execute();
  return rows
    .map((r) => ({ _id: r.id, name: r.name ?? '', text: r.text ?? '', updated: r.updated_at ? new Date(r.updated_at).toISOString() : '' }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a._id.localeCompare(b._id));
}
