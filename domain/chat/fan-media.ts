// A fan's photo or video in private chat (the images button, its media rules, its upload): one item
// per message, mp4 / quicktime / jpeg / png, under the site's upload limit, through the same signed upload as
// staff. Pure rules, read by the server (presign, registration, send) and by the fan site's picker alike.
import { ONLY_ONE_MEDIA, PLEASE_ADD_MEDIA } from './chat-message';
import type { Role } from '../shared/wire';

export { ONLY_ONE_MEDIA, PLEASE_ADD_MEDIA };

/** The one upload purpose a fan may ask an address for. */
export const FAN_UPLOAD_PURPOSE = 'message';
export const MEDIA_FORMAT_NOT_SUPPORTED = 'Media format is not supported.';
/** Going offline during the PUT cancels it with this text. */
export const OFFLINE_UPLOAD = 'Seems you are offline. Please check your internet connection and post again.';
export const fileTooLarge = (name: string) => `File ${name} size is too large.`;
/** Staff only for any other purpose; a fan without a membership gets the chat's refusal. */
export const FAN_UPLOAD_PURPOSE_REFUSED = 'Fans can upload photos and videos for chat messages only.';
/** How many uploads a fan may register in an hour (each one is stored and rendered by the media worker). */
export const FAN_UPLOADS_PER_HOUR = 30;
export const TOO_MANY_UPLOADS = 'You have uploaded too many files in the last hour. Please try again later.';

/** The media types a fan may send: mp4, quicktime video, jpeg, png. */
export const FAN_MEDIA_TYPES: Record<string, 'photo' | 'video'> = {
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'image/jpeg': 'photo',
  'image/jpg': 'photo',
  'image/png': 'photo',
};
const EXTENSION_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** The content type a file is sent with: the browser's, else from its extension (some browsers give none for .mov). */
export function fanMediaType(file: { name: string; type: string }): string | null {
  const declared = file.type.toLowerCase();
  if (declared && Object.hasOwn(FAN_MEDIA_TYPES, declared)) return declared === 'image/jpg' ? 'image/jpeg' : declared;
  if (declared) return null;
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return file.name.includes('.') && Object.hasOwn(EXTENSION_TYPES, ext) ? EXTENSION_TYPES[ext]! : null;
}

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/**
 * What the picker keeps of newly chosen files, given what is already attached: duplicates (same name
 * and size) are skipped silently; an unsupported type, a file over the limit, or a second item is refused with the
 * spec's text. At most one item is ever kept.
 */
export function pickFanMedia<F extends PickedFile>(attached: readonly F[], chosen: readonly F[], maxBytes: number): { kept: F[]; error: string | null } {
  const seen = new Set(attached.map((f) => `${f.name}\u0000${f.size}`));
  const fresh = chosen.filter((f) => {
    const key = `${f.name}\u0000${f.size}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (fresh.length === 0) return { kept: [...attached], error: null };
  if (attached.length + fresh.length > 1) return { kept: [...attached], error: ONLY_ONE_MEDIA };
  const file = fresh[0]!;
  if (!fanMediaType(file)) return { kept: [...attached], error: MEDIA_FORMAT_NOT_SUPPORTED };
  if (file.size > maxBytes) return { kept: [...attached], error: fileTooLarge(file.name) };
  if (file.size === 0) return { kept: [...attached], error: PLEASE_ADD_MEDIA };
  return { kept: [file], error: null };
}

/** Who may ask for an upload address for `purpose`: content staff for anything; a subscribed fan for a chat message. */
export function presignRefusal(role: Role, purpose: string, isSubscriber: boolean, isContentStaff: boolean): null | 'purpose' | 'not_subscribed' | 'forbidden' {
  if (isContentStaff) return null;
  if (role !== 'user') return 'forbidden';
  if (purpose !== FAN_UPLOAD_PURPOSE) return 'purpose';
  return isSubscriber ? null : 'not_subscribed';
}
