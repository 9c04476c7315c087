// The read-model side of the media worker (commands/media-jobs.ts MediaWorkerReads): its queue and its drain.
import type { Kysely } from 'kysely';
import type { MediaWorkerReads } from '../commands/media-jobs';
import type { ReadModels } from '../projections/schema';
import { anyMediaProcessing, mediaDueForProcessing } from '../projections/media';

export const mediaWorkerReads = (db: Kysely<ReadModels>): MediaWorkerReads => ({
  dueForProcessing: (nowIso, limit) => mediaDueForProcessing(db, nowIso, limit),
  anyProcessing: () => anyMediaProcessing(db),
});
