// Age gate: shown only to guests when settings.show_age_modal is on; Enter is remembered locally.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useModelName } from '../auth';

export const AGE_GATE_KEY = 'fanclub.ageConfirmed';
/** Where Leave goes: away from the site. */
export const AGE_GATE_LEAVE_URL = 'https://www.google.com/';

export function ageConfirmed(): boolean {
  try {
    return localStorage.getItem(AGE_GATE_KEY) === '1';
  } catch {
    return false;
  }
}

export default function AgeGate({ age }: { age: number }) {
  const modelName = useModelName();
  const [open, setOpen] = useState(() => !ageConfirmed());
  const years = Number.isFinite(age) && age > 0 ? Math.round(age) : 18;

  const enter = () => {
    try {
      localStorage.setItem(AGE_GATE_KEY, '1');
    } catch {
      /* remembered for this page only */
    }
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      // A choice is required: Escape and the backdrop do not dismiss the gate.
      onClose={() => undefined}
      disableEscapeKeyDown
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
      maxWidth="xs"
      fullWidth
      role="alertdialog"
      data-testid="age-gate"
      slotProps={{ backdrop: { sx: { backdropFilter: 'blur(14px)', bgcolor: 'rgba(0,0,0,0.7)' } } }}
    >
      <DialogTitle id="age-gate-title" sx={{ textAlign: 'center', pt: 3 }}>
        <Box
          component="span"
          aria-hidden
          sx={{ display: 'grid', placeItems: 'center', width: 64, height: 64, mx: 'auto', mb: 1.5, borderRadius: '50%', border: 2, borderColor: 'primary.main', color: 'primary.main', fontWeight: 800, fontSize: 22 }}
        >
          {years}+
        </Box>
        Are you {years} or older?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="age-gate-text" sx={{ textAlign: 'center' }}>
          {modelName} contains content for adults only. You must be at least {years} years old to enter this site.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' }, '& > :not(style) ~ :not(style)': { ml: { xs: 0, sm: 1 } } }}>
        <Button component="a" href={AGE_GATE_LEAVE_URL} color="inherit" variant="outlined" fullWidth data-testid="age-gate-leave" sx={{ borderColor: 'divider' }}>
          Leave
        </Button>
        <Button onClick={enter} variant="contained" fullWidth autoFocus data-testid="age-gate-enter">
          Enter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
