// A list of time windows of one day (from–to, several a day), each removable, with an add button; a window the
// server refused shows its message under it.
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { Hours } from '../../../domain/chat-booking/availability';

export function HoursRows({ label, hours, errors, onChange, testId, emptyText = 'Not available' }: {
  label: string;
  hours: Hours[];
  /** A message per window (by index), from the server. */
  errors?: Record<number, string>;
  onChange: (next: Hours[]) => void;
  testId: string;
  emptyText?: string;
}) {
  const set = (i: number, change: Partial<Hours>) => onChange(hours.map((h, j) => (j === i ? { ...h, ...change } : h)));
  const last = hours[hours.length - 1];
  const add = () => onChange([...hours, last ? { start: last.end < '23:00' ? last.end : '22:00', end: last.end < '23:00' ? nextHour(last.end) : '23:00' } : { start: '09:00', end: '17:00' }]);
  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, py: 1, alignItems: { sm: 'flex-start' } }}>
      <Typography sx={{ width: { sm: 110 }, pt: { sm: 1 }, fontWeight: 500 }}>{label}</Typography>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        {hours.length === 0 ? <Typography color="text.secondary" sx={{ pt: { sm: 1 } }}>{emptyText}</Typography> : null}
        {hours.map((h, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField type="time" size="small" label="From" value={h.start} onChange={(e) => set(i, { start: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-start-${i}`, step: 300 } }} sx={{ width: 130 }} />
            <TextField type="time" size="small" label="To" value={h.end === '24:00' ? '23:59' : h.end} onChange={(e) => set(i, { end: e.target.value === '23:59' ? '24:00' : e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-end-${i}`, step: 300 } }} sx={{ width: 130 }}
              error={!!errors?.[i]} />
            <IconButton aria-label={`Remove ${label} ${h.start}–${h.end}`} onClick={() => onChange(hours.filter((_, j) => j !== i))} size="small">
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
            {errors?.[i] ? <Typography color="error" variant="caption" sx={{ flexBasis: '100%' }} role="alert">{errors[i]}</Typography> : null}
          </Box>
        ))}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={add} aria-label={`Add hours on ${label}`} data-testid={`${testId}-add`} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
        Add hours
      </Button>
    </Box>
  );
}

const nextHour = (t: string) => `${String(Math.min(23, Number(t.slice(0, 2)) + 1)).padStart(2, '0')}${t.slice(2)}`;
