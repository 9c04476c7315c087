// The composer's upload flow: preview first, then the main media; for each new file a presigned
// address, a raw PUT with progress (no Authorization header), then the media record. Going offline cancels
// everything with the spec's message; a refused address stops the upload with the server's message.
import type { AdminMediaRecord } from '../../../domain/media/wire';
import { api, ApiRequestError, isOffline, OFFLINE_MESSAGE } from '../api';
import { guessType, putFile, uploadProgress } from '../upload';
import { fileTooLargeMessage } from './rules';

export interface UploadJob {
  key: string;
  file: File;
}

interface PresignAnswer {
  presigned_url?: string;
  file_name?: string;
  max_upload_bytes?: number;
  message?: string;
}

const UPLOAD_FAILED = 'Error occured while uploading media';

/** What the upload is for (the presign's media_type): a post, a chat message, or the library. */
export type UploadPurpose = 'blog' | 'message' | 'media';

/** Uploads the jobs one after another; resolves with each job's media id (by key). */
export async function uploadAll(jobs: readonly UploadJob[], purpose: UploadPurpose = 'blog'): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (jobs.length === 0) return ids;
  if (isOffline()) throw new ApiRequestError(OFFLINE_MESSAGE, 0);
  const controller = new AbortController();
  const goneOffline = () => controller.abort();
  window.addEventListener('offline', goneOffline);
  jobs.forEach(j => uploadProgress.set(j.key, { status: 'waiting', percent: 0 }));
  let current: UploadJob | undefined;
  try {
    for (const job of jobs) {
      current = job;
      ids.set(job.key, await uploadOne(job, controller.signal, purpose));
    }
    return ids;
  } catch (error) {
    if (current) uploadProgress.set(current.key, { status: 'error', percent: uploadProgress.get(current.key)?.percent ?? 0 });
    if (controller.signal.aborted || isOffline()) throw new ApiRequestError(OFFLINE_MESSAGE, 0);
    throw error;
  } finally {
    window.removeEventListener('offline', goneOffline);
  }
}

async function uploadOne({ key, file }: UploadJob, signal: AbortSignal, purpose: UploadPurpose): Promise<string> {
  const contentType = file.type || guessType(file.name);
  uploadProgress.set(key, { status: 'uploading', percent: 0 });
  const { data: address, message } = await api<PresignAnswer>('/api/upload/generate_presigned_url', {
    body: { file_name: file.name, content_type: contentType, media_type: purpose, file_size: file.size },
    signal,
  }).catch(offlineAware(signal));
  if (!address?.presigned_url || !address.file_name) throw new ApiRequestError(address?.message || message || UPLOAD_FAILED, 400);
  if (typeof address.max_upload_bytes === 'number' && file.size > address.max_upload_bytes) {
    throw new ApiRequestError(fileTooLargeMessage(file.name), 413);
  }
  await putFile(address.presigned_url, file, percent => uploadProgress.set(key, { status: 'uploading', percent }), signal);
  uploadProgress.set(key, { status: 'saving', percent: 100 });
  const { data: media } = await api<AdminMediaRecord>('/api/media', {
    body: { file_name: address.file_name, content_type: contentType, original_name: file.name },
    signal,
  }).catch(offlineAware(signal));
  if (!media?.id) throw new ApiRequestError(UPLOAD_FAILED, 500);
  uploadProgress.set(key, { status: 'done', percent: 100 });
  return media.id;
}

const offlineAware = (signal: AbortSignal) => (error: unknown) => {
  if (signal.aborted || (error as Error)?.name === 'AbortError') throw new ApiRequestError(OFFLINE_MESSAGE, 0);
  throw error;
};
