// The Send Tip modal of the chat (spec 3 §2.1, §5): amount ($20 by default in chat, 'Minimum $X USD.', out of
// bounds 'Choose a tip between {min} and {max}' and reset to the minimum), an optional note (at most 20,000
// characters). Sending hands the tip to the tip flow (tips/useSendTip.tsx), which confirms and pays.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAuth, useModelName } from '../auth';
import { checkTipAmount, noteError, tipBoundsOf, tipMinimumText } from '../tips/tipForm';
import type { TipRequest } from '../tips/useSendTip';
import { CHAT_DEFAULT_TIP } from './chatRules';

export function ChatTipDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (tip: TipRequest) => void }) {
  const { settings } = useAuth();
  const modelName = useModelName();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const bounds = tipBoundsOf(settings);
  const [amount, setAmount] = useState(String(CHAT_DEFAULT_TIP));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const tooLong = noteError(note);

  useEffect(() => {
    if (!open) return;
    setAmount(String(CHAT_DEFAULT_TIP));
    setAmountError(null);
    setNote('');
  }, [open]);

  const submit = () => {
    const checked = checkTipAmount(amount, bounds);
    if (!checked.ok) {
      setAmountError(checked.error);
      if (checked.resetTo !== undefined) setAmount(checked.resetTo);
      return;
    }
    if (tooLong) return;
    onSubmit({ amountCents: checked.cents, note: note.trim() });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="chat-tip-title"
      data-testid="chat-tip-dialog"
      slotProps={{ paper: { sx: phone ? { m: 1.5, width: 'calc(100% - 24px)' } : undefined } }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="chat-tip-title">Send a tip</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Show {modelName} some love. The tip shows in your conversation.
          </Typography>
          <TextField
            label="Amount"
            value={amount}
            autoFocus
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountError(null);
            }}
            error={!!amountError}
            helperText={amountError ?? tipMinimumText(bounds.min)}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal', 'data-testid': 'chat-tip-amount', 'aria-describedby': 'chat-tip-amount-help' },
              formHelperText: { id: 'chat-tip-amount-help', role: amountError ? 'alert' : undefined, 'data-testid': 'chat-tip-amount-help' } as object,
            }}
          />
          <TextField
            label="Message (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            maxRows={6}
            error={!!tooLong}
            helperText={tooLong ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'chat-tip-note' }, formHelperText: { role: tooLong ? 'alert' : undefined } as object }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!!tooLong} data-testid="chat-tip-send">
            Send tip
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
