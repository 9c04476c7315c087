// Media upload for the composer: presigned address → raw PUT (XMLHttpRequest, for progress) → media record.
import type { AdminMediaRecord } from '../../domain/media/wire';
import { api, ApiRequestError, isOffline, OFFLINE_MESSAGE } from './api';

// ---- per-file progress, readable from React with useSyncExternalStore --------------------------------

export type UploadState = { status: 'waiting' | 'uploading' | 'saving' | 'done' | 'error'; percent: number };

const states = new Map<string, UploadState>();
const listeners = new Set<() => void>();

export const uploadProgress = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(key: string): UploadState | undefined {
    return states.get(key);
  },
  set(key: string, state: UploadState) {
    states.set(key, state);
    listeners.forEach(l => l());
  },
  clear(keys?: string[]) {
    if (keys) keys.forEach(k => states.delete(k));
    else states.clear();
    listeners.forEach(l => l());
  },
};

// ---- the upload itself ---------------------------------------------------------------------------------

export interface PendingMedia {
  key: string;
  file: File;
}

interface PresignedUrl {
  presigned_url: string;
  file_name: string;
  message?: string;
}

/** PUT the raw file to the presigned address without the Authorization header; resolves on status 200. */
export function putFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ApiRequestError(OFFLINE_MESSAGE, 0));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url, true);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = event => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status === 200) {
        onProgress(100);
        resolve();
      } else {
        let message = 'Error occured while uploading media';
        try {
          const body = JSON.parse(xhr.responseText);
          if (body && typeof body.message === 'string') message = body.message;
        } catch {
          /* not JSON */
        }
        reject(new ApiRequestError(message, xhr.status));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiRequestError(isOffline() ? OFFLINE_MESSAGE : 'Error occured while uploading media', 0));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiRequestError(OFFLINE_MESSAGE, 0));
    };
    xhr.send(file);
  });
}

/**
 * Uploads the files one after another and returns the media ids in the same order.
 * Going offline at any point cancels the whole upload with the spec's message.
 */
export async function uploadMedia(items: PendingMedia[]): Promise<string[]> {
  if (isOffline()) throw new ApiRequestError(OFFLINE_MESSAGE, 0);
  const controller = new AbortController();
  const goneOffline = () => controller.abort();
  window.addEventListener('offline', goneOffline);
  items.forEach(item => uploadProgress.set(item.key, { status: 'waiting', percent: 0 }));
  const ids: string[] = [];
  let current: PendingMedia | undefined;
  try {
    for (const item of items) {
      current = item;
      const { file } = item;
      const contentType = file.type || guessType(file.name);
      uploadProgress.set(item.key, { status: 'uploading', percent: 0 });
      const { data: address, message } = await api<PresignedUrl>('/api/upload/generate_presigned_url', {
        body: { file_name: file.name, content_type: contentType, media_type: 'blog' },
        signal: controller.signal,
      }).catch(rethrowOffline(controller));
      if (!address?.presigned_url) {
        throw new ApiRequestError(address?.message || message || 'Error occured while uploading media', 400);
      }
      await putFile(
        address.presigned_url,
        file,
        percent => uploadProgress.set(item.key, { status: 'uploading', percent }),
        controller.signal
      );
      uploadProgress.set(item.key, { status: 'saving', percent: 100 });
      const { data: media } = await api<AdminMediaRecord>('/api/media', {
        body: { file_name: address.file_name, content_type: contentType, original_name: file.name },
        signal: controller.signal,
      }).catch(rethrowOffline(controller));
      uploadProgress.set(item.key, { status: 'done', percent: 100 });
      ids.push(media.id);
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

const rethrowOffline = (controller: AbortController) => (error: unknown) => {
  if (controller.signal.aborted || (error as Error)?.name === 'AbortError') {
    throw new ApiRequestError(OFFLINE_MESSAGE, 0);
  }
  throw error;
};

export function guessType(name: string): string {
  const ext = name.split('.').pop()?.toLowerCase();
  switch (ext) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'mp4':
      return 'video/mp4';
    case 'mov':
      return 'video/quicktime';
    default:
      return 'application/octet-stream';
  }
}
