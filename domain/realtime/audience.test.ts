import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type Role } from '../shared/wire';
import type { ChatMessageView } from '../chat/wire';
import { FRAME_EVENT_TYPES, PUBLIC_FRAME_FIELDS, framesFor, mayReceive, messageReceiveData, messageSight, receivedMessage, type Reader } from './audience';

const at = '2026-11-25T10:00:00.000Z';
const payment = { paymentId: 'p1', userId: 'fanA', purpose: { kind: 'tip' }, amountCents: 500, currency: 'USD', method: 'card', card: null };
/** One sample of every event that makes frames, all about fan A. */
const samples: Record<string, Record<string, unknown>> = {
  ChatMessageSent: { messageId: 'm1', fanId: 'fanA', senderId: 'admin1', fromStaff: true, type: 'photo', text: 'secret words', media: [{ mediaId: 'x', kind: 'photo' }], previewMediaId: null, priceCents: 700, uniqueId: null, payPerMessage: null, sentAt: at },
  ChatMessageSendFailed: { messageId: 'm1', fanId: 'fanA', paymentId: 'p1', failureCode: 'declined', failedAt: at, uniqueId: 'u-1' },
  TipSent: { tipId: 't1', userId: 'fanA', amountCents: 500, sentAt: at, tipFrom: 'chat' },
  ChatMessageUnlocked: { messageId: 'm1', fanId: 'fanA', paymentId: 'p1', amountCents: 700, byStaff: null, unlockedAt: at },
  ChatMessageUnlockRevoked: { messageId: 'm1', fanId: 'fanA', paymentId: 'p1', reason: 'refund', revokedAt: at },
  ChatReadByFan: { fanId: 'fanA', readAt: at },
  ChatReadByStaff: { fanId: 'fanA', staffId: 'admin1', readAt: at },
  PayPerMessageCreditsGranted: { fanId: 'fanA', credits: 3, grantedBy: 'admin1', balance: 3, grantedAt: at },
  PayPerMessageCreditUsed: { fanId: 'fanA', messageId: 'm1', balance: 2, usedAt: at },
  // The shop
  ShopCartLineAdded: { userId: 'fanA', productId: 'sp1', variantId: 'v1', quantity: 1, addedAt: at },
  ShopCartLineChanged: { userId: 'fanA', variantId: 'v1', quantity: 2, changedAt: at },
  ShopCartLineRemoved: { userId: 'fanA', variantId: 'v1', removedAt: at },
  ShopCartCheckedOut: { userId: 'fanA', orderId: 'o1', variantIds: ['v1'], checkedOutAt: at },
  ShopOrderPaid: { orderId: 'o1', userId: 'fanA', totalCents: 3500, paidAt: at },
  ShopOrderPaymentFailed: { orderId: 'o1', userId: 'fanA', failureCode: '-1', failedAt: at },
  ShopOrderDelivered: { orderId: 'o1', userId: 'fanA', deliveredAt: at },
  ChatBookingConfirmed: { bookingId: 'b1', fanId: 'fanA', start: at, end: at, priceCents: 2500, confirmedAt: at },
  ChatBookingPaymentFailed: { bookingId: 'b1', fanId: 'fanA', failureCode: '-24', failedAt: at },
  ChatBookingStarted: { bookingId: 'b1', fanId: 'fanA', start: at, end: at, startedAt: at },
  ChatBookingCompleted: { bookingId: 'b1', fanId: 'fanA', completedAt: at },
  ChatBookingNoShow: { bookingId: 'b1', fanId: 'fanA', refund: false, markedAt: at },
  ChatBookingCancelled: { bookingId: 'b1', fanId: 'fanA', by: 'fan', staffId: null, reason: '', refund: true, cancelledAt: at },
  ChatBookingRescheduled: { bookingId: 'b1', fanId: 'fanA', by: 'creator', staffId: 'admin1', fromStart: at, fromEnd: at, start: at, end: at, rescheduledAt: at },
  ChatBookingReversed: { bookingId: 'b1', fanId: 'fanA', kind: 'refund', wasOn: true, reversedAt: at },
  ChatUserAllowed: { userId: 'fanA', allowedBy: 'admin1', allowedAt: at },
  ChatUserDisallowed: { userId: 'fanA', disallowedBy: 'admin1', disallowedAt: at },
  ShopDigitalDownloaded: { orderId: 'o1', lineNo: 1, userId: 'fanA', productId: 'sp1', downloadNo: 1, downloadedAt: at },
  ShopOrderShipped: { orderId: 'o1', userId: 'fanA', carrier: 'UPS', trackingNumber: '1Z', shippedBy: 'admin1', shippedAt: at },
  ShopOrderTrackingChanged: { orderId: 'o1', userId: 'fanA', carrier: 'UPS', trackingNumber: '1Y', changedBy: 'admin1', changedAt: at },
  ShopOrderCompleted: { orderId: 'o1', userId: 'fanA', completedAt: at },
  ShopOrderCancelled: { orderId: 'o1', userId: 'fanA', paid: true, reason: 'Damaged', cancelledBy: 'admin1', cancelledAt: at },
  ShopOrderLineRefunded: { orderId: 'o1', userId: 'fanA', lineNo: 1, quantity: 1, amountCents: 3000, refundedBy: 'admin1', refundedAt: at },
  ShopOrderReversed: { orderId: 'o1', userId: 'fanA', kind: 'refund', reversedAt: at },
  WalletCredited: { userId: 'fanA', paymentId: 'p1', currency: 'BTC', amountCents: 1000, balanceCents: 1000, creditedAt: at },
  WalletDebited: { userId: 'fanA', purchaseId: 'p2', purchase: { kind: 'tip' }, amountCents: 500, balanceCents: 500, debitedAt: at },
  WalletRefunded: { userId: 'fanA', refundId: 'r1', purchaseId: 'p2', amountCents: 500, reason: 'refund', balanceCents: 1000, refundedAt: at },
  PaymentCaptured: { ...payment, capturedAt: at },
  PaymentReversed: { ...payment, kind: 'refund', source: 'admin', reversedAt: at },
  PaymentPartlyRefunded: { ...payment, kind: 'refund', refundId: 'r1', source: 'admin', reversedAt: at },
  ShopOrderPlaced: { orderId: 'o1', userId: 'fanA', lines: [], subtotalCents: 0, shippingCents: 0, totalCents: 0, address: null, placedAt: at },
  // Staff chat actions (commands/chat-staff.ts)
  ChatMessageDeleted: { messageId: 'm1', fanId: 'fanA', scope: 'all', udid: 'u-1', fromStaff: true, sentAt: at, wasDeletedForFan: false, deletedBy: 'admin1', deletedAt: at },
  ChatMarkedUnreadByStaff: { fanId: 'fanA', staffId: 'model1', unread: 1, markedAt: at },
  ChatMessageMediaChanged: { messageId: 'm1', fanId: 'fanA', change: 'rotate', by: 'admin1', changedAt: at },
  NicknameSet: { userId: 'fanA', nickname: 'Whale' },
  MassMessagesMutedSet: { userId: 'fanA', muted: true },
  HiddenFromChatSet: { userId: 'fanA', hidden: true },
  MemberBlocked: { userId: 'fanA' },
  MemberUnblocked: { userId: 'fanA' },
  SiteSettingsUpdated: { changes: { hide_earnings: true } },
  // Mass and welcome messages (domain/chat/mass-message.ts)
  MassMessageCreated: { massId: 'mm1', kind: 'mass', content: { senderId: 'admin1', type: 'photo', text: 'secret words', media: [{ mediaId: 'x', kind: 'photo' }], previewMediaId: null, priceCents: 700 }, sendTo: 'EVERYONE', newUserDelay: 'STAGGER_OVER_TIME', delayByHours: null, scheduledAt: null, category: null, uniqueId: null, createdAt: at },
  MassMessageWaitingForMedia: { massId: 'mm1', at },
  MassMessageFailed: { massId: 'mm1', error: 'Error in upload content. Please try again.', at },
  MassMessageResent: { massId: 'mm1', content: { senderId: 'admin1', type: 'text', text: 'secret words', media: [], previewMediaId: null, priceCents: 0 }, by: 'admin1', at },
  MassMessageAudienceChosen: { massId: 'mm1', fanIds: ['fanA'], chosenAt: at },
  MassMessageCopiesDelivered: {
    massId: 'mm1', kind: 'mass', content: { senderId: 'admin1', type: 'photo', text: 'secret words', media: [{ mediaId: 'x', kind: 'photo' }], previewMediaId: null, priceCents: 700 },
    copies: [{ fanId: 'fanA', messageId: 'c1', massMessageType: null }], future: false, deliveredAt: at, deliveredTotal: 1, recipients: 1,
  },
  MassMessageSendCompleted: { massId: 'mm1', delivered: 1, completedAt: at },
  MassMessageCancelled: { massId: 'mm1', by: 'admin1', reason: 'cancelled', at },
  // Live streaming (domain/live): a one-to-one with fan A, or a group session fan A watches.
  LiveSessionStarted: { sessionId: 's1', isGroup: false, fanId: 'fanA', publisherId: 'model1', publisherName: 'Creator', room: { room: 7, secret: 'x', pin: 'y' }, recordingName: 'r', tabToken: '0123456789ab', publisherToken: 'pub-token', pricePerMinuteCents: 0, startedAt: at },
  LiveStreamDataSet: { sessionId: 's1', room: 7, pubId: '42', pubPvtId: '43', isGroup: false, fanId: 'fanA', viewerIds: ['fanA'], setAt: at },
  LiveViewerJoined: { sessionId: 's1', userId: 'fanA', name: 'A', staff: false, token: 'tok', connections: 1, viewers: 1, viewerIds: ['fanA'], joinedAt: at },
  LiveViewerLeft: { sessionId: 's1', userId: 'fanA', tokens: ['tok'], reason: 'blocked', connections: 0, viewers: 0, viewerIds: [], leftAt: at },
  LiveCommentPosted: { sessionId: 's1', commentId: 'c1', userId: 'fanA', name: 'A', fromAdmin: false, message: 'hello live', isGroup: true, viewerIds: ['fanA'], postedAt: at },
  LiveTipReceived: { sessionId: 's1', tipId: 't1', userId: 'fanA', name: 'A', amountCents: 500, isAnonymous: true, totalCents: 500, isGroup: true, viewerIds: ['fanA'], receivedAt: at },
  LiveBillingStarted: { sessionId: 's1', fanId: 'fanA', from: at },
  LiveBillingStopped: { sessionId: 's1', fanId: 'fanA', since: at, until: at, reason: 'fan_left' },
  LiveMinuteCharged: { sessionId: 's1', fanId: 'fanA', minute: 1, paymentId: 'p1', amountCents: 300, from: at, to: at, chargedAt: at },
  LiveSessionStopped: { sessionId: 's1', reason: 'publisher', by: 'model1', isGroup: false, fanId: 'fanA', publisherId: 'model1', tokens: ['tok', 'pub-token'], viewerIds: ['fanA'], durationSeconds: 60, stoppedAt: at },
  LiveRecordingReady: { sessionId: 's1', mediaId: 'm1', path: '/x.mp4', bytes: 1, durationSeconds: 1, readyAt: at },
  // Notification centre: the bell's types.
  PostUnlocked: { postId: 'p1', userId: 'fanA', paymentId: 'pay1', amountCents: 500, unlockedAt: at },
  SubscriptionStarted: { userId: 'fanA', paymentId: 'pay2', amountCents: 999, startedAt: at },
  FreeSubscriptionStarted: { userId: 'fanA', paymentId: null, amountCents: 0, startedAt: at },
  PostCommentAdded: { postId: 'p1', commentId: 'c1', userId: 'fanA', userName: 'A', comment: 'hi', createdAt: at },
  PostLiked: { postId: 'p1', userId: 'fanA', likedAt: at },
  PostCreated: { postId: 'p1', authorId: 'model1', caption: 'x', publishAt: at, createdAt: at },
  PromotionCreated: { promotionId: 'pr1', ribbonText: 'x', createdAt: at },
  // The live feed: post news (ids only).
  PostVersionAdded: { postId: 'p1', versionId: 'p2', at },
  MediaProcessed: { mediaId: 'm1', originalKey: 'o', thumbnailKey: 't', blurKey: 'b', width: 1, height: 1 },
  PostDeleted: { postId: 'p1', deletedAt: at },
  PostEdited: { postId: 'p1', caption: 'secret words', visibility: 'locked', previewMediaId: null, editedAt: at },
  PostReviewed: { postId: 'p1', caption: 'secret words', media: [{ mediaId: 'x', kind: 'photo' }], previewMediaId: null, priceCents: 500, reviewedAt: at },
  PostUnliked: { postId: 'p1', userId: 'fanA', unlikedAt: at },
  PostCommentRemoved: { postId: 'p1', commentId: 'c1', removedBy: 'fanA', wasHidden: false, removedAt: at },
  PostCommentHidden: { postId: 'p1', commentId: 'c1', hiddenBy: 'admin1', hiddenAt: at },
  PostCommentUnhidden: { postId: 'p1', commentId: 'c1', unhiddenBy: 'admin1', unhiddenAt: at },
  // The creator's presence (domain/creator/presence.ts).
  CreatorPresenceRecorded: { online: true, at },
};

const fanA: Reader = { userId: 'fanA', role: 'user' };
const fanB: Reader = { userId: 'fanB', role: 'user' };
const proxyOfA: Reader = { userId: 'fanA', role: 'proxy_user' };
const open = { hideEarnings: false };

describe('the audience rule', () => {
  it('has a sample for every event type it maps', () => {
    expect(Object.keys(samples).sort()).toEqual([...FRAME_EVENT_TYPES].sort());
  });

  it.each(Object.keys(samples))('%s: another fan never receives a frame, except one meant for every fan that carries at most a post id, or the creator\'s presence', (type) => {
    const frames = framesFor({ type, data: samples[type] });
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) {
      if (f.audience.creatorPresence) expect(Object.keys(f.data).sort()).toEqual(['lastSeenAt', 'online']);
      else if (f.audience.allFans) {
        expect(Object.keys(f.data).every((k) => PUBLIC_FRAME_FIELDS.includes(k))).toBe(true);
        expect(JSON.stringify(f.data)).not.toContain('fanA');
      } else expect(mayReceive(f.audience, fanB, open)).toBe(false);
    }
  });

  it('post news reaches every fan with the post id only: removed, edited, counts; a new post is read from the posts the event showed', () => {
    const news = (type: string, over: Record<string, unknown> = {}) =>
      framesFor({ type, data: { ...samples[type], ...over } }).filter((f) => f.type.startsWith('POST_')).map((f) => [f.type, f.data, f.shownPosts ?? false]);
    // The event that may first show a post names none: the feed reads which posts it showed (nothing for a demo post).
    const shown = ['POST_PUBLISHED', {}, true];
    expect(news('PostCreated')).toEqual([shown]);
    expect(news('PostCreated', { reuseOf: 'p0' })).toEqual([shown]);
    expect(news('PostCreated', { isDemo: true })).toEqual([]);
    expect(news('PostVersionAdded')).toEqual([shown]);
    expect(news('MediaProcessed')).toEqual([shown]);
    expect(news('PostDeleted')).toEqual([['POST_REMOVED', { postId: 'p1' }, false]]);
    expect(news('PostEdited')).toEqual([['POST_UPDATED', { postId: 'p1' }, false], shown]);
    for (const t of ['PostLiked', 'PostUnliked', 'PostCommentAdded', 'PostCommentRemoved', 'PostCommentHidden']) expect(news(t)).toEqual([['POST_COUNTS', { postId: 'p1' }, false]]);
    // The like's staff bell still goes only to staff; the fan who liked is named in no fan's frame.
    const liked = framesFor({ type: 'PostLiked', data: samples.PostLiked });
    expect(liked.filter((f) => mayReceive(f.audience, fanB, open)).map((f) => f.type)).toEqual(['POST_COUNTS']);
  });

  it.each(Object.keys(samples))('%s: a frame\'s own data never carries message words or media (a message comes only through its reader\'s view)', (type) => {
    for (const f of framesFor({ type, data: samples[type] })) {
      expect(JSON.stringify(f.data)).not.toContain('secret words');
      expect(f.data).not.toHaveProperty('media');
      expect(f.data).not.toHaveProperty('text');
    }
  });

  it('a fan (and the proxy view of that fan) gets the frames about them that fans may see', () => {
    const types = (r: Reader) => Object.keys(samples).flatMap((t) => framesFor({ type: t, data: samples[t] }).filter((f) => mayReceive(f.audience, r, open)).map((f) => `${t}:${f.type}`));
    const mine = types(fanA);
    expect(mine).toContain('ChatMessageSent:MESSAGE_RECEIVE');
    expect(mine).toContain('WalletDebited:UPDATE_USER_AMOUNT');
    expect(mine).toContain('PayPerMessageCreditsGranted:PAY_PER_MESSAGE_STATUS');
    expect(mine).not.toContain('ChatMessageSent:UPDATE_USER_LAST_MESSAGE');
    expect(mine).not.toContain('PaymentCaptured:UPDATE_USER_AMOUNT');
    expect(types(proxyOfA)).toEqual(mine);
  });

  const staffGets = (role: Role, type: string, frame: string, hideEarnings = false) =>
    framesFor({ type, data: samples[type] }).some((f) => f.type === frame && mayReceive(f.audience, { userId: 's', role }, { hideEarnings }));

  it('every staff role sees chat frames', () => {
    for (const role of STAFF_ROLES) expect(staffGets(role, 'ChatMessageSent', 'UPDATE_USER_LAST_MESSAGE')).toBe(true);
  });

  it('wallet balances only to admin and sub_admin, as in the chat list', () => {
    const seeing = STAFF_ROLES.filter((r) => staffGets(r, 'WalletDebited', 'UPDATE_USER_AMOUNT'));
    expect(seeing.sort()).toEqual(['admin', 'sub_admin', 'super_admin']);
  });

  it('amounts spent only to the money roles, and not to the model while earnings are hidden', () => {
    expect(staffGets('support', 'PaymentCaptured', 'UPDATE_USER_AMOUNT')).toBe(true);
    expect(staffGets('live_stream_manager', 'PaymentCaptured', 'UPDATE_USER_AMOUNT')).toBe(false);
    // The content manager sees amounts spent unless hide_earnings is on.
    expect(staffGets('content_manager', 'PaymentCaptured', 'UPDATE_USER_AMOUNT')).toBe(true);
    expect(staffGets('content_manager', 'PaymentCaptured', 'UPDATE_USER_AMOUNT', true)).toBe(false);
    expect(staffGets('model', 'PaymentCaptured', 'UPDATE_USER_AMOUNT')).toBe(true);
    expect(staffGets('model', 'PaymentCaptured', 'UPDATE_USER_AMOUNT', true)).toBe(false);
  });

  it('a deleted message: from the subscriber, the fan drops it and staff keep it marked; from all, both drop it (with udid)', () => {
    const one = (scope: string) => framesFor({ type: 'ChatMessageDeleted', data: { ...samples.ChatMessageDeleted, scope } });
    const fanFrames = (scope: string) => one(scope).filter((f) => mayReceive(f.audience, fanA, open)).map((f) => f.type);
    const staffFrames = (scope: string) => one(scope).filter((f) => mayReceive(f.audience, { userId: 's', role: 'content_manager' }, open)).map((f) => f.type);
    expect(fanFrames('fan')).toEqual(['DELETE_MESSAGE']);
    expect(staffFrames('fan')).toEqual(['UPDATE_MESSAGE']);
    expect(fanFrames('all')).toEqual(['DELETE_MESSAGE_FROM_ALL']);
    expect(staffFrames('all')).toEqual(['DELETE_MESSAGE_FROM_ALL', 'UPDATE_USER_LAST_MESSAGE']);
    expect(one('all')[0].data).toMatchObject({ _id: 'm1', udid: 'u-1' });
    // Settings frames only for chat-related changes; row-menu changes reach staff only.
    const nameOnly = framesFor({ type: 'SiteSettingsUpdated', data: { changes: { model_name: 'x' } } });
    expect(nameOnly.map((f) => f.type)).toEqual(['SETTINGS_UPDATED']);
    expect(framesFor({ type: 'NicknameSet', data: samples.NicknameSet }).every((f) => !mayReceive(f.audience, fanA, open))).toBe(true);
  });

  it('a settings change: every fan (and no staff) hears an empty SETTINGS_UPDATED; chat settings also reach the chat staff', () => {
    const frames = framesFor({ type: 'SiteSettingsUpdated', data: { changes: { chat_settings: { disabled_normal_chat: true } } } });
    const fansGet = (r: Reader) => frames.filter((f) => mayReceive(f.audience, r, open)).map((f) => f.type);
    expect(fansGet(fanA)).toEqual(['SETTINGS_UPDATED']);
    expect(fansGet(fanB)).toEqual(['SETTINGS_UPDATED']);
    expect(fansGet(proxyOfA)).toEqual(['SETTINGS_UPDATED']);
    for (const role of STAFF_ROLES) expect(fansGet({ userId: 's', role })).toEqual(['CHAT_SETTINGS_UPDATED']);
    expect(frames.find((f) => f.type === 'SETTINGS_UPDATED')?.data).toEqual({});
    // The socket debug switch reaches every socket, fan or staff, with its value; other changes send no SOCKET_DEBUG.
    const debug = framesFor({ type: 'SiteSettingsUpdated', data: { changes: { enable_socket_debug: true } } }).filter((f) => f.type === 'SOCKET_DEBUG');
    expect(debug.map((f) => f.data)).toEqual([{ enabled: true }]);
    for (const r of [fanA, fanB, proxyOfA, ...STAFF_ROLES.map((role) => ({ userId: 's', role }))]) expect(mayReceive(debug[0].audience, r, open), r.role).toBe(true);
    expect(frames.some((f) => f.type === 'SOCKET_DEBUG')).toBe(false);
  });

  it('a media operation on a chat message: the fan and every chat staff role re-read that message (UPDATE_MESSAGE with its id)', () => {
    const frames = framesFor({ type: 'ChatMessageMediaChanged', data: samples.ChatMessageMediaChanged });
    expect(frames.map((f) => [f.type, f.data])).toEqual([['UPDATE_MESSAGE', { _id: 'm1', fanId: 'fanA', mediaChanged: true }]]);
    expect(mayReceive(frames[0].audience, fanA, open)).toBe(true);
    for (const role of STAFF_ROLES) expect(mayReceive(frames[0].audience, { userId: 's', role }, open)).toBe(true);
  });

  it('a new chat message, a chat tip and each mass copy carry their message whole: the fan gets the fan\'s view, staff staff\'s', () => {
    const whole = (type: string) => framesFor({ type, data: samples[type] }).filter((f) => f.wholeMessage).map((f) => [f.type, f.wholeMessage]);
    expect(whole('ChatMessageSent')).toEqual([['MESSAGE_RECEIVE', 'm1']]);
    expect(whole('TipSent')).toEqual([['MESSAGE_RECEIVE', 't1']]);
    expect(whole('MassMessageCopiesDelivered').every(([type]) => type === 'MESSAGE_RECEIVE')).toBe(true);
    // Nothing else reads a message for its readers.
    for (const type of Object.keys(samples).filter((t) => !['ChatMessageSent', 'TipSent', 'MassMessageCopiesDelivered'].includes(t))) expect(whole(type), type).toEqual([]);
    expect(messageSight(fanA)).toBe('fan');
    expect(messageSight({ role: 'proxy_user' })).toBe('fan');
    for (const role of STAFF_ROLES) expect(messageSight({ role })).toBe('staff');
    const view = { _id: 'm1', userId: 'fanA', message: 'hello' } as unknown as ChatMessageView;
    expect(messageReceiveData(view)).toEqual({ _id: 'm1', userId: 'fanA', message: 'hello', fanId: 'fanA' });
    // The apps read it back; the thin fallback (no message in it) is read over HTTP instead.
    const full = { _id: 'm1', udid: 'm1', userId: 'fanA', message: 'hello', isLocked: 'free', created: at, media: [] } as unknown as ChatMessageView;
    expect(receivedMessage(messageReceiveData(full))).toEqual(full);
    expect(receivedMessage(framesFor({ type: 'ChatMessageSent', data: samples.ChatMessageSent })[0].data)).toBeNull();
  });

  it("the creator's presence reaches every fan, a proxy view and every staff role; hidden, no fan and no proxy view", () => {
    const frames = framesFor({ type: 'CreatorPresenceRecorded', data: { online: false, at } });
    expect(frames.map((f) => [f.type, f.data])).toEqual([['CREATOR_PRESENCE', { online: false, lastSeenAt: at }]]);
    const hidden = { hideEarnings: false, hideCreatorPresence: true };
    for (const r of [fanA, fanB, proxyOfA]) {
      expect(mayReceive(frames[0].audience, r, open), r.userId).toBe(true);
      expect(mayReceive(frames[0].audience, r, hidden), r.userId).toBe(false);
    }
    for (const role of STAFF_ROLES) expect(mayReceive(frames[0].audience, { userId: 's', role }, hidden)).toBe(true);
    // Hiding the presence hides nothing else: other frames for every fan still arrive.
    const settings = framesFor({ type: 'SiteSettingsUpdated', data: { changes: { model_name: 'x' } } });
    expect(mayReceive(settings[0].audience, fanB, hidden)).toBe(true);
    expect(mayReceive(framesFor({ type: 'ChatMessageSent', data: samples.ChatMessageSent })[0].audience, fanA, hidden)).toBe(true);
  });

  it("a fan's presence never reaches a fan: a fan's last-seen makes no frame (staff hear it from the hub)", () => {
    expect(framesFor({ type: 'FanLastSeen', data: { userId: 'fanA', seenAt: at } })).toEqual([]);
    // The only frame with a presence in it that a fan may receive is the creator's.
    const toFans = Object.keys(samples).flatMap((t) => framesFor({ type: t, data: samples[t] })).filter((f) => mayReceive(f.audience, fanB, open));
    expect(toFans.filter((f) => 'online' in f.data || 'lastSeenAt' in f.data).map((f) => f.type)).toEqual(['CREATOR_PRESENCE']);
  });

  it("the shop's frames reach only the fan they concern (and a proxy view of them): the cart count and their orders, ids only", () => {
    const to = (type: string, r: Reader) => framesFor({ type, data: samples[type] }).filter((f) => mayReceive(f.audience, r, open)).map((f) => [f.type, f.data]);
    expect(to('ShopCartLineAdded', fanA)).toEqual([['SHOP_CART_UPDATED', { userId: 'fanA' }]]);
    expect(to('ShopCartCheckedOut', proxyOfA)).toEqual([['SHOP_CART_UPDATED', { userId: 'fanA' }]]);
    expect(to('ShopOrderShipped', fanA)).toEqual([['SHOP_ORDER_UPDATED', { orderId: 'o1', userId: 'fanA' }]]);
    expect(to('ChatBookingStarted', fanA)).toEqual([['CHAT_BOOKING_UPDATED', { bookingId: 'b1', userId: 'fanA', event: 'ChatBookingStarted', start: at, end: at }]]);
    expect(to('ChatUserAllowed', fanA)).toEqual([['CHAT_ACCESS_UPDATED', { userId: 'fanA', allowed: true }]]);
    expect(to('ShopCartLineAdded', fanB)).toEqual([]);
    expect(to('ShopOrderCancelled', fanB)).toEqual([]);
    expect(framesFor({ type: 'ShopProductPublished', data: { productId: 'sp1', publishedAt: at } })).toEqual([]);
  });

  it('a tip shows in the chat only when it was sent from the chat', () => {
    expect(framesFor({ type: 'TipSent', data: { ...samples.TipSent, tipFrom: 'tips_page' } })).toEqual([]);
    expect(framesFor({ type: 'TipSent', data: { tipId: 't0', userId: 'fanA', amountCents: 500, sentAt: at } })).toEqual([]);
    expect(framesFor({ type: 'TipSent', data: samples.TipSent }).map((f) => f.type)).toEqual(['MESSAGE_RECEIVE', 'UPDATE_USER_LAST_MESSAGE']);
  });

  it('a failed paid send names the fan\'s own uniqueId, so the page marks the right bubble', () => {
    expect(framesFor({ type: 'ChatMessageSendFailed', data: samples.ChatMessageSendFailed })[0].data).toMatchObject({ uniqueId: 'u-1', success: false });
  });

  it('events without a rule make no frames; a frame whose fan is missing is dropped', () => {
    expect(framesFor({ type: 'UserRegistered', data: { userId: 'fanA' } })).toEqual([]);
    expect(framesFor({ type: 'constructor', data: {} })).toEqual([]);
    expect(framesFor({ type: 'ChatMessageSendFailed', data: { messageId: 'm1' } })).toEqual([]);
  });
  it('a mass message batch: each fan gets its copy, staff one MASS_MESSAGE_UPDATED and one chat-list refresh per batch (not per fan)', () => {
    const copies = ['fanA', 'fanB', 'fanC'].map((fanId, i) => ({ fanId, messageId: `c${i}`, massMessageType: null }));
    const frames = framesFor({ type: 'MassMessageCopiesDelivered', data: { ...samples.MassMessageCopiesDelivered, copies, deliveredTotal: 3, recipients: 3 } });
    expect(frames.map((f) => f.type)).toEqual(['MESSAGE_RECEIVE', 'MESSAGE_RECEIVE', 'MESSAGE_RECEIVE', 'MASS_MESSAGE_UPDATED', 'UPDATE_USER_LAST_MESSAGE']);
    const list = frames[4];
    expect(list.data).toEqual({ massMessageId: 'mm1', batch: true, copies: 3, created: at });
    for (const role of STAFF_ROLES) expect(mayReceive(list.audience, { userId: 's', role }, open)).toBe(true);
    expect(mayReceive(list.audience, fanA, open)).toBe(false);
    // Later subscribers' copies refresh the list too, without the progress frame.
    const later = framesFor({ type: 'MassMessageCopiesDelivered', data: { ...samples.MassMessageCopiesDelivered, future: true } });
    expect(later.map((f) => f.type)).toEqual(['MESSAGE_RECEIVE', 'UPDATE_USER_LAST_MESSAGE']);
  });

  describe('live streaming frames (issue 15)', () => {
    const frames = (type: string, over: Record<string, unknown> = {}) => framesFor({ type, data: { ...samples[type], ...over } });
    const gets = (type: string, r: Reader, over: Record<string, unknown> = {}) => frames(type, over).filter((f) => mayReceive(f.audience, r, open));
    const model: Reader = { userId: 'model1', role: 'model' };
    it('a group start or stop: an empty frame to every fan, the session to staff; LIVE_STARTED with the token only to the publisher', () => {
      expect(gets('LiveSessionStarted', fanB, { isGroup: true, fanId: null }).map((f) => [f.type, f.data])).toEqual([['GROUP_LIVE_STARTED', {}]]);
      expect(gets('LiveSessionStarted', { userId: 'lsm', role: 'live_stream_manager' }, { isGroup: true, fanId: null }).map((f) => f.type)).toEqual(['GROUP_LIVE_STARTED']);
      expect(gets('LiveSessionStarted', model, { isGroup: true }).find((f) => f.type === 'LIVE_STARTED')?.data).toMatchObject({ streamToken: 'pub-token', tabToken: '0123456789ab' });
      expect(gets('LiveSessionStarted', { userId: 'admin1', role: 'admin' }).some((f) => f.type === 'LIVE_STARTED')).toBe(false);
      expect(gets('LiveSessionStopped', fanB, { isGroup: true }).map((f) => [f.type, f.data])).toEqual([['GROUP_LIVE_STOPPED', {}]]);
      expect(gets('LiveSessionStopped', model).map((f) => f.type)).toEqual(['STOP_LIVE', 'STOP_CAMERA_AUDIO']);
      expect(gets('LiveSessionStarted', fanA).map((f) => f.type)).toEqual(['GO_LIVE']);
    });
    it('a comment (its words) reaches the session\'s viewers and staff only', () => {
      expect(gets('LiveCommentPosted', fanA)[0].data).toMatchObject({ message: 'hello live', sender_id: 'fanA' });
      expect(gets('LiveCommentPosted', fanB)).toEqual([]);
      for (const role of STAFF_ROLES) expect(gets('LiveCommentPosted', { userId: 's', role }).length).toBe(1);
    });
    it('an anonymous tip: named to admins and the tipper, hidden from other viewers and other staff; the total to the publisher\'s side', () => {
      const viewers = { viewerIds: ['fanA', 'fanB'] };
      const seen = (r: Reader) => gets('LiveTipReceived', r, viewers).filter((f) => f.type === 'GROUP_MESSAGE').map((f) => f.data.sender_id);
      expect(seen(fanA)).toEqual(['fanA']);
      expect(seen(fanB)).toEqual([null]);
      for (const role of ['admin', 'super_admin', 'sub_admin'] as Role[]) expect(seen({ userId: 's', role })).toEqual(['fanA']);
      for (const role of ['model', 'live_stream_manager', 'content_manager', 'support'] as Role[]) expect(seen({ userId: 's', role })).toEqual([null]);
      const total = (r: Reader) => gets('LiveTipReceived', r, viewers).some((f) => f.type === 'SET_TIP_AMOUNT');
      expect(STAFF_ROLES.filter((role) => total({ userId: 's', role })).sort()).toEqual(['admin', 'live_stream_manager', 'model', 'sub_admin', 'super_admin']);
      expect(total(fanA)).toBe(false);
      expect(seen({ userId: 'fanC', role: 'user' })).toEqual([]);
    });
    it('a viewer put out hears STOP_LIVE; leaving on their own does not', () => {
      expect(gets('LiveViewerLeft', fanA).map((f) => f.type)).toEqual(['USER_LEFT_STREAM', 'SET_VIEWER', 'STOP_LIVE']);
      expect(gets('LiveViewerLeft', fanA, { reason: 'left' }).map((f) => f.type)).toEqual(['USER_LEFT_STREAM', 'SET_VIEWER']);
      // A lost tab leaves quietly: the fan's other screens are not closed.
      expect(gets('LiveViewerLeft', fanA, { reason: 'disconnected' }).map((f) => f.type)).toEqual(['USER_LEFT_STREAM', 'SET_VIEWER']);
      expect(gets('LiveBillingStopped', fanA).map((f) => [f.type, f.data.running])).toEqual([['LIVE_CALL_TIME', false]]);
      expect(gets('LiveBillingStarted', fanB)).toEqual([]);
    });
  });
});
