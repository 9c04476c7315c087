// The next seven days as the edited hours would make them: each day's slots (in the creator's zone), a day off
// by exception marked as such.
import { Box, Chip, Paper, Typography } from '@mui/material';
import type { PreviewDay } from '../../../domain/chat-booking/preview';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function WeekPreview({ days, timeZone }: { days: PreviewDay[]; timeZone: string }) {
  const total = days.reduce((n, d) => n + d.slots.length, 0);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="week-preview">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>The next 7 days</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {total === 1 ? '1 slot' : `${total} slots`} in {timeZone}, before bookings are taken out.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }}>
        {days.map((d) => (
          <Box key={d.date} data-testid={`preview-${d.date}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {WEEKDAYS[d.weekday]} {d.date.slice(5)}
            </Typography>
            {d.slots.length === 0 ? (
              <Typography variant="caption" color="text.secondary">{d.exception ? 'Day off' : 'No slots'}</Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {d.slots.map((s) => <Chip key={s.start} size="small" label={s.startTime} variant={d.exception ? 'outlined' : 'filled'} />)}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
