// The one way a fan's purchase starts, whatever it buys and however it is paid:
//   1. a retry of the same request (its payment id derived from the Idempotency-Key, or the client's own id) whose
//      payment was started is finished and answered as it was — never started twice;
//   2. the kind's start step: its rules and price (a refusal writes nothing and tokenises no card);
//   3. the card is resolved (a typed card is checked and tokenised), or a short wallet is refused with the shortfall;
//   4. the kind records the pending purchase (a click already under way is joined);
//   5. the payment process takes the money and the entitlement follows (process.ts).
import { DomainError } from '../../domain/shared/decider';
import { hostedCard, type CardRef, type PaymentState } from '../../domain/payment/payment';
import type { PurposeKind } from '../../domain/payment/purchase-kinds';
import { walletShortfallError } from '../../domain/wallet/wallet';
import type { CommandContext } from '../handle';
import { resolveCard, type CardChoice } from '../cards';
import type { Buyer, PendingPayment, PurchaseKind } from './kind';
import { payFor, resumeOwnPayment, type PurchaseDeps } from './process';
import { walletBalance } from './wallet-stream';

/**
 * How the fan pays: a card (the primary, a saved one, or one typed into the form), the wallet, or crypto the
 * provider already received (a wallet top-up).
 */
export type PayWith = { method: 'card'; card: CardChoice } | { method: 'wallet' } | { method: 'crypto' } | { method: 'hosted'; provider: string };

/** A started purchase: its payment (settled, or finished from an earlier attempt) under its id. */
export interface Paid {
  paymentId: string;
  payment: PaymentState;
  /** The payment was started by an earlier attempt of the same request. */
  resumed: boolean;
}

export function pay<K extends PurposeKind, I extends Buyer>(ctx: CommandContext, deps: PurchaseDeps, kind: PurchaseKind<K, I, PendingPayment>, input: I, payWith: PayWith): Promise<Paid>;
/** A kind whose start may charge nothing (a free first period): null then. */
export function pay<K extends PurposeKind, I extends Buyer>(ctx: CommandContext, deps: PurchaseDeps, kind: PurchaseKind<K, I, PendingPayment | null>, input: I, payWith: PayWith): Promise<Paid | null>;
export async function pay<K extends PurposeKind, I extends Buyer>(
  ctx: CommandContext,
  deps: PurchaseDeps,
  kind: PurchaseKind<K, I, PendingPayment | null>,
  input: I,
  payWith: PayWith,
): Promise<Paid | null> {
  const { paymentId, retry } = kind.paymentIdOf?.(ctx, input) ?? { paymentId: ctx.idFor('payment'), retry: !!ctx.requestKey };
  const prior = retry ? await resumeOwnPayment(ctx, deps, paymentId, input.userId) : null;
  if (prior) return { paymentId, payment: prior, resumed: true };
  const started = await kind.start(ctx, input, paymentId);
  let card: CardRef | null = null;
  if (started.needsPaymentMethod !== false) {
    if (payWith.method === 'card') card = await resolveCard(ctx, deps, input.userId, payWith.card);
    else if (payWith.method === 'hosted') card = hostedCard(payWith.provider);
    else if (payWith.method === 'wallet') {
      // Refused before anything is written; a race past this check is declined by the wallet's own debit.
      const needed = started.walletMustCoverCents === undefined ? started.amountCents : started.walletMustCoverCents;
      const balance = needed === null ? null : await walletBalance(ctx, input.userId);
      if (needed !== null && balance !== null && balance < needed) throw walletShortfallError(started.purpose, started.amountCents, balance);
    }
  }
  // A card typed on the provider's own page is a card payment like any other, taken when the provider says so.
  const method = payWith.method === 'hosted' ? 'card' : payWith.method;
  const pending = await started.record({ method, card });
  if (!pending) return null;
  const payment = await payFor(ctx, deps, pending.paymentId, { userId: input.userId, purpose: started.purpose, amountCents: pending.amountCents, card, method });
  return { paymentId: pending.paymentId, payment, resumed: false };
}

/** A pending purchase the kind's stream did not record (it was refused there): the purchase could not start. */
export function notRecorded(message: string): DomainError {
  return new DomainError(message, 'NO_PENDING_PAYMENT', 409);
}
