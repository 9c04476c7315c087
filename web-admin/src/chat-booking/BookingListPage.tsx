// /admin/settings/set-chat-availability/booking-list: the bookings (GET /admin-api/chat-booking/bookings), filtered by
// status and upcoming, following CHAT_BOOKING_UPDATED frames live; the managers cancel (refunded) or move a booking.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, Chip, FormControlLabel, MenuItem, Pagination, Stack, Switch, TextField, Typography } from '@mui/material';
import { Loading, usePermissions } from 'react-admin';
import { mayCall } from '../access';
import { PageGuard } from '../promotions/PageGuard';
import { useFrame, useLiveReload } from '../realtime';
import { money } from '../shop/paths';
import { bookingApi, type BookingFilter, type StaffBooking } from './api';
import { AvailabilityTabs } from './AvailabilityTabs';
import { bookingWhen, CancelDialog, RescheduleDialog } from './BookingDialogs';
import { BOOKING_LIST_PAGE, BOOKING_ROUTES } from './paths';

const PER_PAGE = 25;
const STATUSES = [
  { id: '', name: 'Any status' }, { id: 'booked', name: 'Booked' }, { id: 'started', name: 'On now' }, { id: 'completed', name: 'Completed' },
  { id: 'no_show', name: 'No-show' }, { id: 'cancelled', name: 'Cancelled' }, { id: 'failed', name: 'Payment failed' }, { id: 'requested', name: 'Awaiting payment' },
];
const STATUS_COLOUR: Record<string, 'success' | 'info' | 'default' | 'warning' | 'error'> = { booked: 'info', started: 'success', completed: 'default', no_show: 'warning', cancelled: 'default', failed: 'error', requested: 'default' };
const label = (status: string) => STATUSES.find((s) => s.id === status)?.name ?? status;

function BookingRow({ b, canCancel, canMove, onCancel, onMove }: { b: StaffBooking; canCancel: boolean; canMove: boolean; onCancel: () => void; onMove: () => void }) {
  const open = b.status === 'booked' || b.status === 'started';
  return (
    <Card variant="outlined" sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid={`booking-${b.id}`} data-start={b.start}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{b.user_name ?? 'Deleted fan'}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{b.user_email}</Typography>
      </Box>
      <Box sx={{ flex: '1 1 200px' }}>
        <Typography variant="body2" data-testid="booking-when">{bookingWhen(b)}</Typography>
        <Typography variant="body2" color="text.secondary">{money(b.price_cents)}{b.cancel_reason ? ` · ${b.cancel_reason}` : ''}</Typography>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        <Chip size="small" label={label(b.status)} color={STATUS_COLOUR[b.status] ?? 'default'} data-testid="booking-status" />
        {b.refunded ? <Chip size="small" label="Refunded" color="warning" variant="outlined" data-testid="booking-refunded" /> : null}
        {b.attended ? <Chip size="small" label="Came" variant="outlined" /> : null}
      </Stack>
      {open && (canCancel || canMove) ? (
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
          {canMove && b.status === 'booked' ? <Button size="small" onClick={onMove} data-testid="booking-move">Move</Button> : null}
          {canCancel ? <Button size="small" color="error" onClick={onCancel} data-testid="booking-cancel">Cancel</Button> : null}
        </Stack>
      ) : null}
    </Card>
  );
}

export function BookingListPage() {
  const { permissions } = usePermissions();
  const [filter, setFilter] = useState<BookingFilter>({ status: '', upcoming: true });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: StaffBooking[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'cancel' | 'move'; booking: StaffBooking } | null>(null);
  const load = useCallback(() => {
    const ctl = new AbortController();
    bookingApi.bookings(filter, page, PER_PAGE, ctl.signal).then((d) => { setData(d); setError(null); }).catch((e: Error) => {
      if (e.name !== 'AbortError') setError(e.message);
    });
    return () => ctl.abort();
  }, [filter, page]);
  useEffect(load, [load]);
  useFrame('CHAT_BOOKING_UPDATED', () => void load());
  useLiveReload(() => void load());
  const done = () => {
    setDialog(null);
    load();
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <PageGuard page={BOOKING_LIST_PAGE} title="Chat bookings">
      <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, width: '100%', minWidth: 0, boxSizing: 'border-box', contain: 'inline-size' }}>
        <AvailabilityTabs current={BOOKING_LIST_PAGE} />
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          <TextField select size="small" label="Status" value={filter.status} onChange={(e) => { setFilter({ ...filter, status: e.target.value }); setPage(1); }} sx={{ width: 220, maxWidth: '100%' }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'booking-status-filter' } as never } }}>
            {STATUSES.map((s) => <MenuItem key={s.id || 'any'} value={s.id}>{s.name}</MenuItem>)}
          </TextField>
          <FormControlLabel control={<Switch checked={filter.upcoming} onChange={(e) => { setFilter({ ...filter, upcoming: e.target.checked }); setPage(1); }} data-testid="booking-upcoming" />} label="Upcoming only" />
          {data ? <Typography variant="body2" color="text.secondary">{data.total === 1 ? '1 booking' : `${data.total} bookings`}</Typography> : null}
        </Stack>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {!data && !error ? <Loading /> : null}
        {data && data.rows.length === 0 ? (
          <Alert severity="info" data-testid="bookings-empty">{filter.upcoming ? 'No upcoming bookings.' : 'No bookings match.'}</Alert>
        ) : null}
        <Stack spacing={1} data-testid="booking-list">
          {data?.rows.map((b) => (
            <BookingRow key={b.id} b={b} canCancel={mayCall(permissions, BOOKING_ROUTES.cancel)} canMove={mayCall(permissions, BOOKING_ROUTES.reschedule)}
              onCancel={() => setDialog({ kind: 'cancel', booking: b })} onMove={() => setDialog({ kind: 'move', booking: b })} />
          ))}
        </Stack>
        {pages > 1 ? <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ mt: 2 }} /> : null}
        {dialog?.kind === 'cancel' ? <CancelDialog booking={dialog.booking} onClose={() => setDialog(null)} onDone={done} /> : null}
        {dialog?.kind === 'move' ? <RescheduleDialog booking={dialog.booking} onClose={() => setDialog(null)} onDone={done} /> : null}
      </Box>
    </PageGuard>
  );
}
