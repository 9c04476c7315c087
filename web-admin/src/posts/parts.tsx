// Small pieces the composer and the post dialogs share: the caption, amount and schedule fields, a help button, a
// section title and a notify helper. The media tile is in MediaTile.tsx, the full post's read in fullPost.tsx.
import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useNotify } from 'react-admin';
import { AMOUNT_INPUT_MAX, AMOUNT_INPUT_MIN, localDate, type Schedule } from './rules';


/** notify(message, type) with the message shown verbatim (never taken for a translation key). */
export function useSay() {
  const notify = useNotify();
  return (message: string, type: 'success' | 'error' | 'info' | 'warning' = 'info') =>
    notify(message, { type, messageArgs: { _: message }, multiLine: true });
}

export const errorText = (error: unknown, fallback: string) =>
  (error instanceof Error && error.message) || (typeof error === 'string' && error) || fallback;


/** The post's caption (multiline); shows the error in place of the hint. */
export function CaptionField({
  value,
  onChange,
  error,
  hint,
  disabled,
  minRows = 3,
  autoFocus,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  minRows?: number;
  autoFocus?: boolean;
  testId?: string;
}) {
  return (
    <TextField
      label="Caption"
      value={value}
      onChange={e => onChange(e.target.value)}
      multiline
      minRows={minRows}
      fullWidth
      autoFocus={autoFocus}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={testId ? { htmlInput: { maxLength: 5000, 'data-testid': testId } } : undefined}
    />
  );
}

/** The hint under a locked post's amount. */
export const amountHint = (bounds: { min: number; max: number }) => `Whole dollars, between ${bounds.min} and ${bounds.max}.`;

/** Whole-dollar amount: input bounds 5..450; the effective bounds are checked on submit. */
export function AmountField({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  label = 'Amount',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      value={value}
      onChange={e => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { min: AMOUNT_INPUT_MIN, max: AMOUNT_INPUT_MAX, step: 1, inputMode: 'numeric', 'data-testid': 'amount-input' },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        formHelperText: { 'data-testid': error ? 'amount-error' : undefined } as object,
      }}
    />
  );
}

const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/** Date, hour (1-12), minute (0-59) and AM/PM; the date picker starts at today. */
export function ScheduleFields({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Schedule;
  onChange: (next: Schedule) => void;
  error?: string;
  disabled?: boolean;
}) {
  const set = (patch: Partial<Schedule>) => onChange({ ...value, ...patch });
  return (
    <Box data-testid="schedule-fields">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', alignItems: 'center' }}>
        <TextField
          label="Date"
          type="date"
          value={value.date}
          onChange={e => set({ date: e.target.value })}
          disabled={disabled}
          error={Boolean(error)}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDate(new Date()), 'data-testid': 'schedule-date' } }}
        />
        <FormControl disabled={disabled} error={Boolean(error)}>
          <InputLabel id="schedule-hour-label">Hour</InputLabel>
          <Select
            labelId="schedule-hour-label"
            label="Hour"
            value={value.hour}
            onChange={e => set({ hour: Number(e.target.value) })}
            data-testid="schedule-hour"
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
          >
            {HOURS.map(h => (
              <MenuItem key={h} value={h}>
                {h}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl disabled={disabled} error={Boolean(error)}>
          <InputLabel id="schedule-minute-label">Minute</InputLabel>
          <Select
            labelId="schedule-minute-label"
            label="Minute"
            value={value.minute}
            onChange={e => set({ minute: Number(e.target.value) })}
            data-testid="schedule-minute"
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
          >
            {MINUTES.map(m => (
              <MenuItem key={m} value={m}>
                {String(m).padStart(2, '0')}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.ampm}
          onChange={(_, v) => v && set({ ampm: v })}
          disabled={disabled}
          aria-label="AM or PM"
          sx={{ height: 56, '& .MuiToggleButton-root': { px: 1.5 } }}
        >
          <ToggleButton value="AM">AM</ToggleButton>
          <ToggleButton value="PM">PM</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {error ? (
        <FormHelperText error data-testid="schedule-error">
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** A help icon opening a short explanation. */
export function HelpButton({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="small" aria-label={title} onClick={() => setOpen(true)} data-testid={testId}>
        <HelpOutlineIcon fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby={`${testId ?? 'help'}-title`}>
        <DialogTitle id={`${testId ?? 'help'}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" component="div" sx={{ '& p': { mt: 0, mb: 1.5 } }}>
            {children}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A section title inside a card. */
export function SectionTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 36, mb: 1, gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
      {action}
    </Stack>
  );
}
