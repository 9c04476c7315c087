// Recovering a failed rebill (the "rebill failed" popup): the fan enters a new card in the 'Add Card
// Details' dialog and the failed charge is retried at once with it (POST /api/v2/subscription/retry-rebill).
// The declined card is never tried again here, so this always asks for a card.
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { CardForm } from '../../../domain/card/wire';
import type { SubscriptionPaymentResult } from '../../../domain/subscription/wire';
import { REBILL_RECOVERED } from '../../../domain/subscription/subscription';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, IdempotentAction, api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';

const CardDialog = lazy(() => import('../payments/CardDialog'));

export function useRebillRecovery(options: { amountCents: number; onRecovered?: () => void }): { open: () => void; busy: boolean; elements: ReactNode } {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const action = useRef(new IdempotentAction());
  const [mounted, setMounted] = useState(false);
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  const open = useCallback(() => {
    action.current.reset();
    setError(null);
    setMounted(true);
    setShow(true);
  }, []);

  const submit = useCallback(
    async (form: CardForm) => {
      setBusy(true);
      setError(null);
      const body = { ...form };
      try {
        const answer = await api.post<SubscriptionPaymentResult>('/api/v2/subscription/retry-rebill', body, { idempotencyKey: action.current.keyFor(body) });
        action.current.settle();
        setShow(false);
        notify(answer.message || REBILL_RECOVERED, 'success');
        await refresh(answer.position).catch(() => undefined);
        options.onRecovered?.();
      } catch (err) {
        action.current.settle(err);
        const e = err instanceof ApiError ? err : null;
        setError({ message: errorMessage(err, 'Payment failed.'), field: e?.field });
        // A decline still changed the membership (another failed attempt): reload it.
        if (e?.status === 402) void refresh().catch(() => undefined);
      } finally {
        setBusy(false);
      }
    },
    [notify, refresh, options],
  );

  const elements = mounted ? (
    <Suspense fallback={null}>
      <CardDialog
        open={show}
        submitLabel={options.amountCents > 0 ? `Pay ${formatMoney(options.amountCents)}` : 'Update card'}
        summary="Your last membership payment failed. Enter a card to pay it now and keep your membership."
        defaultEmail={me?.email ?? ''}
        busy={busy}
        error={error}
        onSubmit={(form) => void submit(form)}
        onClose={() => !busy && setShow(false)}
      />
    </Suspense>
  ) : null;

  return { open, busy, elements };
}
