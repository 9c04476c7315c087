// Whose upload a media item is. A fan's chat photo or video (api/routes/chat-fan-media.ts) is private to that fan
// and staff: it may go only into that fan's own chat message, never into a post, a mass or welcome message, or a
// staff message to anyone. The upload's own event says who made it, with which role.
import type { RecordedEvent } from '../infra/eventstore/port';

const FAN_ROLES = new Set(['user', 'proxy_user']);

/** The fan who uploaded the media (from its first event), or null for a staff upload. */
export function fanUploaderOf(events: readonly RecordedEvent[]): string | null {
  const uploaded = events[0];
  if (!uploaded || uploaded.type !== 'MediaUploaded' || !FAN_ROLES.has(uploaded.metadata.role ?? '')) return null;
  return String((uploaded.data as { uploadedBy?: unknown }).uploadedBy ?? '') || null;
}
