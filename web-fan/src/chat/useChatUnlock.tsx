// Unlocking a locked chat message, as the post unlock does it
// (payments/useUnlock.tsx): 'Please Confirm Your Purchase of $X.', then the card (POST
// /api/v2/purchase/chat-content-purchase {messageId, amount}) or, when the fan's default payment method is the
// wallet, the wallet (POST /api/crypto/purchase-from-wallet {payment_for: 'chat'}). The confirmation is skipped
// when the wallet pays and is too small: Add Funds opens with the remainder at once, then the purchase is retried.
import { useCallback, useState, type ReactNode } from 'react';
import type { ChatMessageView, ChatPurchaseResult } from '../../../domain/chat/wire';
import { ApiError } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { money } from '../format';
import { useNotify } from '../notify';
import { UnlockConfirmDialog } from '../payments/ConfirmPaymentDialog';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { paysFromWallet, useWalletPayment } from '../wallet/useWalletPurchase';
import { chatApi } from './chatApi';

export const CONTENT_UNLOCKED = 'Content unlocked.';

export function useChatUnlock(onUpdated: (message: ChatMessageView) => void): {
  requestUnlock: (message: ChatMessageView) => void;
  busy: boolean;
  /** The message whose purchase is under way. */
  buyingId: string | null;
  elements: ReactNode;
} {
  const { me, refresh } = useAuth();
  const proxy = useIsProxy();
  const notify = useNotify();
  const flow = usePaymentFlow();
  const wallet = useWalletPayment();
  const fromWallet = paysFromWallet(me);
  const busy = flow.busy || wallet.busy;
  const [confirming, setConfirming] = useState<ChatMessageView | null>(null);
  const [buyingId, setBuyingId] = useState<string | null>(null);

  const reload = useCallback(
    async (id: string) => {
      try {
        const { data } = await chatApi.message(id);
        if (data) onUpdated(data);
      } catch {
        /* the conversation keeps its copy; the next poll brings the new one */
      }
    },
    [onUpdated],
  );

  const bought = useCallback(
    (id: string, chatMessage: ChatMessageView | undefined, message: string | undefined, position: string | undefined) => {
      if (chatMessage) onUpdated(chatMessage);
      else void reload(id);
      notify(message || CONTENT_UNLOCKED, 'success');
      void refresh(position).catch(() => undefined);
    },
    [notify, onUpdated, refresh, reload],
  );

  const payFromWallet = useCallback(
    async (m: ChatMessageView) => {
      setBuyingId(m._id);
      try {
        await wallet.pay(
          { chat: m._id, amount: m.amount },
          (key) => chatApi.purchaseFromWallet(m._id, m.amount, key),
          ({ data, message, position }) => bought(m._id, data?.chatMessage, message, position),
          (err) => {
            if (err instanceof ApiError && err.code === 'ALREADY_UNLOCKED') void reload(m._id);
          },
        );
      } finally {
        setBuyingId(null);
      }
    },
    [bought, reload, wallet],
  );

  const requestUnlock = useCallback(
    (m: ChatMessageView) => {
      if (proxy || busy || m.isLocked !== 'locked') return; // purchases are not for proxy sessions
      // Paying by wallet with too small a balance: no confirmation, Add Funds opens with the remainder.
      if (fromWallet && (me?.wallet_amount_cents ?? 0) < m.amount_cents) {
        void payFromWallet(m);
        return;
      }
      setConfirming(m);
    },
    [busy, fromWallet, me?.wallet_amount_cents, payFromWallet, proxy],
  );

  const confirm = async () => {
    const m = confirming;
    if (!m) return;
    if (fromWallet) {
      await payFromWallet(m);
      setConfirming(null);
      return;
    }
    setBuyingId(m._id);
    const label = money(m.amount, m.amount_cents);
    await flow.start({
      endpoint: { action: 'chat_unlock' },
      body: { messageId: m._id, amount: m.amount, action: 'chat' },
      submitLabel: `Pay ${label}`,
      summary: `Unlock this message for ${label}`,
      onAccepted: ({ data, message, position }) => bought(m._id, (data as ChatPurchaseResult).chatMessage, message, position),
      onFailed: ({ message, result, error }) => {
        if (result?.alreadyCharged || error?.code === 'ALREADY_UNLOCKED' || /already unlocked/i.test(message)) void reload(m._id);
      },
    });
    setBuyingId(null);
    setConfirming(null);
  };

  const price = confirming ? money(confirming.amount, confirming.amount_cents) : '';

  const elements = (
    <>
      <UnlockConfirmDialog
        title="Unlock message"
        item={confirming}
        price={price}
        fromWallet={fromWallet}
        me={me}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
      {flow.elements}
      {wallet.elements}
    </>
  );

  return { requestUnlock, busy, buyingId, elements };
}
