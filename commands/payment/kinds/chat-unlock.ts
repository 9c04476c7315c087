// Unlock of a locked chat message by its fan (commands/chat.ts purchaseChatMessage): the message opens on capture,
// its pending unlock is released on a failure, and it closes again when the money comes back.
import { chatMessageDecider, chatMessageStream } from '../../../domain/chat/chat-message';
import { handle } from '../../handle';
import type { PurchaseKind } from '../kind';

export const chatUnlockPurchase: PurchaseKind<'chat_unlock'> = {
  kind: 'chat_unlock',
  async grant(ctx, r) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'CompleteChatUnlock', paymentId: r.paymentId, amountCents: r.amountCents, at: ctx.now() });
  },
  async release(ctx, r, failureCode) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'FailChatUnlock', paymentId: r.paymentId, failureCode, at: ctx.now() });
  },
  async revoke(ctx, r, reversal) {
    await handle(ctx, chatMessageStream(r.purpose.messageId), chatMessageDecider, { type: 'RevokeChatUnlock', paymentId: r.paymentId, reason: reversal, at: ctx.now() });
  },
};
