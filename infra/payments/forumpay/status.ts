// ForumPay's CheckPayment answer in our words (a CryptoStatusReport).
//   confirmed / zero_confirmed → paid        underpayment → underpaid (what arrived)
//   cancelled → expired, or failed when cancelled with a reason         blocked → failed
//   waiting / processing (and any state we do not know) → pending
import type { CryptoProviderStatus, CryptoStatusReport } from '../port';
import { coinUnits, receivedCents } from './money';

/** The CheckPayment fields the report is read from. */
export interface CheckPaymentAnswer {
  state?: unknown;
  amount?: unknown;
  payment?: unknown;
  unconfirmed_amount?: unknown;
  reason?: unknown;
}

export interface OurPayment {
  paymentId: string;
  providerPaymentId: string;
  amountCents: number;
  /** The coin amount the payer was asked for. */
  cryptoAmount: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function statusReport(ours: OurPayment, answer: CheckPaymentAnswer): CryptoStatusReport {
  const state = text(answer.state) ?? 'unknown';
  const asked = coinUnits(answer.amount) ?? coinUnits(ours.cryptoAmount) ?? 0n;
  const settled = coinUnits(answer.payment) ?? 0n;
  const unconfirmed = coinUnits(answer.unconfirmed_amount) ?? 0n;
  // Zero-confirmation acceptance pays on money seen but not yet confirmed.
  const arrived = state === 'zero_confirmed' ? settled + unconfirmed : settled;
  // A confirmation that names no amount received confirms the invoice as asked.
  const cents = (state === 'confirmed' || state === 'zero_confirmed') && arrived === 0n ? ours.amountCents : receivedCents(ours.amountCents, arrived, asked);
  const reason = text(answer.reason);
  let status: CryptoProviderStatus = 'pending';
  let why: string | undefined;
  if (state === 'confirmed' || state === 'zero_confirmed') status = 'paid';
  // An underpayment with nothing countable yet stays pending (a report of "underpaid" always carries money).
  else if (state === 'underpayment') status = cents > 0 ? 'underpaid' : 'pending';
  else if (state === 'cancelled') {
    status = reason ? 'failed' : 'expired';
    why = reason ?? undefined;
  } else if (state === 'blocked') {
    status = 'failed';
    why = reason ? `ForumPay blocked the payment: ${reason}` : 'ForumPay blocked the payment.';
  }
  return {
    paymentId: ours.paymentId,
    status,
    receivedCents: cents,
    // One id per provider state and amount received: a repeated notice or poll names the same event.
    eventId: `forumpay:${ours.providerPaymentId}:${state}:${arrived}`,
    ...(why ? { reason: why } : {}),
  };
}
