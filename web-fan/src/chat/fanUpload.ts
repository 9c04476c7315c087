// A fan's photo or video for chat: an upload address for purpose 'message', then the file sent by
// PUT straight to it without the Authorization header (XMLHttpRequest, for progress), then registered as the fan's
// media. Going offline at any point cancels it with 'Seems you are offline. Please check your internet connection
// and post again.'; the caller's AbortSignal cancels it too (the fan removed the file or left the page).
import { fanMediaType, OFFLINE_UPLOAD } from '../../../domain/chat/fan-media';
import { api, ApiError } from '../api';

export { OFFLINE_UPLOAD };
export const UPLOAD_FAILED = 'Error occured while uploading media';

interface PresignAnswer {
  presigned_url: string;
  file_name: string;
  message?: string;
}

export interface FanUploadResult {
  mediaId: string;
  kind: 'photo' | 'video';
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** PUT the bytes to the signed address; `onProgress` gets 0..100. Rejects with an ApiError (status 0 when cancelled). */
export function putToAddress(url: string, file: File, contentType: string, onProgress: (percent: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ApiError(OFFLINE_UPLOAD, 0, 'OFFLINE'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url, true);
    // No Authorization header and no cookie needed: the address's signature is the permission.
    xhr.withCredentials = false;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status === 200) {
        onProgress(100);
        return resolve();
      }
      let message = UPLOAD_FAILED;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string' && body.message) message = body.message;
      } catch {
        /* not JSON */
      }
      reject(new ApiError(message, xhr.status, 'UPLOAD_FAILED'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(offline() ? OFFLINE_UPLOAD : UPLOAD_FAILED, 0, offline() ? 'OFFLINE' : 'UPLOAD_FAILED'));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(OFFLINE_UPLOAD, 0, 'OFFLINE'));
    };
    xhr.send(file);
  });
}

/**
 * Uploads one file and returns the fan's media id. `signal` aborts it (the caller's cancel); the browser going
 * offline aborts it with the spec's offline text.
 */
export async function uploadFanMedia(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<FanUploadResult> {
  if (offline()) throw new ApiError(OFFLINE_UPLOAD, 0, 'OFFLINE');
  const contentType = fanMediaType(file);
  if (!contentType) throw new ApiError('Media format is not supported.', 400, 'UNSUPPORTED_MEDIA');
  const controller = new AbortController();
  let wentOffline = false;
  const goneOffline = () => {
    wentOffline = true;
    controller.abort();
  };
  const cancelled = () => controller.abort();
  window.addEventListener('offline', goneOffline);
  signal.addEventListener('abort', cancelled, { once: true });
  const asOffline = (err: unknown) => {
    if (wentOffline || offline()) throw new ApiError(OFFLINE_UPLOAD, 0, 'OFFLINE');
    if (controller.signal.aborted || (err as Error)?.name === 'AbortError') throw new ApiError('Upload cancelled.', 0, 'CANCELLED');
    throw err;
  };
  try {
    onProgress(0);
    const { data: address, message } = await api
      .post<PresignAnswer>('/api/upload/generate_presigned_url', { file_name: file.name, content_type: contentType, media_type: 'message', file_size: file.size }, { signal: controller.signal })
      .catch(asOffline);
    // No address: the server's message is shown.
    if (!address?.presigned_url) throw new ApiError(address?.message || message || UPLOAD_FAILED, 400, 'NO_ADDRESS');
    await putToAddress(address.presigned_url, file, contentType, onProgress, controller.signal).catch(asOffline);
    const { data } = await api
      .post<{ media_id: string; type: 'photo' | 'video' }>('/api/chat/upload_media', { file_name: address.file_name, content_type: contentType, original_name: file.name }, { signal: controller.signal })
      .catch(asOffline);
    return { mediaId: data.media_id, kind: data.type };
  } finally {
    window.removeEventListener('offline', goneOffline);
    signal.removeEventListener('abort', cancelled);
  }
}
