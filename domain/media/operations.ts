// Staff operations on a post's media (the admin post menu): Rotate Image Left / Right, Refresh Blur
// Image, Send Video Process Request. Which items they touch, and the spec's messages.
import type { Role } from '../shared/wire';
import { ValidationError } from '../shared/validation';
import type { MediaKind } from './wire';
import type { RotationAngle } from './media';

export const MEDIA_OPS_MESSAGES = {
  invalid: 'Invalid Request',
  rotated: 'Image rotated successfully.',
  rotateFailed: 'There was an error while rotating the image.',
  blurRefreshed: 'Blur image refreshed.',
  reprocessSent: 'Video processing request sent.',
} as const;

/** rotate_angle -90 or 90 and imageIndex, as the client sends them (numbers or numeric strings). */
export function rotateRequest(angle: unknown, index: unknown): { angle: RotationAngle; imageIndex: number } {
  const a = typeof angle === 'string' && angle.trim() !== '' ? Number(angle) : angle;
  if (a !== 90 && a !== -90) throw new ValidationError('rotate_angle', MEDIA_OPS_MESSAGES.invalid);
  const i = typeof index === 'string' && /^\d+$/.test(index.trim()) ? Number(index) : index;
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 0) throw new ValidationError('imageIndex', MEDIA_OPS_MESSAGES.invalid);
  return { angle: a, imageIndex: i };
}

export interface PostItem {
  mediaId: string;
  kind: MediaKind;
  status: 'none' | 'processing' | 'ready' | 'error';
  fileName?: string;
  stagingKey?: string;
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * The videos a process request sends back: the one named by `s3FilePath` (originalVideos/{file}: its file name),
 * else the post's errored videos, else all of them. Videos already processing are left alone.
 */
export function videosToReprocess(items: PostItem[], s3FilePath?: string | null): PostItem[] {
  const videos = items.filter((m) => m.kind === 'video' && m.status !== 'none');
  if (videos.length === 0) throw new ValidationError('id', MEDIA_OPS_MESSAGES.invalid);
  let chosen = videos;
  if (s3FilePath) {
    const name = baseName(s3FilePath);
    chosen = videos.filter((v) => (v.fileName && baseName(v.fileName) === name) || (v.stagingKey && baseName(v.stagingKey) === name));
    if (chosen.length === 0) throw new ValidationError('s3FilePath', MEDIA_OPS_MESSAGES.invalid);
  } else if (videos.some((v) => v.status === 'error')) {
    chosen = videos.filter((v) => v.status === 'error');
  }
  return chosen.filter((v) => v.status !== 'processing');
}

/** Send Video Process Request on a post or a mass message (the admin post menu): not the model or content manager. */
export const POST_VIDEO_REPROCESSORS: readonly Role[] = ['admin', 'super_admin', 'sub_admin'];
