import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import {
  chatMessageDecider, lockStateOf, messageTypeOf, validateStaffMessage, validMessageTier, type ChatMessageEvent, type SendFanMessage, type SendStaffMessage,
} from './chat-message';
import { chatDeductionCents, conversationDecider, payPerMessageAlert, type ConversationEvent } from './conversation';

const at = '2026-11-24T10:00:00.000Z';
const photo = { mediaId: 'm1', kind: 'photo' as const };
const staff: SendStaffMessage = {
  type: 'SendStaffMessage', messageId: 'msg', fanId: 'fan', senderId: 'admin', text: ' For you ', media: [photo], previewMediaId: null, locked: true,
  priceCents: 700, bounds: { minDollars: 5, maxDollars: 450 }, receiverIsSubscriber: true, uniqueId: 'u1', at,
};
const sent: ChatMessageEvent = {
  type: 'ChatMessageSent',
  data: { messageId: 'msg', fanId: 'fan', senderId: 'admin', fromStaff: true, type: 'photo', text: 'For you', media: [photo], previewMediaId: null, priceCents: 700, uniqueId: 'u1', payPerMessage: null, sentAt: at },
};
const unlockRequested: ChatMessageEvent = { type: 'ChatMessageUnlockRequested', data: { messageId: 'msg', fanId: 'fan', paymentId: 'p1', amountCents: 700, requestedAt: at } };
const unlocked: ChatMessageEvent = { type: 'ChatMessageUnlocked', data: { messageId: 'msg', fanId: 'fan', paymentId: 'p1', amountCents: 700, byStaff: null, unlockedAt: at } };
const request = { type: 'RequestChatUnlock' as const, fanId: 'fan', paymentId: 'p1', confirmedAmountCents: 700, viewer: { isStaff: false, isSubscriber: true }, at };

describe('staff messages (spec 3 §5)', () => {
  it('a locked photo is sent with its price, the text trimmed; the same message again changes nothing', () => {
    given(chatMessageDecider).when(staff).then([sent]);
    given(chatMessageDecider, [sent]).when(staff).then([]);
  });

  it.each([
    [{ text: '  ', media: [] }, "Message can't be empty"],
    [{ text: 'x'.repeat(20_001), media: [] }, 'Message is too long.'],
    [{ media: [], text: 'locked text' }, 'Please add media'],
    [{ priceCents: 499 }, 'Choose an amount between 5 and 450'],
    [{ priceCents: 45_001 }, 'Choose an amount between 5 and 450'],
    [{ media: Array.from({ length: 46 }, () => photo) }, 'You have selected 46 images, maximum 45 images allowed.'],
  ])('refuses %j: %s', (patch, message) => {
    given(chatMessageDecider).when({ ...staff, ...patch }).thenThrows(message);
  });

  it('a free message needs no price, and only a subscriber receives messages', () => {
    const [free] = chatMessageDecider.decide({ ...staff, locked: false, priceCents: 0, media: [], text: 'Hi' }, chatMessageDecider.initialState());
    expect(free.data).toMatchObject({ type: 'text', priceCents: 0 });
    given(chatMessageDecider).when({ ...staff, receiverIsSubscriber: false }).thenThrows('This user is not a subscriber.', { code: 'RECEIVER_NOT_SUBSCRIBED' });
  });

  it('the message type follows what it carries; the lock state what the fan did', () => {
    expect(messageTypeOf([])).toBe('text');
    expect(messageTypeOf([{ mediaId: 'v', kind: 'video' }])).toBe('video');
    expect(messageTypeOf([photo, photo])).toBe('gallery');
    expect([lockStateOf(0, false), lockStateOf(500, false), lockStateOf(500, true)]).toEqual(['free', 'locked', 'unlocked']);
    expect(() => validateStaffMessage({ ...staff, previewMediaId: 'm1' })).toThrow('The preview cannot also be in the locked media.');
  });
});

describe('unlocking a locked message', () => {
  it('records the pending payment, joins a second click, unlocks once, refuses a third purchase', () => {
    given(chatMessageDecider, [sent]).when(request).then([unlockRequested]);
    given(chatMessageDecider, [sent, unlockRequested]).when({ ...request, paymentId: 'p2' }).then([]);
    given(chatMessageDecider, [sent, unlockRequested]).when({ type: 'CompleteChatUnlock', paymentId: 'p1', amountCents: 700, at }).then([unlocked]);
    given(chatMessageDecider, [sent, unlockRequested, unlocked]).when({ type: 'CompleteChatUnlock', paymentId: 'p1', amountCents: 700, at }).then([]);
    given(chatMessageDecider, [sent, unlockRequested, unlocked]).when(request).thenThrows('Content already unlocked.', { status: 409 });
  });

  it('refuses another fan, staff, a non-subscriber, a free message and a changed price', () => {
    given(chatMessageDecider, [sent]).when({ ...request, fanId: 'someone' }).thenThrows('Message not found.', { status: 404 });
    given(chatMessageDecider, [sent]).when({ ...request, viewer: { isStaff: true, isSubscriber: false } }).thenThrows('Could not unlock content.');
    given(chatMessageDecider, [sent]).when({ ...request, viewer: { isStaff: false, isSubscriber: false } }).thenThrows('Chat is for subscribers. Please subscribe to chat.');
    given(chatMessageDecider, [sent]).when({ ...request, confirmedAmountCents: 600 }).thenThrows('Invalid request.', { code: 'PRICE_CHANGED' });
    const free = { ...sent, data: { ...sent.data, priceCents: 0 } } as ChatMessageEvent;
    given(chatMessageDecider, [free]).when(request).thenThrows('Could not unlock content.', { code: 'NOT_LOCKED' });
  });

  it('a failed payment frees the purchase; a refund by the payment that unlocked it locks it again (a stale one does not)', () => {
    const failed: ChatMessageEvent = { type: 'ChatMessageUnlockFailed', data: { messageId: 'msg', fanId: 'fan', paymentId: 'p1', failureCode: 'declined', failedAt: at } };
    given(chatMessageDecider, [sent, unlockRequested]).when({ type: 'FailChatUnlock', paymentId: 'p1', failureCode: 'declined', at }).then([failed]);
    given(chatMessageDecider, [sent, unlockRequested, failed]).when({ ...request, paymentId: 'p3' }).then([{ ...unlockRequested, data: { ...unlockRequested.data, paymentId: 'p3' } }]);
    given(chatMessageDecider, [sent, unlockRequested, unlocked]).when({ type: 'RevokeChatUnlock', paymentId: 'other', reason: 'refund', at }).then([]);
    given(chatMessageDecider, [sent, unlockRequested, unlocked]).when({ type: 'RevokeChatUnlock', paymentId: 'p1', reason: 'refund', at })
      .then([{ type: 'ChatMessageUnlockRevoked', data: { messageId: 'msg', fanId: 'fan', paymentId: 'p1', reason: 'refund', revokedAt: at } }]);
  });

  it('"Unlock for this Subscriber" opens it free, but not while a purchase is under way', () => {
    given(chatMessageDecider, [sent]).when({ type: 'UnlockForSubscriber', staffId: 'admin', at })
      .then([{ type: 'ChatMessageUnlocked', data: { messageId: 'msg', fanId: 'fan', paymentId: null, amountCents: 0, byStaff: 'admin', unlockedAt: at } }]);
    given(chatMessageDecider, [sent, unlockRequested]).when({ type: 'UnlockForSubscriber', staffId: 'admin', at }).thenThrows('A purchase of this message is under way.');
  });
});

describe('a locked message limited to a tier (as a post is)', () => {
  const tierIds = ['vip', 'gold'];
  const vipSent = { ...sent, data: { ...sent.data, minTierId: 'vip' } } as ChatMessageEvent;
  const copy: ChatMessageEvent = {
    type: 'MassMessageCopyRecorded', data: { messageId: 'msg', fanId: 'fan', massMessageId: 'mm', senderId: 'admin', priceCents: 700, sentAt: at, minTierId: 'vip' },
  };

  it('is sent with its tier; none, the base tier or an empty choice mean every subscriber', () => {
    given(chatMessageDecider).when({ ...staff, minTierId: 'vip', tierIds }).then([vipSent]);
    given(chatMessageDecider).when({ ...staff, minTierId: 'base', tierIds }).then([sent]);
    given(chatMessageDecider).when({ ...staff, minTierId: null, tierIds }).then([sent]);
    expect(given(chatMessageDecider, [vipSent]).state.minTierId).toBe('vip');
  });

  it('refuses a tier not on offer and a limit on a free message, naming min_tier_id', () => {
    given(chatMessageDecider).when({ ...staff, minTierId: 'diamond', tierIds }).thenThrows('Choose a tier that is offered.', { status: 400, details: { field: 'min_tier_id' } });
    given(chatMessageDecider).when({ ...staff, locked: false, priceCents: 0, minTierId: 'vip', tierIds })
      .thenThrows('A free message is seen by everyone it is sent to: choose Locked to limit it to a tier.', { details: { field: 'min_tier_id' } });
    expect(validMessageTier(true, 'gold', tierIds)).toBe('gold');
    expect(validMessageTier(false, '', tierIds)).toBeNull();
  });

  it('a fan below the tier cannot buy it (TIER_REQUIRED, nothing recorded); at or above it, as before', () => {
    given(chatMessageDecider, [vipSent]).when({ ...request, viewer: { isStaff: false, isSubscriber: true, belowTier: true } })
      .thenThrows('This message is for members of a higher tier: upgrade to unlock it.', { code: 'TIER_REQUIRED', status: 403 });
    given(chatMessageDecider, [vipSent]).when({ ...request, viewer: { isStaff: false, isSubscriber: true, belowTier: false } }).then([unlockRequested]);
    // Not a subscriber at all: the subscription is what is missing.
    given(chatMessageDecider, [vipSent]).when({ ...request, viewer: { isStaff: false, isSubscriber: false, belowTier: true } }).thenThrows('Chat is for subscribers. Please subscribe to chat.');
    // Staff may still open it for the fan, whatever their tier.
    given(chatMessageDecider, [vipSent]).when({ type: 'UnlockForSubscriber', staffId: 'admin', at })
      .then([{ type: 'ChatMessageUnlocked', data: { messageId: 'msg', fanId: 'fan', paymentId: null, amountCents: 0, byStaff: 'admin', unlockedAt: at } }]);
  });

  it("a mass message's copy carries the mass message's tier onto its own stream", () => {
    given(chatMessageDecider).when({ type: 'RecordMassCopy', messageId: 'msg', fanId: 'fan', massMessageId: 'mm', senderId: 'admin', priceCents: 700, sentAt: at, minTierId: 'vip' }).then([copy]);
    const untiered = { messageId: 'msg', fanId: 'fan', massMessageId: 'mm', senderId: 'admin', priceCents: 700, sentAt: at };
    given(chatMessageDecider).when({ type: 'RecordMassCopy', ...untiered, minTierId: null }).then([{ type: 'MassMessageCopyRecorded', data: untiered }]);
    expect(given(chatMessageDecider, [copy]).state.minTierId).toBe('vip');
    given(chatMessageDecider, [copy]).when({ ...request, viewer: { isStaff: false, isSubscriber: true, belowTier: true } }).thenThrows(/higher tier/, { code: 'TIER_REQUIRED' });
  });
});

describe('a fan message under pay-per-message', () => {
  const fanSend: SendFanMessage = { type: 'SendFanMessage', messageId: 'f1', fanId: 'fan', text: 'Hello', isSubscriber: true, uniqueId: 'c1', charge: { paymentId: 'pay', amountCents: 300 }, creditUsed: false, at };
  const requested: ChatMessageEvent = { type: 'ChatMessageSendRequested', data: { messageId: 'f1', fanId: 'fan', senderId: 'fan', text: 'Hello', uniqueId: 'c1', paymentId: 'pay', amountCents: 300, requestedAt: at } };

  it('is held until paid, delivered once, and a resend while it waits or after changes nothing', () => {
    given(chatMessageDecider).when(fanSend).then([requested]);
    given(chatMessageDecider, [requested]).when(fanSend).then([]);
    const delivered = chatMessageDecider.decide({ type: 'DeliverPaidMessage', paymentId: 'pay', at }, given(chatMessageDecider, [requested]).state);
    expect(delivered).toEqual([{ type: 'ChatMessageSent', data: expect.objectContaining({ text: 'Hello', fromStaff: false, payPerMessage: { paymentId: 'pay', amountCents: 300, creditUsed: false } }) }]);
    given(chatMessageDecider, [requested, ...delivered]).when({ type: 'DeliverPaidMessage', paymentId: 'pay', at }).then([]);
    given(chatMessageDecider, [requested, ...delivered]).when(fanSend).then([]);
  });

  it('a failed payment fails the send, and it may be sent again with a new payment', () => {
    const failed: ChatMessageEvent = { type: 'ChatMessageSendFailed', data: { messageId: 'f1', fanId: 'fan', paymentId: 'pay', failureCode: 'declined', failedAt: at, uniqueId: requested.type === 'ChatMessageSendRequested' ? requested.data.uniqueId : null } };
    given(chatMessageDecider, [requested]).when({ type: 'FailPaidMessage', paymentId: 'pay', at, failureCode: 'declined' }).then([failed]);
    given(chatMessageDecider, [requested, failed]).when({ ...fanSend, charge: { paymentId: 'pay2', amountCents: 300 } })
      .then([{ ...requested, data: { ...requested.data, paymentId: 'pay2' } } as ChatMessageEvent]);
  });

  it('free (or paid by a credit) is delivered at once; a non-subscriber and an empty text are refused', () => {
    const [credit] = chatMessageDecider.decide({ ...fanSend, charge: null, creditUsed: true }, chatMessageDecider.initialState());
    expect(credit).toMatchObject({ type: 'ChatMessageSent', data: { payPerMessage: { paymentId: null, amountCents: 0, creditUsed: true } } });
    given(chatMessageDecider).when({ ...fanSend, isSubscriber: false }).thenThrows('Chat is for subscribers. Please subscribe to chat.', { status: 403 });
    given(chatMessageDecider).when({ ...fanSend, text: ' ' }).thenThrows("Message can't be empty");
  });
});

describe('conversation: credits and the header total', () => {
  const granted: ConversationEvent = { type: 'PayPerMessageCreditsGranted', data: { fanId: 'fan', credits: 1, grantedBy: 'admin', balance: 1, grantedAt: at } };
  it('a credit pays for one message id once; none left is NO_CREDIT', () => {
    const used: ConversationEvent = { type: 'PayPerMessageCreditUsed', data: { fanId: 'fan', messageId: 'a', balance: 0, usedAt: at } };
    given(conversationDecider, [granted]).when({ type: 'UseCredit', fanId: 'fan', messageId: 'a', at }).then([used]);
    given(conversationDecider, [granted, used]).when({ type: 'UseCredit', fanId: 'fan', messageId: 'a', at }).then([]);
    given(conversationDecider, [granted, used]).when({ type: 'UseCredit', fanId: 'fan', messageId: 'b', at }).thenThrows('No message credit left.', { code: 'NO_CREDIT' });
    given(conversationDecider).when({ type: 'GrantCredits', fanId: 'fan', credits: 0, grantedBy: 'admin', at }).thenThrows('Credits must be a whole number between 1 and 1000.');
  });

  it('the alert texts and the red total: voids + refunds + chargebacks + $25 per chargeback', () => {
    expect(payPerMessageAlert(0, 300)).toBe('Sending this message will charge $3.00. Do you want to continue?');
    expect(payPerMessageAlert(1, 300)).toBe('You have 1 Message credit. This message is sent free.');
    expect(chatDeductionCents({ voidCents: 500, refundCents: 1000, chargebackCents: 1500, chargebackCount: 2 })).toBe(500 + 1000 + 1500 + 5000);
    expect(chatDeductionCents({ voidCents: 0, refundCents: 0, chargebackCents: 0, chargebackCount: 0 })).toBe(0);
  });
});
