// When a fan was last on the site (staff see a last-seen or Online indicator;
// POST /api/users/update_last_seen). Stream `last-seen-<userId>`. The fan site reports the fan
// present when it opens and every few minutes while it is in view; one event per LAST_SEEN_EVERY_MS at most, so an
// open tab does not fill the log. Staff see "Online" from the live presence, else "Last seen …" from this.
import type { Decider, DomainEvent } from '../shared/decider';

export const lastSeenStream = (userId: string) => `last-seen-${userId}`;

/** At most one event per fan in this time: "Last seen" is exact to about this much. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

export type LastSeenEvent = DomainEvent<'FanLastSeen', { userId: string; seenAt: string }>;

export type LastSeenCommand = { type: 'RecordLastSeen'; userId: string; at: string };

export interface LastSeenState {
  lastSeenAt: string | null;
}

/** Whether a presence at `at` is news after `last` (the first one always is; a clock going back never is). */
export function lastSeenIsNews(last: string | null, at: string): boolean {
  if (!last) return true;
  return Date.parse(at) - Date.parse(last) >= LAST_SEEN_EVERY_MS;
}

export const lastSeenDecider: Decider<LastSeenCommand, LastSeenEvent, LastSeenState> = {
  initialState: () => ({ lastSeenAt: null }),
  evolve: (_state, event) => ({ lastSeenAt: event.data.seenAt }),
  decide: (command, state) => (lastSeenIsNews(state.lastSeenAt, command.at) ? [{ type: 'FanLastSeen', data: { userId: command.userId, seenAt: command.at } }] : []),
};
