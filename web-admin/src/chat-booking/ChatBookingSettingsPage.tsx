// /admin/settings/chat-booking-settings: booking on or off, normal chat off (then only allowed fans and fans in their
// booked slot may write), the creator's time zone, slot length, buffer, price per slot, how far ahead and how soon
// fans may book, bookings per fan, the fan's cancel deadline and the no-show policy. Saved through
// PUT /admin-api/chat-booking/availability (the weekly hours go along unchanged); a refused value is shown on its field.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, Divider, Link, Typography } from '@mui/material';
import { AutocompleteInput, BooleanInput, Form, Loading, NumberInput, SaveButton, SelectInput, Toolbar, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS } from '../../../domain/chat-booking/availability';
import { PriceInput } from '../components/PriceInput';
import { PageGuard } from '../promotions/PageGuard';
import { useSettings } from '../settings';
import { ApiRequestError } from '../api';
import { bookingApi, type BookingRules } from './api';
import { BOOKING_LIST_PATH, BOOKING_SETTINGS_PAGE, WEEKLY_HOURS_PATH } from './paths';
import { timeZoneChoices } from './timeZones';

type FormValues = BookingRules & { disabled_normal_chat: boolean };

const NO_SHOW_CHOICES = [
  { id: 'keep_payment', name: 'Keep the payment' },
  { id: 'refund', name: 'Refund the fan' },
];
const field = { width: { xs: '100%', sm: 320 } };
const range = (key: keyof typeof LIMITS) => `${LIMITS[key][0]} to ${LIMITS[key][1]}`;

/** The server's refusal on the field it names (else a notice). */
export function fieldErrorOf(e: unknown): Record<string, { type: string; message: string }> | null {
  if (e instanceof ApiRequestError && e.field) return { [e.field]: { type: 'server', message: e.message } };
  return null;
}

function SettingsForm({ initial, onSaved }: { initial: FormValues; onSaved: (v: FormValues) => void }) {
  const notify = useNotify();
  const { refresh } = useSettings();
  const zones = useMemo(() => timeZoneChoices(initial.time_zone), [initial.time_zone]);
  const submit = async (values: Record<string, unknown>) => {
    const { disabled_normal_chat, ...rules } = values as unknown as FormValues;
    try {
      const saved = await bookingApi.saveRules(rules);
      if (disabled_normal_chat !== initial.disabled_normal_chat) await bookingApi.setNormalChatDisabled(disabled_normal_chat);
      refresh().catch(() => undefined);
      onSaved({ ...saved, disabled_normal_chat });
      notify('Chat booking settings saved.', { type: 'success' });
      return undefined;
    } catch (e) {
      const onField = fieldErrorOf(e);
      notify((e as Error).message, { type: 'error' });
      return onField ?? undefined;
    }
  };
  return (
    <Form defaultValues={initial} onSubmit={submit} record={initial as never} sanitizeEmptyValues={false}>
      <Card variant="outlined" data-testid="chat-booking-settings">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <BooleanInput source="chat_booking_enabled" label="Fans can book chat time" helperText="Fans pick a slot on the fan site and pay for it." />
          <BooleanInput source="disabled_normal_chat" label="Normal chat off" helperText="Only fans you allow and fans in their booked slot may write." />
          <Divider sx={{ my: 1 }} />
          <AutocompleteInput source="time_zone" label="Your time zone" choices={zones} sx={field} helperText="Weekly hours are in this zone; fans see slots in their own." />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            <NumberInput source="slot_minutes" label="Slot length (minutes)" step={5} sx={field} helperText={range('slotMinutes')} />
            <NumberInput source="buffer_minutes" label="Break between slots (minutes)" step={5} sx={field} helperText={range('bufferMinutes')} />
            <PriceInput source="price_cents" label="Price per slot ($)" empty={0} sx={field} helperText="$1.00 to $10,000.00" />
            <NumberInput source="book_ahead_days" label="Bookable up to (days ahead)" sx={field} helperText={range('bookAheadDays')} />
            <NumberInput source="min_notice_minutes" label="Minimum notice (minutes)" step={15} sx={field} helperText="Booking closes this long before a slot" />
            <NumberInput source="max_bookings_per_fan" label="Upcoming bookings per fan" sx={field} helperText={range('maxBookingsPerFan')} />
            <NumberInput source="cancel_deadline_hours" label="Fans cancel or move up to (hours before)" sx={field} helperText="Staff may cancel or move any time" />
            <NumberInput source="reminder_minutes_before" label="Remind the fan (minutes before)" step={15} sx={field} helperText="By mail and web push; 0 sends no reminder" />
            <SelectInput source="no_show_policy" label="When a fan does not come" choices={NO_SHOW_CHOICES} sx={field} helperText="Decided for each booking when it is made" />
          </Box>
        </CardContent>
        <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <SaveButton alwaysEnable data-testid="chat-booking-save" />
          <Typography variant="body2">
            <Link component={RouterLink} to={WEEKLY_HOURS_PATH}>Weekly hours and days off</Link> · <Link component={RouterLink} to={BOOKING_LIST_PATH}>Bookings</Link>
          </Typography>
        </Toolbar>
      </Card>
    </Form>
  );
}

export function ChatBookingSettingsPage() {
  const { settings } = useSettings();
  const [values, setValues] = useState<FormValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const normalOff = !!settings.chat_settings?.disabled_normal_chat;
  useEffect(() => {
    bookingApi.rules().then((r) => setValues({ ...r, disabled_normal_chat: normalOff })).catch((e: Error) => setError(e.message));
    // The chat switch comes from the site settings once; a save keeps what was saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PageGuard page={BOOKING_SETTINGS_PAGE} title="Chat booking">
      <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760, width: '100%', minWidth: 0, boxSizing: 'border-box', contain: 'inline-size' }}>
        {error ? <Alert severity="error">{error}</Alert> : values ? <SettingsForm key={JSON.stringify(values)} initial={values} onSaved={setValues} /> : <Loading />}
      </Box>
    </PageGuard>
  );
}
