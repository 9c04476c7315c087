// Payment outcomes for /metrics, read off the event log after the read models hold them (the projection runner's
// applied batches), never from inside the payment process: the metrics follow whatever the process records.
import { isCardTopUp, knownPurpose, transactionTypeOf, type RecordedPurpose } from '../../domain/payment/purchase-kinds';
import type { RecordedEvent } from '../../infra/eventstore/port';
import type { ProjectionRunner } from '../../projections/runner';
import type { Metrics } from './registry';

export interface PaymentOutcome {
  outcome: 'captured' | 'declined' | 'refunded' | 'voided' | 'chargeback' | 'underpaid' | 'expired';
  kind: string;
}

const REVERSALS: Record<string, PaymentOutcome['outcome']> = { refund: 'refunded', void: 'voided', chargeback: 'chargeback' };
/** A label value from the event: a known shape of word, else 'other' (a label never carries an id or free text). */
const word = (v: unknown): string => (typeof v === 'string' && /^[a-z][a-z_]{0,31}$/.test(v) ? v : 'other');

/** The purchase kind as the transactions report names it (a subscription's later periods are rebills); a kind the
 *  code does not know (yet) by its own name when that is a plain word. */
export function purchaseKindOf(purpose: unknown): string {
  const p = (purpose ?? {}) as RecordedPurpose;
  return word(knownPurpose(p) ? transactionTypeOf(p) : p.kind);
}

/** What a recorded event says about a payment's outcome, or null for every other event. */
export function paymentOutcomeOf(event: Pick<RecordedEvent, 'type' | 'data'>): PaymentOutcome | null {
  const data = event.data as { purpose?: unknown; kind?: unknown };
  switch (event.type) {
    case 'PaymentCaptured':
      // A crypto top-up's capture follows its crypto payment's "paid", counted below with the crypto outcomes; a card
      // top-up's is its own.
      if ((data.purpose as RecordedPurpose | undefined)?.kind === 'wallet_top_up' && !isCardTopUp(data.purpose as RecordedPurpose)) return null;
      return { outcome: 'captured', kind: purchaseKindOf(data.purpose) };
    case 'PaymentFailed':
      return { outcome: 'declined', kind: purchaseKindOf(data.purpose) };
    case 'PaymentReversed': {
      const outcome = typeof data.kind === 'string' ? REVERSALS[data.kind] : undefined;
      return outcome ? { outcome, kind: purchaseKindOf(data.purpose) } : null;
    }
    // Wallet top-ups (crypto) are their own payment: paid, failed, short or run out of time.
    case 'CryptoPaymentPaid':
      return { outcome: 'captured', kind: 'wallet_top_up' };
    case 'CryptoPaymentFailed':
      return { outcome: 'declined', kind: 'wallet_top_up' };
    case 'CryptoPaymentUnderpaid':
      return { outcome: 'underpaid', kind: 'wallet_top_up' };
    case 'CryptoPaymentExpired':
      return { outcome: 'expired', kind: 'wallet_top_up' };
    default:
      return null;
  }
}

/** Counts each payment outcome the runner applies from now on; returns the unsubscribe. */
export function countPaymentOutcomes(runner: ProjectionRunner, metrics: Metrics): () => void {
  return runner.onApplied((events) => {
    for (const e of events) {
      const seen = paymentOutcomeOf(e);
      if (seen) metrics.paymentOutcomes.inc(seen);
    }
  });
}
