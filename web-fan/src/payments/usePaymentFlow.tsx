// The card payment flow shared by unlocks and the subscription: pay with the saved primary card when there is
// one, otherwise (or when the card must be replaced) collect a card in the 'Add Card Details' dialog.
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CardForm, SavedCardView } from '../../../domain/card/wire';
import type { PaymentResult } from '../../../domain/payment/wire';
import { ApiError, IdempotentAction, api, errorMessage, type ApiAnswer } from '../api';
import { fetchSavedCards } from '../savedCards';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { paymentCall, type PaymentAction } from '../paymentPaths';
import { declineNextStep, type NextAction } from '../../../domain/payment/decline';

const CardDialog = lazy(() => import('./CardDialog'));

export const CASCADE_MESSAGE = 'Problem in card authorization please re-enter your card details or add new card.';
export const PAYMENT_FAILED = 'Payment failed.';
const CARD_UPDATE_CODES = new Set(['-23', '-24']);

/** `A`: what the endpoint answers (a purchase's own fields beside the payment result). */
export interface PaymentRequest<A extends PaymentResult = PaymentResult> {
  /** The call: a fixed path, or the action whose call this site's path set gives (typed card or saved card). */
  endpoint: string | { action: PaymentAction };
  /** Fields sent with every attempt, e.g. { blogId, amount }. */
  body: Record<string, unknown>;
  /** "Pay $12.00" */
  submitLabel: string;
  summary?: string;
  onAccepted: (answer: ApiAnswer<A>) => void;
  /** A definite failure (declined, error answer). */
  onFailed?: (info: { message: string; result?: PaymentResult; error?: ApiError }) => void;
  /** What it costs: a decline offers the wallet when it covers this. */
  priceCents?: number;
  /** Pays the same purchase from the wallet (a short wallet opens Add Funds first); absent: no wallet step. */
  onPayFromWallet?: () => void;
  /** Skip the saved primary card: ask for a card in the dialog. */
  newCard?: boolean;
}

interface Notice {
  title: string;
  message: string;
  /** The line under the message: what to do next. */
  detail?: string;
  actions: NextAction[];
}

const ACTION_LABELS: Record<NextAction, string> = {
  another_card: 'Try another card',
  update_card: 'Update card',
  wallet: 'Pay from wallet',
  add_funds: 'Add funds',
  retry: 'Try again',
};

export function usePaymentFlow<A extends PaymentResult = PaymentResult>(): {
  start: (req: PaymentRequest<A>) => Promise<void>;
  busy: boolean;
  elements: ReactNode;
} {
  const { me, settings } = useAuth();
  const walletCents = me?.wallet_amount_cents ?? 0;
  const notify = useNotify();
  const req = useRef<PaymentRequest<A> | null>(null);
  const action = useRef(new IdempotentAction());
  const lastExtra = useRef<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const [cardMounted, setCardMounted] = useState(false);
  const [cardError, setCardError] = useState<{ message: string; field?: string } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const openCardDialog = useCallback((error: { message: string; field?: string } | null = null) => {
    setCardError(error);
    setCardMounted(true);
    setCardOpen(true);
  }, []);

  const pay = useCallback(
    async (extra: Record<string, unknown>, viaDialog: boolean) => {
      const r = req.current;
      if (!r) return;
      const body = { ...r.body, ...extra };
      lastExtra.current = extra;
      const key = action.current.keyFor(body);
      setBusy(true);
      // A definite "not accepted" answer: declined (402 with a PaymentResult) or a success envelope with
      // accepted false. Both carry the same fields.
      // "Payment failed." and, under it, what to do next for this decline: another card, the card's update, the
      // wallet when it covers the price (or adding funds to it), or trying again (domain/payment/decline.ts).
      const declined = (result: PaymentResult | undefined, message: string) => {
        if (result?.errors?.allow_cascade) {
          r.onFailed?.({ message: CASCADE_MESSAGE, result });
          openCardDialog({ message: CASCADE_MESSAGE });
          return;
        }
        const next = declineNextStep({ failureCode: result?.failureCode, priceCents: r.priceCents ?? 0, walletBalanceCents: r.onPayFromWallet && r.priceCents !== undefined ? walletCents : null });
        setCardOpen(false);
        setNotice({ title: PAYMENT_FAILED, message: message === PAYMENT_FAILED ? '' : message, detail: next.message, actions: next.actions });
        r.onFailed?.({ message, result });
      };
      try {
        const endpoint = typeof r.endpoint === 'string' ? r.endpoint : paymentCall(settings, r.endpoint.action, !('cardNumber' in extra));
        const answer = await api.post<A>(endpoint, body, { idempotencyKey: key });
        action.current.settle();
        if (answer.data?.accepted) {
          setCardOpen(false);
          setNotice(null);
          r.onAccepted(answer);
          return;
        }
        declined(answer.data, answer.message || PAYMENT_FAILED);
      } catch (err) {
        action.current.settle(err);
        const message = errorMessage(err, PAYMENT_FAILED);
        const apiErr = err instanceof ApiError ? err : undefined;
        const result = apiErr?.data && typeof apiErr.data === 'object' && 'accepted' in apiErr.data ? (apiErr.data as PaymentResult) : undefined;
        if (result) {
          declined(result, message);
          return;
        }
        if (apiErr && CARD_UPDATE_CODES.has(apiErr.code)) {
          setCardOpen(false);
          setNotice({ title: 'Payment declined', message, actions: ['update_card'] });
        } else if (viaDialog) {
          setCardError({ message, field: apiErr?.field });
        } else {
          setNotice({ title: 'Payment not completed', message, actions: apiErr?.retriable ? ['retry'] : [] });
        }
        if (!apiErr?.retriable) r.onFailed?.({ message, error: apiErr });
      } finally {
        setBusy(false);
      }
    },
    [openCardDialog, settings, walletCents],
  );

  const start = useCallback(
    async (request: PaymentRequest<A>) => {
      req.current = request;
      action.current.reset();
      setNotice(null);
      setCardError(null);
      if (request.newCard) {
        openCardDialog();
        return;
      }
      setBusy(true);
      let primary: SavedCardView | undefined;
      try {
        primary = (await fetchSavedCards()).find((c) => c.is_primary);
      } catch (err) {
        // No saved card list (or it failed to load): a card can still be entered.
        if (err instanceof ApiError && err.status === 429) {
          setBusy(false);
          notify(err.message, 'error');
          return;
        }
      }
      setBusy(false);
      if (primary) await pay({ card_id: primary._id }, false);
      else openCardDialog();
    },
    [notify, openCardDialog, pay],
  );

  const onCardSubmit = useCallback((form: CardForm) => void pay({ ...form }, true), [pay]);

  const runAction = (a: NextAction) => {
    setNotice(null);
    if (a === 'another_card' || a === 'update_card') openCardDialog();
    else if (a === 'wallet' || a === 'add_funds') req.current?.onPayFromWallet?.();
    else if (lastExtra.current) void pay(lastExtra.current, false);
  };

  const elements = (
    <>
      {cardMounted && (
        <Suspense fallback={null}>
          <CardDialog
            open={cardOpen}
            submitLabel={req.current?.submitLabel ?? 'Pay'}
            summary={req.current?.summary}
            defaultEmail={me?.email ?? ''}
            busy={busy}
            error={cardError}
            onSubmit={onCardSubmit}
            onClose={() => !busy && setCardOpen(false)}
          />
        </Suspense>
      )}
      <Dialog open={!!notice} onClose={() => setNotice(null)} aria-labelledby="payment-notice-title" maxWidth="xs" fullWidth>
        <DialogTitle id="payment-notice-title">{notice?.title}</DialogTitle>
        <DialogContent>
          {notice?.message && (
            <DialogContentText sx={{ whiteSpace: 'pre-line' }} data-testid="payment-notice">
              {notice.message}
            </DialogContentText>
          )}
          {notice?.detail && (
            <DialogContentText sx={{ mt: notice.message ? 1 : 0, color: 'text.primary' }} data-testid="decline-next-step">
              {notice.detail}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={() => setNotice(null)} color="inherit" sx={{ mr: 'auto' }}>
            Close
          </Button>
          {notice?.actions.map((a, i) => (
            <Button key={a} variant={i === 0 ? 'contained' : 'outlined'} disabled={busy} data-testid={`next-step-${a}`} onClick={() => runAction(a)}>
              {ACTION_LABELS[a]}
            </Button>
          ))}
        </DialogActions>
      </Dialog>
    </>
  );

  return { start, busy, elements };
}
