// Tips in a live view: $5 by default, the tip bounds ('Choose a tip between {min}
// and {max}', reset to the minimum), then the one tip flow (tips/useSendTip.tsx: 'Please Confirm Tip of $X.', card or
// wallet with Add Funds for a shortfall, a 401 to /register) to POST /api/stream/send_tips. Anonymous only in a group
// stream. The tip appears in the overlay through GROUP_MESSAGE, the publisher's total through SET_TIP_AMOUNT.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { LIVE_DEFAULT_TIP_DOLLARS } from '../../../domain/live-client/rules';
import { useAuth, useModelName } from '../auth';
import { useNotify } from '../notify';
import { TipFields, useTipForm } from '../tips/TipFields';
import { TIP_SENT } from '../tips/tipForm';
import { useSendTip } from '../tips/useSendTip';

export function LiveTipDialog({ open, isGroup, onClose }: { open: boolean; isGroup: boolean; onClose: () => void }) {
  const modelName = useModelName();
  const { refresh } = useAuth();
  const notify = useNotify();
  const form = useTipForm(LIVE_DEFAULT_TIP_DOLLARS);
  const { reset } = form;
  const [anonymous, setAnonymous] = useState(false);
  const tip = useSendTip(
    ({ message }) => {
      notify(message || TIP_SENT, 'success');
      void refresh().catch(() => undefined);
    },
    { tipFrom: 'live', live: { isGroup } },
  );
  const busy = tip.busy;

  useEffect(() => {
    if (open) {
      reset();
      setAnonymous(false);
    }
  }, [open, reset]);

  const submit = () => {
    const checked = form.check();
    if (!checked) return;
    onClose();
    tip.ask({ ...checked, isAnonymous: isGroup && anonymous });
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="live-tip-title" data-testid="live-tip-dialog">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogTitle id="live-tip-title">Send a tip</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Your tip shows in the live stream for {modelName}.
            </Typography>
            <TipFields form={form} testIdPrefix="live-" noteRows={[1, 4]} autoFocus />
            {isGroup ? (
              <FormControlLabel
                control={<Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} slotProps={{ input: { 'data-testid': 'live-tip-anonymous' } as object }} />}
                label="Send anonymously (other fans do not see your name)"
              />
            ) : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy} data-testid="live-tip-send">
              Send tip
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {tip.elements}
    </>
  );
}
