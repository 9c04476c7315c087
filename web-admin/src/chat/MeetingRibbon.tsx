// The creator's chat-booking countdown over the chat list: the next booked chat (or the one on now, to its end) and
// how many fans are in a booked chat now (a click shows them). It asks POST /api/chat/get_next_meeting_time
// {isAdmin: true} again on every CHAT_BOOKING_UPDATED frame, after a reconnect and when the count reaches zero.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { formatRemaining, useCountdown } from '../../../web-shared/chat-booking/countdown';
import { api } from '../api';
import { useFrame, useLiveReload } from '../realtime';

interface NextMeeting { status: 'upcoming' | 'live' | null; remaining_seconds: number; live_chat_users: number }

export function MeetingRibbon({ onShowLive }: { onShowLive?: () => void }) {
  const [next, setNext] = useState<{ m: NextMeeting; at: number } | null>(null);
  const load = useCallback(() => {
    api<NextMeeting>('/api/chat/get_next_meeting_time', { body: { isAdmin: true } }).then((r) => setNext({ m: r.data, at: Date.now() })).catch(() => undefined);
  }, []);
  useEffect(load, [load]);
  useFrame('CHAT_BOOKING_UPDATED', load);
  useLiveReload(load);
  const left = useCountdown(next?.m.status ? next.m.remaining_seconds : null, next?.at ?? 0, load);
  if (!next || (!next.m.status && next.m.live_chat_users === 0)) return null;
  const { status, live_chat_users: live } = next.m;
  const text = status === 'live' ? `Booked chat on now: ${formatRemaining(left ?? 0)} left` : status === 'upcoming' ? `Next booked chat in ${formatRemaining(left ?? 0)}` : 'No more booked chats';
  return (
    <Alert
      icon={<EventAvailableIcon fontSize="small" />}
      severity={status === 'live' ? 'success' : 'info'}
      data-testid="meeting-ribbon"
      sx={{ py: 0, alignItems: 'center', '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      action={live > 0 && onShowLive ? <Button size="small" color="inherit" onClick={onShowLive} data-testid="meeting-ribbon-live">{live === 1 ? '1 live chat' : `${live} live chats`}</Button> : undefined}
    >
      <span role="timer" aria-live="off">{text}</span>
    </Alert>
  );
}
