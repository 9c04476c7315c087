// /book-slot/book: the creator's open slots in the fan's time zone, grouped by day, with the price of a slot; a
// picked slot is paid by card or from the wallet (./useBookSlot.tsx), then the fan goes to their bookings.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../domain/shared/money';
import { viewerTimeZone, type LocalSlot } from '../../../web-shared/chat-booking/slots';
import { errorMessage } from '../api';
import { useNotify } from '../notify';
import { ErrorState } from '../components/StatusViews';
import { useSlots } from './bookingApi';
import { SlotPicker } from './SlotPicker';
import { useBookSlot } from './useBookSlot';

export function BookSlotView() {
  const zone = viewerTimeZone();
  const navigate = useNavigate();
  const notify = useNotify();
  const slots = useSlots(zone, true);
  const [picked, setPicked] = useState<LocalSlot | null>(null);
  const data = slots.data;
  const book = useBookSlot({
    priceCents: data?.price_cents ?? 0,
    timeZone: zone,
    onBooked: () => {
      setPicked(null);
      void slots.refetch();
      navigate('/book-slot/booking-list');
    },
    onTaken: () => {
      setPicked(null);
      notify('This slot is no longer available.', 'error');
      void slots.refetch();
    },
  });

  if (slots.isError) return <ErrorState message={errorMessage(slots.error)} onRetry={() => void slots.refetch()} />;
  if (data && !data.enabled) {
    return (
      <Alert severity="info" data-testid="booking-closed">
        The creator is not taking chat bookings right now.
      </Alert>
    );
  }
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="slot-price">
            {data ? `${formatMoney(data.price_cents)} for ${data.slot_minutes} minutes of one-to-one chat` : ' '}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="slot-zone">
            Times in your time zone ({zone}).{data ? ` Cancel or move up to ${data.cancel_deadline_hours} hours before the start.` : ''}
          </Typography>
        </Box>
        <Button variant="contained" size="large" disabled={!picked || book.busy} onClick={() => picked && book.ask(picked)} data-testid="book-slot-button">
          {picked ? `Book ${picked.start_time} · ${formatMoney(data?.price_cents ?? 0)}` : 'Pick a time'}
        </Button>
      </Paper>
      <SlotPicker slots={data?.slots} loading={slots.isLoading} picked={picked} onPick={setPicked} />
      {book.elements}
    </Box>
  );
}
