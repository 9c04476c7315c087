// The creator's chat-booking countdown over the chat list: the next booked chat (or the one on now, to its end) and
// how many fans are in a booked chat now (a click shows them). The meeting is read by useNextMeeting (./useListOffers),
// which the list's select shares; the countdown asks again when it reaches zero.
import { Alert, Button } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { formatRemaining, useCountdown } from '../../../web-shared/chat-booking/countdown';
import type { MeetingState } from './useListOffers';

export function MeetingRibbon({ meeting, onShowLive }: { meeting: MeetingState; onShowLive?: () => void }) {
  const { next, reload } = meeting;
  const left = useCountdown(next?.m.status ? next.m.remaining_seconds : null, next?.at ?? 0, reload);
  if (!next || (!next.m.status && next.m.live_chat_users === 0)) return null;
  const { status, live_chat_users: live } = next.m;
  const text = status === 'live' ? `Booked chat on now: ${formatRemaining(left ?? 0)} left` : status === 'upcoming' ? `Next booked chat in ${formatRemaining(left ?? 0)}` : 'No more booked chats';
  return (
    <Alert
      icon={<EventAvailableIcon fontSize="small" />}
      severity={status === 'live' ? 'success' : 'info'}
      data-testid="meeting-ribbon"
      sx={{ py: 0, alignItems: 'center', '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      action={live > 0 && onShowLive ? <Button size="small" color="inherit" onClick={onShowLive} sx={{ whiteSpace: 'nowrap' }} data-testid="meeting-ribbon-live">{live === 1 ? '1 live chat' : `${live} live chats`}</Button> : undefined}
    >
      <span role="timer" aria-live="off">{text}</span>
    </Alert>
  );
}
