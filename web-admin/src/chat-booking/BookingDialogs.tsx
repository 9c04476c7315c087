// Staff actions on one booking: cancel (refunded in full; a confirm names the amount and the fan) and move to an
// open slot (the booking's time and the slots are shown in this browser's time zone).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { money } from '../shop/paths';
import { bookingApi, type OpenSlot, type StaffBooking } from './api';

const who = (b: StaffBooking) => b.user_name ?? b.user_email ?? 'the fan';

/** A booking's day and times in this browser's zone: "Tue, Dec 1, 01:00 PM–01:30 PM". */
export const bookingWhen = (b: Pick<StaffBooking, 'start' | 'end'>) => {
  const s = new Date(b.start);
  const e = new Date(b.end);
  return `${s.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' })}, ${s.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}–${e.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
};

export function CancelDialog({ booking, onClose, onDone }: { booking: StaffBooking; onClose: () => void; onDone: (b: StaffBooking) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paid = booking.status === 'booked' || booking.status === 'started';
  const confirm = async () => {
    setBusy(true);
    try {
      onDone(await bookingApi.cancel(booking.id, reason.trim()));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Cancel this booking?</DialogTitle>
      <DialogContent>
        <Typography data-testid="cancel-refund-note">
          {paid ? `${money(booking.price_cents)} will be refunded to ${who(booking)}, and the slot opens again.` : 'The slot opens again.'}
        </Typography>
        <TextField label="Reason (the fan sees it)" value={reason} onChange={(e) => setReason(e.target.value)} fullWidth size="small" sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
        {error ? <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy} data-testid="cancel-confirm">{paid ? 'Cancel and refund' : 'Cancel booking'}</Button>
      </DialogActions>
    </Dialog>
  );
}

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function RescheduleDialog({ booking, onClose, onDone }: { booking: StaffBooking; onClose: () => void; onDone: (b: StaffBooking) => void }) {
  const [slots, setSlots] = useState<OpenSlot[] | null>(null);
  const [chosen, setChosen] = useState<OpenSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    bookingApi.openSlots(zone).then(setSlots).catch((e: Error) => setError(e.message));
  }, []);
  const dates = [...new Set((slots ?? []).map((s) => s.date))].slice(0, 14);
  const move = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      onDone(await bookingApi.reschedule(booking.id, { start: chosen.start, end: chosen.end }));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Move {who(booking)}'s booking</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="reschedule-from">Now: {bookingWhen(booking)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>Open slots, in {zone}.</Typography>
        {slots === null && !error ? <CircularProgress size={24} /> : null}
        {slots && slots.length === 0 ? <Typography>No open slots. Add hours on the Weekly hours page.</Typography> : null}
        {dates.map((d) => (
          <Box key={d} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>{new Date(`${d}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {slots!.filter((s) => s.date === d).map((s) => (
                <Chip key={s.start} label={s.start_time} onClick={() => setChosen(s)} color={chosen?.start === s.start ? 'primary' : 'default'} data-testid={`slot-${s.start}`} />
              ))}
            </Box>
          </Box>
        ))}
        {error ? <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => void move()} disabled={!chosen || busy} data-testid="reschedule-confirm">
          {chosen ? `Move to ${chosen.date.slice(5)} ${chosen.start_time}` : 'Choose a slot'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
