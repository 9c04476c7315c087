// /book-slot/:page: a fan books one-to-one chat time with the creator. 'book' shows the open slots, 'booking-list'
// the fan's bookings; tabs move between them. Closed (chat_booking_enabled off): a notice, and the list of what
// was booked before.
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useModelName } from '../auth';
import { BookingList } from './BookingList';
import { BookSlotView } from './BookSlotView';
import { useBookingEnabled } from './bookingApi';

const PAGES = ['book', 'booking-list'] as const;

export default function BookSlotPage() {
  const { page } = useParams();
  const modelName = useModelName();
  const enabled = useBookingEnabled();
  if (!PAGES.includes(page as (typeof PAGES)[number])) return <Navigate to="/book-slot/book" replace />;
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 }, minWidth: 0 }} data-testid="book-slot-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Book a chat with {modelName}
      </Typography>
      <Tabs value={page} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} variant="fullWidth">
        <Tab label="Book" value="book" component={RouterLink} to="/book-slot/book" data-testid="tab-book" disabled={!enabled} />
        <Tab label="My bookings" value="booking-list" component={RouterLink} to="/book-slot/booking-list" data-testid="tab-booking-list" />
      </Tabs>
      {page === 'book' ? enabled ? <BookSlotView /> : <Typography data-testid="booking-closed">The creator is not taking chat bookings right now.</Typography> : <BookingList />}
    </Box>
  );
}
