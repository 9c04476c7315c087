// A purchase kind plugs into the payment process (commands/payment/process.ts): what the money is for, and what
// follows it — granted on capture, released on a failure, taken back on a refund, void or chargeback. The process
// looks the kind up by its purpose and never imports one; each kind lives in its own file under
// commands/payment/kinds/ and is registered once, in commands/payment/kinds/index.ts.
import type { PaymentEvent, PaymentPurpose, ReversalKind } from '../../domain/payment/payment';
import type { PurposeKind, PurposeOf } from '../../domain/payment/purchase-kinds';
import type { CommandContext } from '../handle';

export type { PurposeKind, PurposeOf };

/** The recorded request of a payment (its PaymentRequested data), narrowed to one kind's purpose. */
export type PaymentRequestOf<K extends PurposeKind> = Omit<Extract<PaymentEvent, { type: 'PaymentRequested' }>['data'], 'purpose'> & { purpose: PurposeOf<K> };

export interface PurchaseKind<K extends PurposeKind = PurposeKind> {
  kind: K;
  /** The money was captured: the entitlement follows. Idempotent (runs again on every resume). */
  grant(ctx: CommandContext, payment: PaymentRequestOf<K>): Promise<void>;
  /** The payment failed: the pending purchase is released. Idempotent. */
  release(ctx: CommandContext, payment: PaymentRequestOf<K>, failureCode: string): Promise<void>;
  /** The money came back after a capture: what it paid for is taken back. Idempotent. */
  revoke(ctx: CommandContext, payment: PaymentRequestOf<K>, reversal: ReversalKind): Promise<void>;
}

/** One registered kind, whichever purpose it is for. */
export type AnyPurchaseKind = { [K in PurposeKind]: PurchaseKind<K> }[PurposeKind];

const kinds = new Map<PurposeKind, PurchaseKind>();

/** Called by the registration file (commands/payment/kinds/index.ts), once per kind. */
export function registerPurchaseKind(kind: AnyPurchaseKind): void {
  // Looked up by the purpose's own kind, so each kind only ever sees its own purposes.
  kinds.set(kind.kind, kind as unknown as PurchaseKind);
}

/** The kind a payment is for. A missing one is a wiring mistake (the registration file was not loaded). */
export function purchaseKindOf(purpose: PaymentPurpose): PurchaseKind {
  const kind = kinds.get(purpose.kind);
  if (!kind) throw new Error(`No purchase kind '${purpose.kind}' is registered: import commands/payment/kinds at start-up.`);
  return kind;
}
