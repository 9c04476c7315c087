// The chat-booking countdown under the navbar: counts down to the start of the fan's next booked chat, then shows
// "live now" with the time left. It follows the server's answer (read again on every booking frame and when a
// countdown runs out), so it moves on without a reload. Fans only (not staff, not a proxy view).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EventRounded from '@mui/icons-material/EventRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import { countdownText } from '../../../web-shared/chat-booking/slots';
import { useIsProxy, useModelName } from '../auth';
import { useNextMeeting } from './bookingApi';

/** Seconds left, counted from when the answer came. */
function useRemaining(seconds: number | null, since: number, onZero: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (seconds === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    // When it runs out, ask the server what comes next (live, ended, the next booking).
    const end = setTimeout(onZero, Math.max(1000, seconds * 1000 - (Date.now() - since) + 600));
    return () => {
      clearInterval(tick);
      clearTimeout(end);
    };
  }, [seconds, since, onZero]);
  return seconds === null ? null : Math.max(0, seconds - Math.floor((now - since) / 1000));
}

export function BookingRibbon() {
  const proxy = useIsProxy();
  const { pathname } = useLocation();
  const modelName = useModelName();
  const { next, refetch, fetchedAt } = useNextMeeting(!proxy);
  const status = next?.status ?? null;
  const left = useRemaining(status ? next!.remaining_seconds : null, fetchedAt, refetchOnce(refetch));
  if (!status || left === null) return null;
  const live = status === 'live';
  const inChat = pathname.startsWith('/private-chat');
  return (
    <Box
      role="status"
      aria-live="off"
      data-testid="booking-ribbon"
      data-status={status}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1.5, sm: 3 }, py: 1, bgcolor: live ? 'success.main' : 'primary.main', color: live ? 'success.contrastText' : 'primary.contrastText' }}
    >
      {live ? <ForumRounded aria-hidden /> : <EventRounded aria-hidden />}
      <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, fontSize: { xs: 14, sm: 16 }, lineHeight: 1.3 }}>
        {live ? `Your chat with ${modelName} is live now · ` : `Your chat with ${modelName} starts in `}
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="booking-countdown">
          {countdownText(left)}
        </Box>
        {live ? ' left' : ''}
      </Typography>
      {!(live && inChat) && (
        <Button
          component={RouterLink}
          to={live ? '/private-chat' : '/book-slot/booking-list'}
          variant="contained"
          color="inherit"
          size="small"
          data-testid="booking-ribbon-action"
          sx={{ flexShrink: 0, color: live ? 'success.main' : 'primary.main', bgcolor: 'background.paper' }}
        >
          {live ? 'Chat now' : 'My bookings'}
        </Button>
      )}
    </Box>
  );
}

// One stable callback per refetch function, so the timer is not restarted on every render.
const stable = new WeakMap<() => unknown, () => void>();
function refetchOnce(refetch: () => unknown): () => void {
  let f = stable.get(refetch);
  if (!f) {
    f = () => void refetch();
    stable.set(refetch, f);
  }
  return f;
}

export default BookingRibbon;
