// Notices from the card provider (webhooks): a capture or decline confirmed after the fact, a refund, a void, a
// chargeback. Every notice is applied through the same idempotent commands as the synchronous path, then its
// provider id is recorded (stream `gateway-notice-<provider>-<id>`) so a repeat is answered without doing anything.
// Recording comes last on purpose: a notice whose handling failed is not marked seen, so the provider's
// retry gets another chance.
import { paymentDecider, paymentStream } from '../domain/payment/payment';
import type { GatewayNotice } from '../infra/payments/port';
import { completeEntitlement, reversePayment, type PaymentDeps } from './payment/process';
import { appendOnce, derivedId, handle, loadStream, type CommandContext } from './handle';
import { applyBillingNotice, checkHostedSale, type HostedNoticeResult } from './hosted-notices';
import { isDuplicateSale, recordDuplicateSale } from './duplicate-sales';

export const noticeStream = (provider: string, noticeId: string) => `gateway-notice-${provider}-${noticeId}`;

export type NoticeResult = 'applied' | 'duplicate' | 'ignored' | 'refused';

/**
 * `before`: a step that runs first on a notice not seen yet (a guest purchase's sale puts its account and payment in
 * place there); when it answers, that is the notice's outcome and nothing else is done.
 */
export async function applyCardNotice(
  ctx: CommandContext,
  deps: PaymentDeps,
  provider: string,
  notice: GatewayNotice,
  before?: (notice: GatewayNotice) => Promise<HostedNoticeResult | null>,
): Promise<NoticeResult> {
  const stream = noticeStream(provider, notice.id);
  if ((await ctx.store.readStream(stream, { maxCount: 1 })).length > 0) return 'duplicate';
  const decided = before ? await before(notice) : null;
  if (decided) return record(ctx, stream, provider, notice, decided);
  const paymentId = notice.data?.idempotency_key;
  // Only payments this site asked for exist here; anything else (another integration, a test ping) is not ours.
  const known = typeof paymentId === 'string' && (await loadStream(ctx.store, paymentStream(paymentId), paymentDecider)).state.status !== 'none';
  let result: NoticeResult = 'ignored';
  let problem: string | undefined;
  // A membership the provider bills itself: its renewals, failures, cancellations and expirations.
  if (String(notice.type).startsWith('subscription.')) ({ result, problem } = await applyBillingNotice(ctx, deps, provider, notice));
  // A sale on the provider's page that cannot capture its payment (another amount, or paid after it was given up).
  const refused = known && notice.type === 'charge.succeeded' ? await checkHostedSale(ctx, deps, paymentId, notice) : null;
  if (refused) ({ result, problem } = refused);
  else if (known) {
    switch (notice.type) {
      case 'charge.succeeded':
      case 'charge.failed': {
        const outcome =
          notice.type === 'charge.succeeded'
            ? { status: 'captured' as const, gatewayTransactionId: notice.data.transaction_id }
            : { status: 'declined' as const, failureCode: notice.data.failure_code ?? 'declined', message: notice.data.message ?? 'Payment failed.', allowCascade: !!notice.data.allow_cascade };
        const { state } = await handle(ctx, paymentStream(paymentId), paymentDecider, { type: 'RecordGatewayOutcome', outcome, at: ctx.now() });
        // Finishes what a crash between the charge and the entitlement left undone.
        await completeEntitlement(ctx, deps, paymentId, state);
        result = 'applied';
        // The page paid twice (two tabs): the other sale captured this payment; this one is owed back.
        if (notice.type === 'charge.succeeded' && isDuplicateSale(state, notice.data.transaction_id)) {
          await recordDuplicateSale(ctx, deps, paymentId, { reference: notice.data.transaction_id, amountCents: notice.data.amount_cents > 0 ? notice.data.amount_cents : state.request!.amountCents, currency: notice.data.currency });
          result = 'refused';
          problem = 'a second sale for a payment already paid (the payment page was paid twice); refunded at the provider';
        }
        break;
      }
      case 'charge.refunded':
      case 'charge.voided':
      case 'charge.chargeback': {
        const kind = notice.type === 'charge.refunded' ? 'refund' : notice.type === 'charge.voided' ? 'void' : 'chargeback';
        // Money given back on a second sale of the page (paid twice) is that sale's, never the payment's.
        const second = await secondSaleGivenBack(ctx, paymentId, notice);
        if (second) {
          ({ result, problem } = second);
          break;
        }
        await reversePayment(ctx, deps, paymentId, { kind, source: `${provider}:${notice.id}`, reason: notice.data.reason ?? null });
        result = 'applied';
        break;
      }
    }
  }
  return record(ctx, stream, provider, notice, { result, problem });
}

/**
 * A refund, void or chargeback notice that names a recorded second sale of the payment: the sale is recorded as given
 * back if our own refund was not recorded yet (CCBill's notice came first, or staff refunded it at CCBill); the
 * payment and what it bought stay. Null when the notice is about the payment's own sale.
 */
async function secondSaleGivenBack(ctx: CommandContext, paymentId: string, notice: GatewayNotice): Promise<{ result: NoticeResult; problem: string } | null> {
  const reference = notice.data.sale_reference;
  if (!reference) return null;
  const { state } = await loadStream(ctx.store, paymentStream(paymentId), paymentDecider);
  const sale = state.duplicateSales[reference];
  if (!sale) return null;
  if (sale.status === 'refunded') return { result: 'ignored', problem: 'the provider gave back the second sale of a payment paid twice; its refund is recorded already' };
  await handle(
    ctx,
    paymentStream(paymentId),
    paymentDecider,
    { type: 'RecordDuplicateSaleRefund', reference, gatewayTransactionId: notice.data.transaction_id || reference, at: ctx.now() },
    { eventId: () => derivedId('duplicate-sale-refund', paymentId, reference) },
  );
  return { result: 'applied', problem: 'the provider gave back the second sale of a payment paid twice' };
}

/** Marks the notice seen, with its outcome (kept for staff). */
async function record(ctx: CommandContext, stream: string, provider: string, notice: GatewayNotice, { result, problem }: { result: NoticeResult; problem?: string }): Promise<NoticeResult> {
  const paymentId = notice.data?.idempotency_key;
  const recorded = await appendOnce(ctx, stream, [
    {
      type: 'GatewayNoticeReceived',
      data: { provider, noticeId: notice.id, type: String(notice.type), paymentId: typeof paymentId === 'string' ? paymentId : null, result, ...(problem ? { problem } : {}), receivedAt: ctx.now() },
    },
  ]);
  // The same notice, delivered twice at once, was recorded by the other delivery: both did the same idempotent work.
  if (!recorded) return 'duplicate';
  return result;
}
