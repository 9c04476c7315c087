// Read model: the media library (uploads and their renditions).
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { mediaTables, storeRow, timestamptz, type ReadModelRows, type ReadModels } from './schema';
import { update } from './projection';
import type { MediaKind } from '../domain/media/wire';

export interface MediaRow {
  id: string;
  kind: MediaKind;
  file_name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  original_key: string | null;
  thumbnail_key: string | null;
  blur_key: string | null;
  status: 'processing' | 'ready' | 'error';
  error: string | null;
  uploaded_by: string;
  created_at: string;
  is_demo: boolean;
  /** Videos: length in milliseconds (null for photos and until processed); seconds = duration_ms / 1000. */
  duration_ms: number | null;
  /** Videos: the web MP4 and the full-size poster frame. */
  video_key: string | null;
  poster_key: string | null;
  /** Failed processing attempts so far, and when the next one is due (null: now). */
  attempts: number;
  next_attempt_at: string | null;
  /** Taken out of the library (Content Manager); posts already holding it keep it. */
  removed: boolean;
  /** Renditions version: bumped by Rotate Image, Refresh Blur Image and Send Video Process Request (new keys each time). */
  version: number;
  /** Photos: clockwise rotation from the upload (0, 90, 180, 270). */
  rotation: number;
}

export const mediaProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'media',
  tables: mediaTables,
  handles: ['MediaUploaded', 'MediaProcessed', 'MediaProcessingAttemptFailed', 'MediaProcessingFailed', 'MediaRemoved',
    'MediaRotated', 'MediaBlurRefreshed', 'MediaReprocessRequested'],
  async apply(event, store) {
    const { type, data: d } = event;
    switch (type) {
      case 'MediaUploaded':
        store.put('media', {
          id: d.mediaId, kind: d.kind, file_name: d.fileName, content_type: d.contentType, size: d.size, width: null, height: null,
          original_key: null, thumbnail_key: null, blur_key: null, status: 'processing', error: null, uploaded_by: d.uploadedBy,
          created_at: d.uploadedAt, is_demo: !!d.isDemo, duration_ms: null, video_key: null, poster_key: null, attempts: 0, next_attempt_at: null,
          removed: false, version: 0, rotation: 0,
        });
        break;
      case 'MediaProcessed':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({
          ...m, status: 'ready', width: d.width, height: d.height, original_key: d.originalKey, thumbnail_key: d.thumbnailKey, blur_key: d.blurKey,
          duration_ms: d.durationSeconds == null ? null : Math.round(d.durationSeconds * 1000), video_key: d.videoKey ?? null, poster_key: d.posterKey ?? null, error: null, next_attempt_at: null,
        }));
        break;
      case 'MediaProcessingAttemptFailed':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({
          ...m, attempts: Math.max(m.attempts ?? 0, d.attempt), error: d.reason, next_attempt_at: d.retryAt ?? null,
        }));
        break;
      case 'MediaProcessingFailed':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({ ...m, status: 'error', error: d.reason, next_attempt_at: null }));
        break;
      case 'MediaRemoved':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({ ...m, removed: true }));
        break;
      case 'MediaRotated':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({
          ...m, original_key: d.originalKey, thumbnail_key: d.thumbnailKey, blur_key: d.blurKey, width: d.width, height: d.height, version: d.version, rotation: d.rotation,
        }));
        break;
      case 'MediaBlurRefreshed':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({ ...m, blur_key: d.blurKey, version: d.version }));
        break;
      case 'MediaReprocessRequested':
        // Back in the worker's queue; the old renditions stay until the new ones are recorded.
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({ ...m, status: 'processing', error: null, attempts: 0, next_attempt_at: null, version: d.version }));
        break;
    }
  },
});

export async function mediaByIds(db: Kysely<ReadModels>, ids: string[]): Promise<Map<string, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = (await db.withSchema('rm').selectFrom('media').selectAll().where('id', 'in', ids).execute()).map((r) => storeRow('media', r) as MediaRow);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Media still waiting for processing whose next attempt is due at `now` (oldest first): the media worker's queue. */
export async function mediaDueForProcessing(db: Kysely<ReadModels>, now: string, limit = 50): Promise<string[]> {
  const rows = await db
    .withSchema('rm')
    .selectFrom('media')
    .select('id')
    .where('status', '=', 'processing')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', timestamptz(now))]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id as string);
}

/** Whether any media is still processing (due now or waiting for a retry): the media worker's drain. */
export async function anyMediaProcessing(db: Kysely<ReadModels>): Promise<boolean> {
  const rows = await db.withSchema('rm').selectFrom('media').select('id').where('status', '=', 'processing').limit(1).execute();
  return rows.length > 0;
}
