// Tips in a live view (D3 §4, §5, §6, §9; LV-25..LV-27): $5 by default, the tip bounds ('Choose a tip between {min}
// and {max}', reset to the minimum), 'Please Confirm Tip of $X.', then POST /api/stream/send_tips by card (the
// saved primary card or the card dialog) or from the wallet when that is the fan's payment method (a shortfall
// opens Add Funds with the remainder, then the tip is tried again). Anonymous only in a group stream. A 401 goes
// to /register. The tip appears in the overlay through GROUP_MESSAGE, the publisher's total through SET_TIP_AMOUNT.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { LIVE_DEFAULT_TIP_DOLLARS } from '../../../domain/live-client/rules';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, api } from '../api';
import { useAuth, useModelName } from '../auth';
import { useNotify } from '../notify';
import { ConfirmPaymentDialog } from '../payments/ConfirmPaymentDialog';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { TipFields, useTipForm } from '../tips/TipFields';
import { tipConfirmText, TIP_SENT } from '../tips/tipForm';
import { paysFromWallet, useWalletPayment, WalletNotice } from '../wallet/useWalletPurchase';

interface LiveTipRequest {
  amountCents: number;
  note: string;
  isAnonymous: boolean;
}

export function LiveTipDialog({ open, isGroup, onClose }: { open: boolean; isGroup: boolean; onClose: () => void }) {
  const modelName = useModelName();
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useTipForm(LIVE_DEFAULT_TIP_DOLLARS);
  const { reset } = form;
  const [anonymous, setAnonymous] = useState(false);
  const [confirming, setConfirming] = useState<LiveTipRequest | null>(null);
  const flow = usePaymentFlow();
  const wallet = useWalletPayment();
  const fromWallet = paysFromWallet(me);
  const busy = flow.busy || wallet.busy;

  useEffect(() => {
    if (open) {
      reset();
      setAnonymous(false);
    }
  }, [open, reset]);

  const sent = (message?: string) => {
    notify(message || TIP_SENT, 'success');
    void refresh().catch(() => undefined);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) navigate('/register');
  };

  const confirm = async () => {
    const tip = confirming;
    if (!tip) return;
    setConfirming(null);
    const body = { amount: tip.amountCents / 100, is_anonymous: isGroup && tip.isAnonymous, tipMessage: tip.note };
    if (fromWallet) {
      const walletBody = { ...body, payment_method: 'wallet' };
      await wallet.pay(walletBody, (idempotencyKey) => api.post('/api/stream/send_tips', walletBody, { idempotencyKey }), (a) => sent(a.message), failed);
      return;
    }
    const price = formatMoney(tip.amountCents);
    await flow.start({
      endpoint: '/api/stream/send_tips',
      body: { ...body, payment_method: 'card' },
      submitLabel: `Pay ${price}`,
      summary: `Live tip of ${price}`,
      onAccepted: ({ message }) => sent(message),
      onFailed: ({ error }) => failed(error),
    });
  };

  const submit = () => {
    const checked = form.check();
    if (!checked) return;
    onClose();
    setConfirming({ ...checked, isAnonymous: anonymous });
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
      <ConfirmPaymentDialog
        open={!!confirming}
        title="Send a tip"
        text={confirming ? tipConfirmText(confirming.amountCents) : ''}
        extra={fromWallet && confirming ? <WalletNotice me={me} priceCents={confirming.amountCents} /> : null}
        charge={confirming ? { fromWallet, me, priceCents: confirming.amountCents } : null}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
        testId="confirm-live-tip"
        confirmTestId="confirm-live-tip"
      />
      {flow.elements}
      {wallet.elements}
    </>
  );
}
