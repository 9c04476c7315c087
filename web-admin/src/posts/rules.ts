// Composer rules (spec 2 §5, §9). Messages are the spec's texts.
import type { PostVisibility, PublicSettings } from '../../../domain/shared/wire';
import type { PostFormValues } from '../dataProvider';

export const MAX_MEDIA = 45;
export const AMOUNT_INPUT_MIN = 5;
export const AMOUNT_INPUT_MAX = 450;
export const DEFAULT_AMOUNT = 20;

export const ACCEPT = 'image/png,image/jpeg,video/mp4,video/quicktime,.png,.jpg,.jpeg,.mp4,.mov';
const PHOTO_EXT = ['png', 'jpg', 'jpeg'];
const VIDEO_EXT = ['mp4', 'mov'];

export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');
export const isVideoFile = (file: File) =>
  file.type.startsWith('video/') || VIDEO_EXT.includes(extensionOf(file.name));

export const amountMessage = (min: number, max: number) => `Choose an amount between ${min} and ${max}`;

export function amountBounds(settings: PublicSettings) {
  const min = Number.isFinite(settings.content_unlock_minimum_amount) ? settings.content_unlock_minimum_amount : AMOUNT_INPUT_MIN;
  const max = Number.isFinite(settings.content_unlock_maximum_amount) ? settings.content_unlock_maximum_amount : AMOUNT_INPUT_MAX;
  return { min, max };
}

/** Media format check: one file must be a photo (png, jpg, jpeg) or a video (mp4, mov); galleries any of those. */
export function mediaFormatError(files: File[]): string | undefined {
  const allowed = [...PHOTO_EXT, ...VIDEO_EXT];
  if (files.length === 1) {
    return allowed.includes(extensionOf(files[0].name)) ? undefined : 'Media format is not supported.';
  }
  const bad = files.findIndex(f => !allowed.includes(extensionOf(f.name)));
  return bad >= 0 ? `Image Number ${bad + 1} media format is not supported.` : undefined;
}

export function validatePost(values: PostFormValues, settings: PublicSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const media = values.media ?? [];
  const files = media.map(m => m.file);

  if (media.length === 0) errors.media = 'Please Select Media';
  else if (media.length > MAX_MEDIA) {
    errors.media = `You have selected ${media.length} images, maximum ${MAX_MEDIA} images allowed.`;
  } else {
    const format = mediaFormatError(files);
    if (format) errors.media = format;
  }

  if (media.length > 1 && !(values.caption ?? '').trim()) errors.caption = 'Please Add Caption';

  const allowedVisibility: PostVisibility[] = settings.enable_public_post
    ? ['locked', 'private', 'public']
    : ['locked', 'private'];
  if (!allowedVisibility.includes(values.visibility)) errors.visibility = 'Please choose who can see this post';

  if (values.visibility === 'locked') {
    const { min, max } = amountBounds(settings);
    const raw = values.amount;
    const n = typeof raw === 'number' ? raw : raw == null || raw === '' ? NaN : Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) errors.amount = amountMessage(min, max);
  }
  return errors;
}

export const blogTypeOf = (files: File[]) =>
  files.length === 0 ? 'text' : files.length > 1 ? 'gallery' : isVideoFile(files[0]) ? 'video' : 'photo';
