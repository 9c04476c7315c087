// The creator's presence as fans see it: "Online now" or "Active 5 min ago" on the creator's avatar. Stream
// `creator-presence`. The socket gateway records when the creator (the model, or an admin who answers as the
// creator) comes online and goes offline, and every CREATOR_SEEN_EVERY_MS while online, so the last-seen time
// survives a restart; a start-up after a crash closes a presence nobody ended at its last record.
import type { Decider, DomainEvent } from '../shared/decider';

export const CREATOR_PRESENCE_STREAM = 'creator-presence';

/** While online, one record per this time: after a crash, "Active … ago" is exact to about this much. */
export const CREATOR_SEEN_EVERY_MS = 5 * 60_000;

export type CreatorPresenceEvent = DomainEvent<'CreatorPresenceRecorded', { online: boolean; at: string }>;

export type CreatorPresenceCommand =
  | { type: 'RecordCreatorPresence'; online: boolean; at: string }
  /** Nobody is connected after a start: a presence still open ends at its last record. */
  | { type: 'CloseCreatorPresence' };

export interface CreatorPresenceState {
  online: boolean;
  /** The last record: when the creator came online, was last seen online, or went offline. */
  at: string | null;
}

export const creatorPresenceDecider: Decider<CreatorPresenceCommand, CreatorPresenceEvent, CreatorPresenceState> = {
  initialState: () => ({ online: false, at: null }),
  evolve: (_state, event) => ({ online: event.data.online, at: event.data.at }),
  decide(command, state) {
    if (command.type === 'CloseCreatorPresence') return state.online && state.at ? [{ type: 'CreatorPresenceRecorded', data: { online: false, at: state.at } }] : [];
    const { online, at } = command;
    const changed = online !== state.online || !state.at;
    const heartbeat = online && !!state.at && Date.parse(at) - Date.parse(state.at) >= CREATOR_SEEN_EVERY_MS;
    // A clock going back never moves the last-seen time backwards.
    if (state.at && at < state.at) return changed ? [{ type: 'CreatorPresenceRecorded', data: { online, at: state.at } }] : [];
    return changed || heartbeat ? [{ type: 'CreatorPresenceRecorded', data: { online, at } }] : [];
  },
};

/** The presence a fan is shown (null when the creator hides it). */
export interface CreatorPresence {
  online: boolean;
  /** When the creator was last online; null when never recorded. */
  lastSeenAt: string | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, no "Active …" line at all: a month-old time says nothing useful. */
const SHOWN_FOR_MS = 30 * DAY;

/** "Online now", "Active just now", "Active 5 min ago", "Active 3 h ago", "Active 2 days ago", or null (unknown or too old). */
export function presenceLine(p: CreatorPresence | null, nowMs: number): string | null {
  if (!p) return null;
  if (p.online) return 'Online now';
  if (!p.lastSeenAt) return null;
  const ago = Math.max(0, nowMs - Date.parse(p.lastSeenAt));
  if (!Number.isFinite(ago) || ago > SHOWN_FOR_MS) return null;
  if (ago < MINUTE) return 'Active just now';
  if (ago < HOUR) return `Active ${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `Active ${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  return `Active ${days} ${days === 1 ? 'day' : 'days'} ago`;
}
