// A second sale for one payment: the fan paid the same provider page twice (two tabs), and the provider's second
// sale notice names a payment its first sale already captured. The second sale buys nothing: it is recorded as money
// taken (PaymentDuplicateSaleCaptured), then refunded at the provider and recorded as given back
// (PaymentDuplicateSaleRefunded). Both steps are idempotent per provider reference, and a crash between them is
// finished by the recovery sweep, so each second sale is refunded exactly once.
import { paymentDecider, paymentStream, type PaymentState } from '../domain/payment/payment';
import { DomainError } from '../domain/shared/decider';
import type { CardGateway } from '../infra/payments/port';
import { derivedId, handle, loadStream, type CommandContext } from './handle';

/** Whether a sale the provider reported is a second one for a payment its first sale captured already. */
export function isDuplicateSale(payment: PaymentState, reference: string): boolean {
  if (!reference || !payment.request?.card?.hosted) return false;
  if (payment.status !== 'captured' && payment.status !== 'reversed') return false;
  return payment.gatewayTransactionId !== reference;
}

/** Records the second sale (once), then refunds it. */
export async function recordDuplicateSale(
  ctx: CommandContext,
  deps: { gateway: CardGateway },
  paymentId: string,
  sale: { reference: string; amountCents: number; currency?: string },
): Promise<PaymentState> {
  await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordDuplicateSale', ...sale, at: ctx.now() });
  failpoint();
  return refundDuplicateSale(ctx, deps, paymentId, sale.reference);
}

/** Gives a recorded second sale back at the provider and records it; asking again refunds nothing more. */
export async function refundDuplicateSale(ctx: CommandContext, deps: { gateway: CardGateway }, paymentId: string, reference: string): Promise<PaymentState> {
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  const sale = state.duplicateSales[reference];
  if (!sale) throw new DomainError('No such second sale of this payment.', 'DUPLICATE_SALE_NOT_FOUND', 404);
  if (sale.status === 'refunded') return state;
  if (!deps.gateway.refundSale) throw new Error('The card provider cannot refund a single sale.');
  let outcome;
  try {
    outcome = await deps.gateway.refundSale({ idempotencyKey: paymentId, reference, reason: 'The same payment page was paid twice.' });
  } catch {
    throw new DomainError('The provider could not refund the second sale yet: it is tried again shortly.', 'REFUND_PENDING', 503);
  }
  if (outcome.status === 'not_captured') throw new DomainError('The provider does not know this sale for the payment.', 'SALE_NOT_FOUND', 409);
  const refunded = await handle(
    ctx,
    paymentStream(paymentId),
    paymentDecider,
    { type: 'RecordDuplicateSaleRefund', reference, gatewayTransactionId: outcome.gatewayTransactionId, at: ctx.now() },
    { eventId: () => derivedId('duplicate-sale-refund', paymentId, reference) },
  );
  return refunded.state;
}

/**
 * Test hook for the crash tests (FANCLUB_FAILPOINT=duplicate-sale-recorded): the process kills itself for real right
 * after recording a second sale, before refunding it.
 */
function failpoint() {
  if (process.env.FANCLUB_FAILPOINT === 'duplicate-sale-recorded') process.kill(process.pid, 'SIGKILL');
}
