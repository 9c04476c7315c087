// Unlock purchase from the wallet: when default_payment_method is crypto_currency the post is paid
// from the wallet. If the balance is short, Add Funds opens with the remainder rounded up to whole dollars, and
// once the top-up is confirmed the purchase is tried again.
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { MeView } from '../../../domain/user/wire';
import type { PostView } from '../../../domain/post/wire';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, IdempotentAction, api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { CRYPTO_CURRENCY, WALLET_PURCHASE_FAILED, insufficientFunds, walletApi } from './walletApi';
import type { AddFundsResult } from './AddFundsDialog';

const AddFundsDialog = lazy(() => import('./AddFundsDialog'));

/** The fan pays from the wallet (default_payment_method 'crypto_currency' means wallet). */
export const paysFromWallet = (me: MeView | null | undefined): boolean => me?.default_payment_method === CRYPTO_CURRENCY;

/** Under the purchase confirmation: where the money comes from, and whether it is enough. */
export function WalletNotice({ me, priceCents }: { me: MeView | null; priceCents: number }) {
  const balance = me?.wallet_amount_cents ?? 0;
  const short = priceCents - balance;
  return (
    <Alert severity={short > 0 ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid="wallet-purchase-notice">
      Paid from your wallet. Wallet balance: <b data-testid="wallet-purchase-balance">{formatMoney(balance)}</b>.
      {short > 0 ? ` You need ${formatMoney(short)} more; you can add funds next.` : ` ${formatMoney(balance - priceCents)} stays in your wallet.`}{' '}
      <Link component={RouterLink} to="/profile/wallet">
        Wallet
      </Link>
    </Alert>
  );
}

/**
 * A payment from the wallet, whatever it buys: `attempt` makes the request (with an idempotency key that stays
 * the same for a retry of the same thing). A balance that does not cover it opens Add Funds with the remainder
 * (rounded up to whole dollars there); once the top-up is confirmed the same attempt runs again.
 */
export function useWalletPayment(): {
  pay: <T>(what: unknown, attempt: (idempotencyKey: string) => Promise<T>, onPaid: (answer: T) => void, onFailed?: (err: unknown) => void) => Promise<void>;
  busy: boolean;
  elements: ReactNode;
} {
  const notify = useNotify();
  const action = useRef(new IdempotentAction());
  const [busy, setBusy] = useState(false);
  const [addFunds, setAddFunds] = useState<{ shortfallCents: number; retry: () => void } | null>(null);
  const [mounted, setMounted] = useState(false);

  const pay = useCallback(
    async <T,>(what: unknown, attempt: (idempotencyKey: string) => Promise<T>, onPaid: (answer: T) => void, onFailed?: (err: unknown) => void) => {
      const key = action.current.keyFor(what);
      setBusy(true);
      try {
        const answer = await attempt(key);
        action.current.settle();
        onPaid(answer);
      } catch (err) {
        action.current.settle(err);
        const short = insufficientFunds(err);
        if (short) {
          setMounted(true);
          setAddFunds({ shortfallCents: short.shortfall_cents, retry: () => void pay(what, attempt, onPaid, onFailed) });
          return;
        }
        onFailed?.(err);
        notify(errorMessage(err, WALLET_PURCHASE_FAILED) || WALLET_PURCHASE_FAILED, 'error');
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );

  const onCompleted = useCallback(
    (result: AddFundsResult) => {
      const pending = addFunds;
      if (!result.confirmed || !pending) return;
      // The remainder is in: pay again (the dialog shows the new balance until closed).
      setAddFunds(null);
      pending.retry();
    },
    [addFunds],
  );

  const elements = mounted ? (
    <Suspense fallback={null}>
      <AddFundsDialog open={!!addFunds} shortfallCents={addFunds?.shortfallCents ?? 0} onClose={() => setAddFunds(null)} onCompleted={onCompleted} />
    </Suspense>
  ) : null;

  return { pay, busy, elements };
}

/** A locked post bought from the wallet. */
export function useWalletPurchase(onUpdated: (post: PostView) => void): {
  purchase: (post: PostView) => Promise<void>;
  busy: boolean;
  elements: ReactNode;
} {
  const { refresh } = useAuth();
  const notify = useNotify();
  const wallet = useWalletPayment();

  const reload = useCallback(
    async (postId: string) => {
      try {
        const { data } = await api.get<PostView>('/api/blog/get-blog-data-by-id', { id: postId });
        if (data) onUpdated(data);
      } catch {
        /* the feed keeps its copy */
      }
    },
    [onUpdated],
  );

  const purchase = useCallback(
    (post: PostView) =>
      wallet.pay(
        { post: post._id, amount: post.amount },
        (key) => walletApi.purchasePost(post._id, post.amount, key),
        ({ data, message, position }) => {
          if (data.blogData) onUpdated(data.blogData);
          else void reload(post._id);
          notify(message || 'Content unlocked.', 'success');
          void refresh(position).catch(() => undefined);
        },
        (err) => {
          if (err instanceof ApiError && err.code === 'ALREADY_UNLOCKED') void reload(post._id);
        },
      ),
    [notify, onUpdated, refresh, reload, wallet],
  );

  return { purchase, busy: wallet.busy, elements: wallet.elements };
}
