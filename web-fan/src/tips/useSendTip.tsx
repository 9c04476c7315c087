// Paying a tip (spec 3 §4 "Tip flow"): confirm 'Please Confirm Tip of $X.', then pay by card (the saved primary
// card, or the card dialog) or, when the fan's default payment method is the wallet, from the wallet (a
// shortfall opens Add Funds with the remainder, then the tip is tried again). A 401 goes to /register.
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
}

export interface TipSent {
  message?: string;
  position?: string;
}

/** Where the tip is sent from (spec 3 §7.3 tipFrom): the tips page, a chat or a live stream. */
export type TipOrigin = 'tips_page' | 'chat' | 'live';

export function useSendTip(
  onSent: (sent: TipSent) => void,
  { tipFrom = 'tips_page' }: { tipFrom?: TipOrigin } = {},
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
    if (fromWallet) {
      const body = { payment_for: 'tips', amount, tipMessage: tip.note, is_anonymous_tip: false, tip_from: tipFrom };
      await wallet.pay(
        body,
        (idempotencyKey) => api.post<WalletPurchaseResult>('/api/crypto/purchase-from-wallet', body, { idempotencyKey }),
        ({ message, position }) => onSent({ message, position }),
        onError,
      );
      setConfirming(null);
      return;
    }
    await flow.start({
      endpoint: '/api/v2/purchase/send-tip',
      body: { amount, tipMessage: tip.note, isAnonymousTip: false, tipFrom },
      submitLabel: `Pay ${price}`,
      summary: `Tip of ${price}`,
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
        testId="confirm-tip"
        confirmTestId="confirm-tip"
      />
      {flow.elements}
      {wallet.elements}
    </>
  );

  return { ask: setConfirming, busy, elements };
}
