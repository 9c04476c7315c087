// A fan's own chat message under pay-per-message (commands/chat.ts sendFanMessage): delivered on capture, refused
// on a failure. A reversal takes nothing back: the money returns, the words are not unsaid.
import { chatMessageDecider, chatMessageStream } from '../../../domain/chat/chat-message';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const payPerMessagePurchase: PurchaseKind<'pay_per_message'> = {
  kind: 'pay_per_message',
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
