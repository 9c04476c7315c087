// Add Funds: an amount and how to pay (./AddFundsAmount.tsx), then the card (./AddFundsCard.tsx) or the crypto payment (./AddFundsCrypto.tsx): choose a currency,
// Start Crypto Payment (QR code, address, reference, 15-minute countdown), polled every 5 seconds until confirmed
// (./useAddFunds.ts). 'Payment failed.' on failure or expiry; Change amount goes back.
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useNotify } from '../notify';
import { formatMoney } from '../../../domain/shared/money';
import { AddFundsAmount } from './AddFundsAmount';
import { CurrencyStep, DoneStep, PayStep } from './AddFundsCrypto';
import { CardStep } from './AddFundsCard';
import { useAddFunds, type AddFundsResult } from './useAddFunds';

export type { AddFundsResult };

export default function AddFundsDialog({
  open,
  shortfallCents = 0,
  onClose,
  onCompleted,
}: {
  open: boolean;
  /** What a purchase lacks (0: opened from the wallet page). */
  shortfallCents?: number;
  onClose: () => void;
  /** The top-up's outcome: confirmed with the new balance, or failed. */
  onCompleted?: (result: AddFundsResult) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const f = useAddFunds({ open, shortfallCents, onCompleted });
  const { step } = f;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify('Copied', 'success');
    } catch {
      notify('Copy it by hand: your browser does not allow copying here.', 'info');
    }
  };

  const title = step === 'amount' ? 'Add Funds' : step === 'done' ? 'Amount Successfully Added.' : step === 'card' ? `Add ${formatMoney(f.amountCents)} by card` : 'Pay with crypto';
  const close = () => !f.busy && onClose();

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-funds-title"
      data-testid="add-funds-dialog"
      // Phones: the card keeps its content's height, with a narrow margin, rather than a mostly empty full screen.
      slotProps={{ paper: { sx: phone ? { m: 1.5, width: 'calc(100% - 24px)', maxHeight: 'calc(100% - 24px)' } : undefined } }}
    >
      <DialogTitle id="add-funds-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="add-funds-close">
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      {step === 'amount' && <AddFundsAmount f={f} shortfallCents={shortfallCents} onCancel={close} />}
      {step === 'card' && <CardStep amountCents={f.amountCents} onBack={f.changeAmount} onDone={f.cardDone} />}
      {step === 'currency' && <CurrencyStep f={f} />}
      {step === 'pay' && <PayStep f={f} onCopy={(text) => void copy(text)} onClose={close} />}
      {step === 'done' && <DoneStep balanceCents={f.balanceCents} onDone={onClose} />}
    </Dialog>
  );
}
