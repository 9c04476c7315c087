// The confirmation before money moves (an unlock, a tip): the spec's sentence, where the money comes from
// (the wallet notice when the wallet pays), Cancel and Confirm; both disabled while the payment runs.
import type { ReactNode } from 'react';
import type { MeView } from '../../../domain/user/wire';
import { useSavedCards } from '../savedCards';
import { chargeSourceText } from './chargeSource';
import { WalletNotice } from '../wallet/useWalletPurchase';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function ConfirmPaymentDialog(props: {
  open: boolean;
  title: string;
  /** e.g. 'Please Confirm Your Purchase of $12.00.' */
  text: string;
  /** Under the text: the wallet notice, when the wallet pays. */
  extra?: ReactNode;
  /** What will be charged ('Charged to: Visa •••• 4242' / 'wallet, $18.00 left after'), said before confirming. */
  charge?: { fromWallet: boolean; me: MeView | null; priceCents: number } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Test ids: `${testId}-dialog`, `${testId}-text`, and the confirm button `${confirmTestId}`. */
  testId: string;
  confirmTestId: string;
}) {
  const { open, title, text, extra, charge, busy, onCancel, onConfirm, testId, confirmTestId } = props;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      aria-labelledby={`${testId}-title`}
      aria-describedby={`${testId}-text`}
      maxWidth="xs"
      fullWidth
      data-testid={`${testId}-dialog`}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`} data-testid={`${testId}-text`}>
          {text}
        </DialogContentText>
        {open && charge ? <ChargeSource {...charge} testId={testId} /> : null}
        {extra}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          autoFocus
          data-testid={confirmTestId}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Charged to: Visa •••• 4242' (the primary card, looked up when the dialog opens) or 'wallet, $18.00 left after'. */
function ChargeSource({ fromWallet, me, priceCents, testId }: { fromWallet: boolean; me: MeView | null; priceCents: number; testId: string }) {
  const cards = useSavedCards(!fromWallet);
  // undefined while the cards are read; null: no primary card (or they could not be read).
  const card = cards.isError ? null : cards.data ? (cards.data.find((c) => c.is_primary) ?? null) : undefined;
  const words = chargeSourceText({ fromWallet, balanceCents: me?.wallet_amount_cents ?? 0, priceCents, card });
  if (!words) return null;
  return (
    <DialogContentText sx={{ mt: 1 }} data-testid={`${testId}-source`}>
      Charged to: <b>{words}</b>
    </DialogContentText>
  );
}

/** 'Please Confirm Your Purchase of $X.' for a locked post or chat message, with the wallet notice when the wallet pays. */
export function UnlockConfirmDialog({ title, item, price, fromWallet, me, busy, onCancel, onConfirm }: {
  title: string;
  item: { amount_cents: number } | null;
  price: string;
  fromWallet: boolean;
  me: MeView | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmPaymentDialog
      open={!!item}
      title={title}
      text={`Please Confirm Your Purchase of ${price}.`}
      extra={fromWallet && item ? <WalletNotice me={me} priceCents={item.amount_cents} /> : null}
      charge={item ? { fromWallet, me, priceCents: item.amount_cents } : null}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="confirm-purchase"
      confirmTestId="confirm-purchase"
    />
  );
}
