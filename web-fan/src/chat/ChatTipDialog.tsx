// The Send Tip modal of the chat: amount ($20 by default in chat, 'Minimum $X USD.', out of
// bounds 'Choose a tip between {min} and {max}' and reset to the minimum), an optional note (at most 20,000
// characters). Sending hands the tip to the tip flow (tips/useSendTip.tsx), which confirms and pays.
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useModelName } from '../auth';
import { TipFields, useTipForm } from '../tips/TipFields';
import type { TipRequest } from '../tips/useSendTip';
import { CHAT_DEFAULT_TIP } from './chatRules';

export function ChatTipDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (tip: TipRequest) => void }) {
  const modelName = useModelName();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useTipForm(CHAT_DEFAULT_TIP);
  const { reset } = form;

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit = () => {
    const checked = form.check();
    if (checked) onSubmit(checked);
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
          <TipFields form={form} testIdPrefix="chat-" noteRows={[2, 6]} autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!!form.tooLong} data-testid="chat-tip-send">
            Send tip
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
