// What the chat list's coming-and-going parts read, kept live without a reload: the creator's next booked chat and
// how many fans are in one now (POST /api/chat/get_next_meeting_time {isAdmin: true}, read again on every
// CHAT_BOOKING_UPDATED frame — a booking paid, started, ended, moved or cancelled — after a reconnect, and by the
// countdown when it runs out), and whether any fan is allowed to chat (get_user_list list_id=allowed, read again when
// staff allow or disallow someone: UPDATE_CHAT_USER). The ribbon shows the first; the list select offers "Live
// chats" and "Allowed to chat" by them (rules.ts listOffers).
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api';
import { useDebounced, useFrame, useLiveReload } from '../realtime';
import { chatApi } from './api';
import { LIST_REFRESH_DEBOUNCE_MS, type ListOffers } from './rules';

export interface NextMeeting { status: 'upcoming' | 'live' | null; remaining_seconds: number; live_chat_users: number }

/** The next meeting as last read, with when it was read (the countdown runs from there); `reload` reads it again. */
export interface MeetingState {
  next: { m: NextMeeting; at: number } | null;
  reload: () => void;
}

export function useNextMeeting(): MeetingState {
  const [next, setNext] = useState<MeetingState['next']>(null);
  const reload = useCallback(() => {
    api<NextMeeting>('/api/chat/get_next_meeting_time', { body: { isAdmin: true } }).then((r) => setNext({ m: r.data, at: Date.now() })).catch(() => undefined);
  }, []);
  useEffect(reload, [reload]);
  useFrame('CHAT_BOOKING_UPDATED', reload);
  useLiveReload(reload);
  return { next, reload };
}

/** Whether any fan is on the allowed-to-chat list; asked only while `ask` (false: answers false, reads nothing). */
function useSomeoneAllowed(ask: boolean): boolean {
  const [someone, setSomeone] = useState(false);
  const load = useCallback(() => {
    if (!ask) return;
    chatApi
      .userList({ page_num: 1, user_name: '', sort_by: 'latest_message', sort_by_subscribers: '', list_id: 'allowed' })
      .then((page) => setSomeone(page.total > 0))
      .catch(() => undefined);
  }, [ask]);
  useEffect(load, [load]);
  const loadSoon = useDebounced(load, LIST_REFRESH_DEBOUNCE_MS);
  useFrame('UPDATE_CHAT_USER', loadSoon);
  useLiveReload(load);
  return ask && someone;
}

/**
 * The extra lists worth offering now. While normal chat is off "Allowed to chat" is always offered (that is when
 * allowing matters), so nobody is asked for; while it is on, only when some fan is still allowed.
 */
export function useListOffers(meeting: MeetingState, normalChatOff: boolean, mayListAllowed: boolean): ListOffers {
  const someoneAllowed = useSomeoneAllowed(mayListAllowed && !normalChatOff);
  return { liveChats: (meeting.next?.m.live_chat_users ?? 0) > 0, allowedToChat: normalChatOff || someoneAllowed };
}
