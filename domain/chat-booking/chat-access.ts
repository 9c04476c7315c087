// Who may write in the chat while normal chat is off (chat_settings.disabled_normal_chat): the fans staff allowed
// (stream `chat-allowed-users`), and a fan during their booked slot. With normal chat on, this list changes nothing.
import type { Decider, DomainEvent } from '../shared/decider';
import { NORMAL_CHAT_DISABLED } from '../settings/chat-settings';

export const allowedUsersStream = () => 'chat-allowed-users';

export const BOOKING_NEEDED_TO_CHAT = 'Chat is open during your booked chat time. Book a slot to chat with the creator.';
export const BOOKING_ENDED = 'Your booked chat time has ended. Book another slot to keep chatting.';

export interface AllowedUsersState {
  allowed: Record<string, true>;
}

export type AllowedUsersEvent =
  | DomainEvent<'ChatUserAllowed', { userId: string; allowedBy: string; allowedAt: string }>
  | DomainEvent<'ChatUserDisallowed', { userId: string; disallowedBy: string; disallowedAt: string }>;

export type AllowedUsersCommand = { type: 'SetAllowedToChat'; userId: string; allow: boolean; staffId: string; at: string };

export const allowedUsersDecider: Decider<AllowedUsersCommand, AllowedUsersEvent, AllowedUsersState> = {
  initialState: () => ({ allowed: {} }),
  evolve(s, e) {
    if (e.type === 'ChatUserAllowed') return { allowed: { ...s.allowed, [e.data.userId]: true } };
    const { [e.data.userId]: _gone, ...allowed } = s.allowed;
    return { allowed };
  },
  decide(c, s) {
    if (c.allow === !!s.allowed[c.userId]) return [];
    return c.allow
      ? [{ type: 'ChatUserAllowed', data: { userId: c.userId, allowedBy: c.staffId, allowedAt: c.at } }]
      : [{ type: 'ChatUserDisallowed', data: { userId: c.userId, disallowedBy: c.staffId, disallowedAt: c.at } }];
  },
};

export interface FanChatFacts {
  normalChatDisabled: boolean;
  /** chat_booking_enabled: fans can book chat time. */
  bookingEnabled: boolean;
  allowed: boolean;
  /** The fan's booking on now, if any. */
  bookingOn: boolean;
  /** The fan had a booking that ended (for the message they are shown). */
  hadBooking: boolean;
}

/** Why a fan may not write now; null when they may. */
export function fanChatRefusal(f: FanChatFacts): string | null {
  if (!f.normalChatDisabled || f.allowed || f.bookingOn) return null;
  if (f.hadBooking) return BOOKING_ENDED;
  return f.bookingEnabled ? BOOKING_NEEDED_TO_CHAT : NORMAL_CHAT_DISABLED;
}
