// A staff video (or a photo whose first render failed) finishes rendering in the worker after its chat message was
// sent: until then the fan does not see the message, and staff see it as processing. The worker calls this with the
// media id; every message carrying it is noted (ChatMessageMediaChanged 'processed'), which reaches both open chats
// as UPDATE_MESSAGE, so the message appears without a reload.
import type { Kysely } from 'kysely';
import type { EventStore } from '../infra/eventstore/port';
import { commandContext } from '../commands/handle';
import { noteChatMediaProcessed } from '../commands/chat-staff';
import { chatMessageIdsWithMedia } from '../projections/chat-messages';
import type { ReadModels } from '../projections/schema';

export function announceChatMediaProcessed(store: EventStore, db: Kysely<ReadModels>, log: (m: string) => void = () => {}) {
  return async (mediaId: string): Promise<void> => {
    try {
      const ids = await chatMessageIdsWithMedia(db, mediaId);
      if (ids.length === 0) return;
      const ctx = commandContext(store, { userId: null, role: 'system', correlationId: `media-processed-${mediaId}` });
      await noteChatMediaProcessed(ctx, ids);
    } catch (e) {
      log(`chat messages with media ${mediaId} not told: ${(e as Error).message}`);
    }
  };
}
