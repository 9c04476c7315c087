// A fan's own chat message under pay-per-message (commands/chat.ts sendFanMessage decides it costs its price: no
// credit left, and the fan accepted the charge). The message is recorded as waiting for its payment before any
// money moves; it is delivered on capture and refused on a failure. A reversal takes nothing back: the money
// returns, the words are not unsaid.
import { chatMessageDecider, chatMessageStream, type SendFanMessage } from '../../../domain/chat/chat-message';
import { handle } from '../../handle';
import type { Buyer, PurchaseKind } from '../kind';

export interface PaidMessageInput extends Buyer {
  messageId: string;
  amountCents: number;
  /** The message to record with its charge; or its payment, when an earlier attempt recorded it and stopped before paying. */
  message: Omit<SendFanMessage, 'charge' | 'creditUsed'> | { recordedPaymentId: string };
}

const recordedPaymentOf = (input: PaidMessageInput) => ('recordedPaymentId' in input.message ? input.message.recordedPaymentId : null);

export const payPerMessagePurchase: PurchaseKind<'pay_per_message', PaidMessageInput> = {
  kind: 'pay_per_message',
  paymentIdOf(ctx, input) {
    // A message recorded with its payment: that payment is finished (started now if it never was), never a second one.
    const recorded = recordedPaymentOf(input);
    return recorded ? { paymentId: recorded, retry: true } : { paymentId: ctx.idFor('payment'), retry: !!ctx.requestKey };
  },
  async start(ctx, input, paymentId) {
    const { message } = input;
    const purpose = { kind: 'pay_per_message' as const, messageId: input.messageId };
    if ('recordedPaymentId' in message) {
      // Recorded already, for the price recorded with it: its wallet was checked then.
      return { purpose, amountCents: input.amountCents, walletMustCoverCents: null, record: async () => ({ paymentId, amountCents: input.amountCents }) };
    }
    return {
      purpose,
      amountCents: input.amountCents,
      async record() {
        const requested = await handle(ctx, chatMessageStream(input.messageId), chatMessageDecider, { ...message, charge: { paymentId, amountCents: input.amountCents }, creditUsed: false });
        return { paymentId: requested.state.sendPaymentId ?? paymentId, amountCents: requested.state.pending?.amountCents ?? input.amountCents };
      },
    };
  },
  async grant(ctx, r) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'DeliverPaidMessage', paymentId: r.paymentId, at: ctx.now() });
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'FailPaidMessage', paymentId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke() {
    // A message once delivered stays delivered.
  },
};
