// Paying a tip: confirm 'Please Confirm Tip of $X.', then pay by card (the saved primary
// card, or the card dialog) or, when the fan's default payment method is the wallet, from the wallet (a
// shortfall opens Add Funds with the remainder, then the tip is tried again). A 401 goes to /register.
// The one flow for the tips page, the chat and live streams (`live`: POST /api/stream/send_tips, where the session's
// rules apply; anonymous only in a group stream).
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaymentResult } from '../../../domain/payment/wire';
import type { WalletPurchaseResult } from '../../../domain/wallet/wire';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, api } from '../api';
import { useAuth } from '../auth';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { ConfirmPaymentDialog } from '../payments/ConfirmPaymentDialog';
import { paysFromWallet, useWalletPayment, WalletNotice } from '../wallet/useWalletPurchase';
import { tipConfirmText } from './tipForm';

export interface TipRequest {
  amountCents: number;
  note: string;
  /** Group live streams only: other fans do not see the tipper's name. */
  isAnonymous?: boolean;
}

export interface TipSent {
  message?: string;
  position?: string;
}

/** Where the tip is sent from (tipFrom): the tips page, a chat or a live stream. */
export type TipOrigin = 'tips_page' | 'chat' | 'live';

export function useSendTip(
  onSent: (sent: TipSent) => void,
  { tipFrom = 'tips_page', live }: { tipFrom?: TipOrigin; /** a tip in the live stream on air */ live?: { isGroup: boolean } } = {},
): { ask: (tip: TipRequest) => void; busy: boolean; elements: ReactNode } {
  const { me } = useAuth();
  const navigate = useNavigate();
  const flow = usePaymentFlow();
  const wallet = useWalletPayment();
  const fromWallet = paysFromWallet(me);
  const busy = flow.busy || wallet.busy;
  const [confirming, setConfirming] = useState<TipRequest | null>(null);

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) navigate('/register');
  };

  const confirm = async () => {
    const tip = confirming;
    if (!tip) return;
    const amount = tip.amountCents / 100;
    const price = formatMoney(tip.amountCents);
    // A live tip goes to the session (its rules: watching, anonymous only in group); others to the tip calls.
    const liveBody = live ? { amount, is_anonymous: live.isGroup && !!tip.isAnonymous, tipMessage: tip.note } : null;
    if (fromWallet) {
      const body = liveBody ? { ...liveBody, payment_method: 'wallet' } : { payment_for: 'tips', amount, tipMessage: tip.note, is_anonymous_tip: false, tip_from: tipFrom };
      const endpoint = liveBody ? '/api/stream/send_tips' : '/api/crypto/purchase-from-wallet';
      await wallet.pay(
        body,
        (idempotencyKey) => api.post<WalletPurchaseResult>(endpoint, body, { idempotencyKey }),
        ({ message, position }) => onSent({ message, position }),
        onError,
      );
      setConfirming(null);
      return;
    }
    await flow.start({
      // This site's tip call (its path set); a tip from a live stream has its own.
      endpoint: liveBody ? '/api/stream/send_tips' : { action: tipFrom === 'chat' ? 'chat_tip' : 'tip' },
      body: liveBody ? { ...liveBody, payment_method: 'card' } : { amount, tipMessage: tip.note, isAnonymousTip: false, tipFrom, recurring: false, action: 'tips' },
      submitLabel: `Pay ${price}`,
      summary: `${live ? 'Live tip' : 'Tip'} of ${price}`,
      onAccepted: ({ message, position }: { data: PaymentResult; message?: string; position?: string }) => onSent({ message, position }),
      onFailed: ({ error }) => onError(error),
    });
    setConfirming(null);
  };

  const elements = (
    <>
      <ConfirmPaymentDialog
        open={!!confirming}
        title="Send a tip"
        text={confirming ? tipConfirmText(confirming.amountCents) : ''}
        extra={fromWallet && confirming ? <WalletNotice me={me} priceCents={confirming.amountCents} /> : null}
        charge={confirming ? { fromWallet, me, priceCents: confirming.amountCents } : null}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
        testId={live ? 'confirm-live-tip' : 'confirm-tip'}
        confirmTestId={live ? 'confirm-live-tip' : 'confirm-tip'}
      />
      {flow.elements}
      {wallet.elements}
    </>
  );

  return { ask: setConfirming, busy, elements };
}
