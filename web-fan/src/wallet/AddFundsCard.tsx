// Add Funds by card: the saved primary card in one click ("Pay $25.00 with •••• 4242"), or a card typed into the
// same form as every purchase (only the fields the card provider needs). POST /api/wallet/add-funds-by-card, one
// Idempotency-Key per attempt (a retry finds the first one: charged and credited once). A decline says what to do
// next; nothing is credited.
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import type { CardForm } from '../../../domain/card/wire';
import type { PaymentResult } from '../../../domain/payment/wire';
import { declineNextStep } from '../../../domain/payment/decline';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, IdempotentAction, api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { savedCardsChanged, useSavedCards } from '../savedCards';
import AddCardForm, { useAddCardForm } from '../card-form/AddCardForm';

type TopUpAnswer = PaymentResult & { amount_cents: number; wallet_balance_cents: number };

const FORM_ID = 'add-funds-card-form';

export function CardStep({ amountCents, onBack, onDone }: { amountCents: number; onBack: () => void; onDone: (balanceCents: number, position?: string) => void }) {
  const { me, settings } = useAuth();
  const cards = useSavedCards();
  const primary = cards.data?.find((c) => c.is_primary);
  const [typing, setTyping] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; field?: string; next?: string } | null>(null);
  const action = useRef(new IdempotentAction());
  const form = useAddCardForm({ defaultEmail: me?.email ?? '', defaultName: me?.name ?? '', fields: settings?.card_form_fields });
  const newCard = typing || (!cards.isLoading && !primary);

  const pay = async (card: Record<string, unknown>) => {
    const body = { amount: amountCents / 100, ...card };
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.post<TopUpAnswer>('/api/wallet/add-funds-by-card', body, { idempotencyKey: action.current.keyFor(body) });
      action.current.settle();
      if ('cardNumber' in card) savedCardsChanged();
      onDone(answer.data?.wallet_balance_cents ?? 0, answer.position);
    } catch (err) {
      action.current.settle(err);
      const apiErr = err instanceof ApiError ? err : undefined;
      const result = apiErr?.data && typeof apiErr.data === 'object' && 'accepted' in apiErr.data ? (apiErr.data as TopUpAnswer) : undefined;
      if (result) {
        // The wallet cannot pay for its own top-up: the next step is another card.
        const next = declineNextStep({ failureCode: result.failureCode, priceCents: amountCents, walletBalanceCents: null });
        setProblem({ message: errorMessage(err, 'Payment failed.'), next: next.message });
        setTyping(true);
      } else setProblem({ message: errorMessage(err, 'Payment failed.'), field: apiErr?.field });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (card: CardForm) => void pay({ ...card });
  const label = `Add ${formatMoney(amountCents)}`;

  return (
    <>
      <DialogContent sx={{ pt: 0 }} data-testid="add-funds-card-step">
        {problem?.next && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="add-funds-card-declined">
            <strong>Payment failed.</strong> {problem.next}
          </Alert>
        )}
        {newCard ? (
          <AddCardForm form={form} id={FORM_ID} busy={busy} error={problem?.next ? null : problem} onSubmit={onSubmit} autoFocus />
        ) : (
          <>
            {problem && !problem.next && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {problem.message}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">
              {formatMoney(amountCents)} goes into your wallet, charged to your saved card.
            </Typography>
            <Button size="small" sx={{ mt: 1, px: 0 }} onClick={() => setTyping(true)} disabled={busy} data-testid="add-funds-other-card">
              Use another card
            </Button>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onBack} color="inherit" disabled={busy}>
          Change amount
        </Button>
        {newCard ? (
          <Button type="submit" form={FORM_ID} variant="contained" disabled={busy} data-testid="add-funds-card-pay" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockRounded fontSize="small" />}>
            {label}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={busy || !primary}
            onClick={() => primary && void pay({ card_id: primary._id })}
            data-testid="add-funds-card-pay"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockRounded fontSize="small" />}
          >
            {primary ? `Pay ${formatMoney(amountCents)} with •••• ${primary.last4}` : label}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
