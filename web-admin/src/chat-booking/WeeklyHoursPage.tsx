// /admin/settings/set-chat-availability/weekly-hours: the creator's hours per weekday (several windows a day) and
// dated exceptions (other hours, or a day off), with the next seven days' slots as the draft would make them. Saved
// with the other rules through PUT /admin-api/chat-booking/availability; a refused window shows the message on it.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import { Loading, useNotify } from 'react-admin';
import type { DateException, Hours, WeeklyHours } from '../../../domain/chat-booking/availability';
import { availabilityFromWire } from '../../../domain/chat-booking/views';
import { weekPreview } from '../../../domain/chat-booking/preview';
import { localTimeOf } from '../../../domain/chat-booking/time-zone';
import { PageGuard } from '../promotions/PageGuard';
import { ApiRequestError } from '../api';
import { bookingApi, type BookingRules } from './api';
import { AvailabilityTabs } from './AvailabilityTabs';
import { ExceptionsEditor } from './ExceptionsEditor';
import { HoursRows } from './HoursRows';
import { WeekPreview } from './WeekPreview';
import { WEEKLY_HOURS_PAGE } from './paths';

/** Monday first, as a week is read; `day` as the server counts (0 = Sunday). */
const DAYS = [
  { day: 1, label: 'Monday' }, { day: 2, label: 'Tuesday' }, { day: 3, label: 'Wednesday' }, { day: 4, label: 'Thursday' },
  { day: 5, label: 'Friday' }, { day: 6, label: 'Saturday' }, { day: 0, label: 'Sunday' },
];

interface Draft { weekly: Record<number, Hours[]>; exceptions: DateException[] }

const draftOf = (r: BookingRules): Draft => ({
  weekly: Object.fromEntries(DAYS.map(({ day }) => [day, r.weekly.filter((w) => w.day === day).map(({ start, end }) => ({ start, end }))])),
  exceptions: r.exceptions,
});

/** The weekly hours as sent: day by day in the editor's order, so a refused `weekly[i]` names a row on screen. */
const weeklyOf = (d: Draft): WeeklyHours[] => DAYS.flatMap(({ day }) => d.weekly[day].map((h) => ({ day, ...h })));

/** Where the server's message belongs: a weekly row, an exception, or the page. */
export interface PlacedError { weekly?: { day: number; index: number }; exception?: number; message: string }

export function placeError(field: string | undefined, message: string, draft: Draft): PlacedError {
  const w = /^weekly\[(\d+)\]/.exec(field ?? '');
  if (w) {
    let i = Number(w[1]);
    for (const { day } of DAYS) {
      if (i < draft.weekly[day].length) return { weekly: { day, index: i }, message };
      i -= draft.weekly[day].length;
    }
  }
  const x = /^exceptions\[(\d+)\]/.exec(field ?? '');
  if (x) return { exception: Number(x[1]), message };
  return { message };
}

function Editor({ rules, onSaved }: { rules: BookingRules; onSaved: (r: BookingRules) => void }) {
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules));
  const [error, setError] = useState<PlacedError | null>(null);
  const [saving, setSaving] = useState(false);
  const sent = useMemo(() => ({ ...rules, weekly: weeklyOf(draft), exceptions: draft.exceptions }), [rules, draft]);
  const now = new Date().toISOString();
  const today = localTimeOf(Date.parse(now), rules.time_zone).date;
  // A draft the rules would refuse (an end before its start) previews nothing rather than failing.
  const preview = useMemo(() => {
    try {
      return weekPreview(availabilityFromWire(sent), now);
    } catch {
      return null;
    }
    // `now` moves on each render; the preview follows the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent]);
  const change = (next: Draft) => {
    setDraft(next);
    setError(null);
  };
  const save = async () => {
    setSaving(true);
    try {
      const saved = await bookingApi.saveRules(sent);
      onSaved(saved);
      setDraft(draftOf(saved));
      notify('Weekly hours saved.', { type: 'success' });
    } catch (e) {
      const placed = placeError(e instanceof ApiRequestError ? e.field : undefined, (e as Error).message, draft);
      setError(placed);
      notify(placed.message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const dayErrors = (day: number) => (error?.weekly?.day === day ? { [error.weekly.index]: error.message } : undefined);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Weekly hours</Typography>
          <Typography variant="body2" color="text.secondary">In {rules.time_zone}. Each window is cut into {rules.slot_minutes}-minute slots, {rules.buffer_minutes} minutes apart.</Typography>
          {DAYS.map(({ day, label }) => (
            <Box key={day}>
              <HoursRows label={label} hours={draft.weekly[day]} errors={dayErrors(day)} onChange={(h) => change({ ...draft, weekly: { ...draft.weekly, [day]: h } })} testId={`weekly-${day}`} />
              <Divider />
            </Box>
          ))}
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>Exceptions</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>Other hours on a date, or a day off.</Typography>
          <ExceptionsEditor exceptions={draft.exceptions} errors={error?.exception !== undefined ? { [error.exception]: error.message } : {}} onChange={(exceptions) => change({ ...draft, exceptions })} today={today} />
          {error && !error.weekly && error.exception === undefined ? <Alert severity="error" sx={{ mt: 2 }}>{error.message}</Alert> : null}
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="weekly-hours-save">Save hours</Button>
          </Box>
        </CardContent>
      </Card>
      {preview ? <WeekPreview days={preview} timeZone={rules.time_zone} /> : <Alert severity="info">Fix the hours to see the week's slots.</Alert>}
    </Box>
  );
}

export function WeeklyHoursPage() {
  const [rules, setRules] = useState<BookingRules | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    bookingApi.rules().then(setRules).catch((e: Error) => setError(e.message));
  }, []);
  return (
    <PageGuard page={WEEKLY_HOURS_PAGE} title="Chat availability">
      <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, width: '100%', minWidth: 0, boxSizing: 'border-box', contain: 'inline-size' }}>
        <AvailabilityTabs current={WEEKLY_HOURS_PAGE} />
        {error ? <Alert severity="error">{error}</Alert> : rules ? <Editor rules={rules} onSaved={setRules} /> : <Loading />}
      </Box>
    </PageGuard>
  );
}
