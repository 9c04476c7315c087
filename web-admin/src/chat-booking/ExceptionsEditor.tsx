// Dated exceptions: on a date, other hours than the weekly ones, or a day off (no hours).
import { Box, Button, FormControlLabel, IconButton, Stack, Switch, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { DateException } from '../../../domain/chat-booking/availability';
import { HoursRows } from './HoursRows';

export function ExceptionsEditor({ exceptions, errors, onChange, today }: {
  exceptions: DateException[];
  /** A message per exception (by index), from the server. */
  errors: Record<number, string>;
  onChange: (next: DateException[]) => void;
  today: string;
}) {
  const set = (i: number, change: Partial<DateException>) => onChange(exceptions.map((e, j) => (j === i ? { ...e, ...change } : e)));
  return (
    <Stack spacing={1} data-testid="exceptions">
      {exceptions.length === 0 ? <Typography color="text.secondary">No exceptions: every date follows the weekly hours.</Typography> : null}
      {exceptions.map((e, i) => (
        <Box key={i} sx={{ border: 1, borderColor: errors[i] ? 'error.main' : 'divider', borderRadius: 1, p: 1 }} data-testid={`exception-${i}`}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField type="date" size="small" label="Date" value={e.date} onChange={(ev) => set(i, { date: ev.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, 'data-testid': `exception-${i}-date` } }} sx={{ width: 170 }} />
            <FormControlLabel
              control={<Switch checked={e.hours.length === 0} onChange={(ev) => set(i, { hours: ev.target.checked ? [] : [{ start: '09:00', end: '17:00' }] })} data-testid={`exception-${i}-off`} />}
              label="Day off"
            />
            <IconButton aria-label={`Remove the exception on ${e.date}`} onClick={() => onChange(exceptions.filter((_, j) => j !== i))} size="small" sx={{ ml: 'auto' }}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Box>
          {e.hours.length > 0 ? <HoursRows label="Hours" hours={e.hours} onChange={(hours) => set(i, { hours })} testId={`exception-${i}-hours`} /> : null}
          {errors[i] ? <Typography color="error" variant="caption" role="alert">{errors[i]}</Typography> : null}
        </Box>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...exceptions, { date: today, hours: [] }])} data-testid="exception-add">
          Add a date
        </Button>
      </Box>
    </Stack>
  );
}
