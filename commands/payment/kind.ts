// A purchase kind plugs into the payment process: what the money is for, how a purchase of it starts (its rules,
// its price, its pending record), and what follows the money — granted on capture, released on a failure, taken
// back on a refund, void or chargeback. `pay` (pay.ts) runs the steps every kind shares around `start`; the
// process (process.ts) runs the ones after the money. Neither imports a kind: the kinds are handed in as a
// registry (PurchaseKinds), built once from commands/payment/kinds/index.ts.
import type { CardRef, PaymentEvent, PaymentMethod, PaymentPurpose, ReversalKind } from '../../domain/payment/payment';
import type { PurposeKind, PurposeOf } from '../../domain/payment/purchase-kinds';
import type { Role } from '../../domain/shared/wire';
import type { CommandContext } from '../handle';

export type { PurposeKind, PurposeOf };

/** The recorded request of a payment (its PaymentRequested data), narrowed to one kind's purpose. */
export type PaymentRequestOf<K extends PurposeKind> = Omit<Extract<PaymentEvent, { type: 'PaymentRequested' }>['data'], 'purpose'> & { purpose: PurposeOf<K> };

/** Who buys: every purchase input carries them. */
export interface Buyer {
  userId: string;
  role: Role;
}

/** How the money is taken for a purchase that was just recorded. */
export interface PaidWith {
  method: PaymentMethod;
  /** The card (saved, or typed for this purchase and saved once approved); null from the wallet or when nothing is charged. */
  card: CardRef | null;
}

/** The payment a recorded purchase waits for: this request's own, or one already under way that it joins. */
export interface PendingPayment {
  paymentId: string;
  amountCents: number;
}

/**
 * What a grant answers when what the money paid for is gone (a slot or an item that went to someone else while the
 * payment was under way): the process refunds the payment at once, with this reason for the fan.
 */
export interface NotDelivered {
  notDelivered: string;
}

/** What a kind's start step decided: the purchase is allowed, what it is for, and how it is recorded. */
export interface PurchaseStart<K extends PurposeKind, Pending extends PendingPayment | null = PendingPayment> {
  purpose: PurposeOf<K>;
  /** What is charged now (the shortfall a short wallet is refused with). */
  amountCents: number;
  /**
   * What the wallet must hold before anything is written (default `amountCents`); null: the wallet is not checked
   * (a payment under way is joined, or the debit's own refusal is the answer).
   */
  walletMustCoverCents?: number | null;
  /** false: nothing is charged now or later, so no card is resolved and the wallet is not checked. */
  needsPaymentMethod?: boolean;
  /** Records the pending purchase under its payment id (after the rules, the card and the wallet were checked). */
  record(paidWith: PaidWith): Promise<Pending>;
}

export interface PurchaseKind<K extends PurposeKind = PurposeKind, Input extends Buyer = Buyer, Pending extends PendingPayment | null = PendingPayment> {
  kind: K;
  /**
   * The payment id of this request, and whether a retry may have started it already (then it is finished and
   * answered instead of starting again). Default: derived from the request's Idempotency-Key.
   */
  paymentIdOf?(ctx: CommandContext, input: Input): { paymentId: string; retry: boolean };
  /**
   * The kind's own rules and price for a purchase under `paymentId`; refusals are thrown before anything is written
   * or a card is tokenised.
   */
  start(ctx: CommandContext, input: Input, paymentId: string): Promise<PurchaseStart<K, Pending>>;
  /**
   * The money was captured: the entitlement follows, or NotDelivered when it no longer can (the process refunds).
   * Idempotent (runs again on every resume, and answers NotDelivered again once it did).
   */
  grant(ctx: CommandContext, payment: PaymentRequestOf<K>): Promise<void | NotDelivered>;
  /** The payment failed: the pending purchase is released. Idempotent. */
  release(ctx: CommandContext, payment: PaymentRequestOf<K>, failureCode: string): Promise<void>;
  /** The money came back after a capture: what it paid for is taken back. Idempotent. */
  revoke(ctx: CommandContext, payment: PaymentRequestOf<K>, reversal: ReversalKind): Promise<void>;
}

/** What the process needs of a kind once its payment exists: the steps after the money. */
export type SettledKind = Pick<PurchaseKind, 'grant' | 'release' | 'revoke'>;

/** Every purpose's kind: a purpose without one is a type error where the registry is built. */
export type PurchaseKindMap = { [K in PurposeKind]: Omit<PurchaseKind<K>, 'start' | 'paymentIdOf'> };

/** The registry handed to the payment process (PaymentDeps.kinds). */
export interface PurchaseKinds {
  of(purpose: PaymentPurpose): SettledKind;
}

export function purchaseKindRegistry(map: PurchaseKindMap): PurchaseKinds {
  return {
    // Looked up by the purpose's own kind, so each kind only ever sees its own purposes. A purpose recorded by a
    // newer version (a kind this build does not have) is a loud wiring error, never a silent skip.
    of(purpose) {
      const kind = (map as Partial<Record<string, unknown>>)[purpose.kind];
      if (!kind) throw new Error(`No purchase kind '${purpose.kind}' is registered.`);
      return kind as SettledKind;
    },
  };
}
