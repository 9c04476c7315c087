// The 'Add Card Details' dialog: a billing section and a card section (AddCardForm), used by
// the subscribe and unlock flows. Card details are cleared at every opening; billing details are kept, so a fan
// retrying with another card does not type them again.
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import type { CardForm } from '../../../domain/card/wire';
import AddCardForm, { useAddCardForm } from '../card-form/AddCardForm';
import { useAuth } from '../auth';

export interface CardDialogProps {
  open: boolean;
  /** Text of the submit button, e.g. "Pay $12.00". */
  submitLabel: string;
  /** What is being bought, shown under the title. */
  summary?: string;
  defaultEmail?: string;
  busy: boolean;
  /** Server-side problem to show: a message, optionally tied to a field. */
  error?: { message: string; field?: string } | null;
  onSubmit: (form: CardForm) => void;
  onClose: () => void;
}

const FORM_ID = 'card-dialog-form';

export default function CardDialog({ open, submitLabel, summary, defaultEmail = '', busy, error, onSubmit, onClose }: CardDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { me, settings } = useAuth();
  const form = useAddCardForm({ defaultEmail, defaultName: me?.name ?? '', fields: settings?.card_form_fields });
  const { resetCard } = form;

  useEffect(() => {
    if (open) resetCard(defaultEmail);
  }, [open, defaultEmail, resetCard]);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="card-dialog-title"
      slotProps={{ paper: { 'data-testid': 'card-dialog' } as object }}
    >
      <DialogTitle id="card-dialog-title" sx={{ pr: 7 }}>
        Add Card Details
        {summary && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
            {summary}
          </Typography>
        )}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers>
        <AddCardForm form={form} id={FORM_ID} busy={busy} error={error} onSubmit={onSubmit} autoFocus />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          variant="contained"
          disabled={busy}
          data-testid="pay-button"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockRounded fontSize="small" />}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
