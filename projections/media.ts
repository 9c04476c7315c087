// Read model: the media library (uploads and their renditions).
import type { Kysely } from 'kysely';
import type { Projection } from './projection';
import { update } from './projection';
import type { MediaKind } from '../domain/shared/wire';

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
}

export const mediaProjection: Projection = {
  name: 'media',
  tables: [
    {
      name: 'media',
      columns: {
        id: 'text', kind: 'text', file_name: 'text', content_type: 'text', size: 'bigint', width: 'integer', height: 'integer',
        original_key: 'text', thumbnail_key: 'text', blur_key: 'text', status: 'text', error: 'text', uploaded_by: 'text',
        created_at: 'timestamptz', is_demo: 'boolean',
      },
      primaryKey: ['id'],
      indexes: [['created_at']],
    },
  ],
  handles: ['MediaUploaded', 'MediaProcessed', 'MediaProcessingFailed'],
  async apply(event, store) {
    const d = event.data as Record<string, any>;
    switch (event.type) {
      case 'MediaUploaded':
        store.put('media', {
          id: d.mediaId, kind: d.kind, file_name: d.fileName, content_type: d.contentType, size: d.size, width: null, height: null,
          original_key: null, thumbnail_key: null, blur_key: null, status: 'processing', error: null, uploaded_by: d.uploadedBy,
          created_at: d.uploadedAt, is_demo: !!d.isDemo,
        });
        break;
      case 'MediaProcessed':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({
          ...m, status: 'ready', width: d.width, height: d.height, original_key: d.originalKey, thumbnail_key: d.thumbnailKey, blur_key: d.blurKey,
        }));
        break;
      case 'MediaProcessingFailed':
        await update<MediaRow>(store, 'media', { id: d.mediaId }, (m) => ({ ...m, status: 'error', error: d.reason }));
        break;
    }
  },
};

export async function mediaByIds(db: Kysely<any>, ids: string[]): Promise<Map<string, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = (await db.withSchema('rm').selectFrom('media').selectAll().where('id', 'in', ids).execute()) as MediaRow[];
  return new Map(rows.map((r) => [r.id, r]));
}
