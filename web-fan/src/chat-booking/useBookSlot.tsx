// Paying for a slot: 'Book a chat on … for $X?', then by card (the saved primary card, or the card dialog) or from
// the wallet (a short wallet says 'Please Add Funds in wallet to book this slot.' and opens Add Funds with the
// remainder, then books again). A slot someone else took meanwhile says so and the slots are read again.
import { useState, type ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { formatMoney } from '../../../domain/shared/money';
import type { PaymentResult } from '../../../domain/payment/wire';
import { instantLabel, type LocalSlot } from '../../../web-shared/chat-booking/slots';
import { ApiError, api, type ApiAnswer } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { ConfirmPaymentDialog } from '../payments/ConfirmPaymentDialog';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { insufficientFunds } from '../wallet/walletApi';
import { paysFromWallet, useWalletPayment, WalletNotice } from '../wallet/useWalletPurchase';

const BOOK = '/api/chat-booking/bookings';

type BookAnswer = PaymentResult & { booking_id: string };

export function useBookSlot({ priceCents, timeZone, onBooked, onTaken }: { priceCents: number; timeZone: string; onBooked: (position?: string) => void; onTaken: () => void }): {
  ask: (slot: LocalSlot) => void;
  busy: boolean;
  elements: ReactNode;
} {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const flow = usePaymentFlow<BookAnswer>();
  const wallet = useWalletPayment();
  const [slot, setSlot] = useState<LocalSlot | null>(null);
  const [method, setMethod] = useState<'card' | 'wallet'>(paysFromWallet(me) ? 'wallet' : 'card');
  const busy = flow.busy || wallet.busy;
  const price = formatMoney(priceCents);

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'SLOT_TAKEN') {
      setSlot(null);
      onTaken();
    }
  };
  const booked = ({ message, position }: { message?: string; position?: string }) => {
    setSlot(null);
    notify(message || 'Your chat slot is booked.', 'success');
    void refresh(position).catch(() => undefined);
    onBooked(position);
  };

  const confirm = async () => {
    if (!slot) return;
    const when = { start: slot.start, end: slot.end };
    // The confirmation closes: Add Funds or the card dialog takes over from here.
    setSlot(null);
    if (method === 'wallet') {
      const body = { ...when, payment_method: 'wallet' };
      await wallet.pay(
        body,
        async (idempotencyKey) => {
          try {
            return await api.post<BookAnswer>(BOOK, body, { idempotencyKey });
          } catch (err) {
            // The server's words for a short wallet, then Add Funds with the remainder.
            if (insufficientFunds(err)) notify((err as ApiError).message, 'warning');
            throw err;
          }
        },
        (answer: ApiAnswer<BookAnswer>) => booked(answer),
        failed,
      );
      return;
    }
    await flow.start({
      endpoint: BOOK,
      body: { ...when, payment_method: 'card' },
      submitLabel: `Pay ${price}`,
      summary: `Chat on ${instantLabel(slot.start, timeZone)} · ${price}`,
      priceCents,
      onAccepted: booked,
      // The flow shows the server's words ('This slot is no longer available.').
      onFailed: ({ error }) => failed(error),
    });
  };

  const elements = (
    <>
      <ConfirmPaymentDialog
        open={!!slot}
        title="Book a chat"
        text={slot ? `Book a chat on ${instantLabel(slot.start, timeZone)}–${slot.end_time} for ${price}?` : ''}
        extra={
          <>
            <RadioGroup row value={method} onChange={(e) => setMethod(e.target.value as 'card' | 'wallet')} aria-label="Pay by" sx={{ mt: 2 }}>
              <FormControlLabel value="card" control={<Radio />} label="Card" data-testid="book-pay-card" />
              <FormControlLabel value="wallet" control={<Radio />} label="Wallet" data-testid="book-pay-wallet" />
            </RadioGroup>
            {method === 'wallet' && <WalletNotice me={me} priceCents={priceCents} />}
          </>
        }
        charge={slot ? { fromWallet: method === 'wallet', me, priceCents } : null}
        busy={busy}
        onCancel={() => setSlot(null)}
        onConfirm={() => void confirm()}
        testId="confirm-booking"
        confirmTestId="confirm-booking"
      />
      {flow.elements}
      {wallet.elements}
    </>
  );

  return { ask: setSlot, busy, elements };
}
