// /book-slot/booking-list: the fan's bookings, upcoming (soonest first) and past, each with its state; until the
// deadline a booking can be cancelled (refunded) or moved to another open slot. Refusals show the server's words.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import { formatMoney } from '../../../domain/shared/money';
import { bookingChip, instantLabel, splitBookings, viewerTimeZone, type LocalSlot } from '../../../web-shared/chat-booking/slots';
import { errorMessage } from '../api';
import { useNotify } from '../notify';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { bookingApi, useBookings, useSlots, type BookingView } from './bookingApi';
import { SlotPicker } from './SlotPicker';

function BookingRow({ b, zone, busy, onCancel, onMove }: { b: BookingView; zone: string; busy: boolean; onCancel: () => void; onMove: () => void }) {
  const chip = bookingChip(b);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} data-testid="booking-row" data-id={b.id} data-status={b.status} data-start={b.start}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography sx={{ fontWeight: 700 }}>
          {instantLabel(b.start, zone)} – {instantLabel(b.end, zone).split(', ')[1]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatMoney(b.price_cents)}
          {b.fan_can_change_until ? ` · cancel or move until ${instantLabel(b.fan_can_change_until, zone)}` : ''}
          {b.cancel_reason ? ` · ${b.cancel_reason}` : ''}
        </Typography>
      </Box>
      <Chip label={chip.label} color={chip.color} size="small" sx={{ fontWeight: 700 }} data-testid="booking-status" />
      {b.fan_can_change_until && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" variant="outlined" disabled={busy} onClick={onMove} data-testid="booking-move">
            Move
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={onCancel} data-testid="booking-cancel">
            Cancel
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function MoveDialog({ booking, zone, busy, onClose, onMove }: { booking: BookingView | null; zone: string; busy: boolean; onClose: () => void; onMove: (s: LocalSlot) => void }) {
  const slots = useSlots(zone, !!booking);
  const [picked, setPicked] = useState<LocalSlot | null>(null);
  return (
    <Dialog open={!!booking} onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby="move-booking-title" data-testid="move-booking-dialog">
      <DialogTitle id="move-booking-title">Move your booking</DialogTitle>
      <DialogContent>
        {booking ? (
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="move-booking-from">
            Now {instantLabel(booking.start, zone)} – {instantLabel(booking.end, zone).split(', ')[1]}. Choose a new time:
          </Typography>
        ) : null}
        <SlotPicker slots={slots.data?.slots} loading={slots.isLoading} picked={picked} onPick={setPicked} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Keep it
        </Button>
        <Button variant="contained" disabled={!picked || busy} onClick={() => picked && onMove(picked)} data-testid="move-booking-confirm">
          Move to {picked?.start_time ?? '…'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function BookingList() {
  const zone = viewerTimeZone();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const list = useBookings(page);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<BookingView | null>(null);
  const [moving, setMoving] = useState<BookingView | null>(null);

  const run = async (what: () => Promise<{ message?: string }>, done: () => void) => {
    setBusy(true);
    try {
      const { message } = await what();
      notify(message || 'Done.', 'success');
      done();
    } catch (err) {
      notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
      void list.refetch();
    }
  };

  if (list.isError) return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  if (!list.data) {
    return (
      <Box data-testid="bookings-loading" aria-busy sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={72} />)}
      </Box>
    );
  }
  if (!list.data.bookings.length) {
    return (
      <Box data-testid="bookings-empty">
        <EmptyState title="No bookings yet" icon={<EventAvailableRounded />}>
          <Button component={RouterLink} to="/book-slot/book" variant="contained" sx={{ mt: 2 }}>
            Book a chat
          </Button>
        </EmptyState>
      </Box>
    );
  }
  const { upcoming, past } = splitBookings(list.data.bookings, Date.now());
  const section = (title: string, rows: BookingView[], testId: string) =>
    rows.length > 0 && (
      <Box component="section" sx={{ mb: 3 }} data-testid={testId}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.map((b) => (
            <BookingRow key={b.id} b={b} zone={zone} busy={busy} onCancel={() => setCancelling(b)} onMove={() => setMoving(b)} />
          ))}
        </Box>
      </Box>
    );
  return (
    <Box>
      {section('Upcoming', upcoming, 'bookings-upcoming')}
      {section('Past', past, 'bookings-past')}
      {list.data.totalPages > 1 && <Pagination count={list.data.totalPages} page={page} onChange={(_e, p) => setPage(p)} sx={{ display: 'flex', justifyContent: 'center' }} />}
      <Dialog open={!!cancelling} onClose={() => !busy && setCancelling(null)} aria-labelledby="cancel-booking-title" maxWidth="xs" fullWidth data-testid="cancel-booking-dialog">
        <DialogTitle id="cancel-booking-title">Cancel this booking?</DialogTitle>
        <DialogContent>
          <Typography>{cancelling ? `Your chat on ${instantLabel(cancelling.start, zone)} is cancelled and ${formatMoney(cancelling.price_cents)} refunded.` : ''}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(null)} disabled={busy} color="inherit">
            Keep it
          </Button>
          <Button color="error" variant="contained" disabled={busy} data-testid="cancel-booking-confirm" onClick={() => cancelling && void run(() => bookingApi.cancel(cancelling.id), () => setCancelling(null))}>
            Cancel booking
          </Button>
        </DialogActions>
      </Dialog>
      <MoveDialog
        booking={moving}
        zone={zone}
        busy={busy}
        onClose={() => setMoving(null)}
        onMove={(s) => moving && void run(() => bookingApi.reschedule(moving.id, { start: s.start, end: s.end }), () => setMoving(null))}
      />
    </Box>
  );
}
