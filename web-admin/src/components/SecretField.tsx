// A write-only secret (a password, an API secret, a salt): once saved, the server only says it is set, so the field
// shows a locked placeholder and a Change button; typing a new one replaces it on the next save.
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';

export interface SecretFieldProps {
  label: string;
  /** The server holds one. */
  stored: boolean;
  /** The admin chose to replace the stored one. */
  changing: boolean;
  value: string;
  onChange(value: string): void;
  onStartChange(): void;
  error?: string;
  /** Under the field while typing. */
  help: string;
  /** Under the locked placeholder. */
  storedHelp: string;
  /** What the locked placeholder shows. */
  placeholder?: string;
  testId: string;
  /** The locked placeholder's test id (none when omitted). */
  storedTestId?: string;
  changeTestId: string;
  changeLabel?: string;
}

export function SecretField(p: SecretFieldProps) {
  if (p.stored && !p.changing)
    return (
      <Box>
        <TextField label={p.label} value={p.placeholder ?? 'set'} disabled fullWidth helperText={p.storedHelp}
          slotProps={{ htmlInput: p.storedTestId ? { 'data-testid': p.storedTestId } : {}, input: { startAdornment: <InputAdornment position="start"><LockOutlinedIcon fontSize="small" /></InputAdornment> } }} />
        <Button size="small" onClick={p.onStartChange} data-testid={p.changeTestId}>{p.changeLabel ?? `Change ${p.label.toLowerCase()}`}</Button>
      </Box>
    );
  return (
    <TextField label={p.label} type="password" value={p.value} onChange={(e) => p.onChange(e.target.value)} autoComplete="new-password" fullWidth error={!!p.error}
      helperText={p.error ?? p.help} slotProps={{ htmlInput: { 'data-testid': p.testId } }} />
  );
}
