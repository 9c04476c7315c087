import { describe, expect, it } from 'vitest';
import type { PostMediaView } from '../post/wire';
import {
  CHAT_LIST_PAGE_SIZE, chatLastSeen, chatListEntry, chatListStatus, chatMessageMediaIds, chatMessagePage, chatMessageShownTo, chatMessageView, chatMessageViews,
  chatSortOf, chatUserDetails, chatUserListPage, massCopyPromotionPrice, payPerMessageStatus, withReadReceipt,
  type ChatConversationSight, type ChatListFacts, type ChatMessageFacts, type ChatPageFacts,
} from './views';

const row: ChatListFacts = {
  id: 'fan', name: 'Ann', nickname: null, complimentary: true, status: '2', expires_at: null, last_message: 'hi', last_message_at: null,
  staff_unread: 3, mass_messages_muted: false, wallet_cents: 1250, spent_cents: 4000,
};

describe('chat views', () => {
  it('a read receipt marks the other side\'s messages written up to it as read, and leaves the array alone when nothing changes', () => {
    const m = (id: string, fromAdmin: boolean, created: string, isRead = false) => ({ id, fromAdmin, created, isRead });
    const shown = [m('s1', true, '2026-01-01T10:00:00Z'), m('f1', false, '2026-01-01T10:01:00Z'), m('s2', true, '2026-01-01T10:05:00Z')];
    // The fan read at 10:02: the staff message before it is read, the later one and the fan's own are not.
    expect(withReadReceipt(shown, 'user', '2026-01-01T10:02:00Z').map((x) => [x.id, x.isRead])).toEqual([['s1', true], ['f1', false], ['s2', false]]);
    // Staff read: the fan's messages.
    expect(withReadReceipt(shown, 'staff', '2026-01-01T10:02:00Z').map((x) => [x.id, x.isRead])).toEqual([['s1', false], ['f1', true], ['s2', false]]);
    expect(withReadReceipt(shown, 'staff', '2026-01-01T09:00:00Z')).toBe(shown);
  });

  it('reads the sort names and their aliases, never an inherited member', () => {
    expect(chatSortOf('latest')).toBe('latest_message');
    expect(chatSortOf('unread')).toBe('unread_messages');
    expect(chatSortOf('toString')).toBeUndefined();
  });

  it('lists the cancelled-but-paid fans when sorting by expiry', () => {
    expect(chatListStatus('expiration_date', '1')).toBe('2');
    expect(chatListStatus('latest_message', '1')).toBe('1');
    expect(chatListStatus('latest_message', 'all')).toBeNull();
  });

  it('shows wallets and spending by role', () => {
    const admin = chatListEntry(row, 'admin');
    expect([admin.wallet_amount, admin.total_amount_spent_cents, admin.has_complimentary_subscription]).toEqual([12.5, 4000, true]);
    const manager = chatListEntry(row, 'live_stream_manager');
    expect([manager.wallet_amount, manager.total_amount_spent, manager.has_complimentary_subscription]).toEqual([null, null, false]);
  });

  it('adds a chargeback penalty to the deductions in the header', () => {
    const d = chatUserDetails(
      { id: 'fan', name: 'Ann', nickname: 'a', spentCents: 0, walletCents: 0, lastSeen: null, credits: 2, status: '1', reversals: { voidCents: 100, refundCents: 0, chargebackCents: 500, chargebackCount: 1 } },
      'admin',
    );
    expect(d.totalDeductionCents).toBe(100 + 500 + 2500);
    expect(d.payPerMessageCredit).toBe(2);
  });

  it('gives the price in dollars and cents', () => {
    expect(payPerMessageStatus({ is_pay_per_message_enabled: true, pay_per_message_amount: 3 }, 0, true)).toEqual({
      isPayPerMessageEnabled: true, payPerMessageAmount: 3, payPerMessageAmountCents: 300, payPerMessageCredit: 0, canChat: true,
    });
  });
});

/** A staff photo message priced $10, not bought; its one photo is ready, its preview p1. */
const message = (over: Partial<ChatMessageFacts> = {}): ChatMessageFacts => ({
  id: 'm1', unique_id: 'u1', fan_id: 'fan', sender_id: 'model', from_staff: true, type: 'photo', text: 'for you', tip_message: null,
  media: [{ mediaId: 'a', kind: 'photo' }], preview_media_id: 'p1', price_cents: 1000, unlocked: false, is_pay_per_message: false,
  paid_cents: 0, is_anonymous: false, created_at: '2026-01-02T00:00:00.000Z', is_mass_message: false, mass_message_type: null, deleted: null, ...over,
});

type Item = { id: string; status: string };
/** Stands in for the signer: an original's link shows only when open, so the tests see what was opened. */
const signed = (m: Item, open: boolean): PostMediaView =>
  ({ _id: m.id, content_type: 'photo', url: open ? `signed/${m.id}` : null, thumbnail_url: null, blur_url: `/media/${m.id}-blur`, width: 0, height: 0, video_duration: null });

const sight = (over: Partial<ChatConversationSight<Item>> = {}): ChatConversationSight<Item> => ({
  forStaff: false,
  conversation: { fan_read_at: '2026-01-03T00:00:00.000Z', staff_read_at: null },
  settings: { model_name: 'Model', model_avatar_url: 'avatar.png' },
  fanName: 'Ann',
  massCopyDiscountPercent: null,
  media: new Map([['a', { id: 'a', status: 'ready' }], ['p1', { id: 'p1', status: 'ready' }], ['v', { id: 'v', status: 'processing' }]]),
  mediaView: signed,
  ...over,
});

describe('chat message views', () => {
  it('gives a fan a locked message blurred, with its preview open', () => {
    const v = chatMessageView(message(), sight())!;
    expect([v.isLocked, v.amount, v.amount_cents]).toEqual(['locked', 10, 1000]);
    expect(v.media.map((m) => m.url)).toEqual([null]);
    expect(v.media_preview?.url).toBe('signed/p1');
    expect([v.name, v.messageFrom, v.image, v.fromAdmin, v.userId]).toEqual(['Model', 'admin', 'avatar.png', true, 'fan']);
    expect(v.contentCount).toEqual({ photo: 1, video: 0 });
    expect('deletedForUser' in v).toBe(false);
  });

  it('opens the originals once the fan bought the message, when it is free, and always for staff', () => {
    const bought = chatMessageView(message({ unlocked: true }), sight())!;
    expect([bought.isLocked, bought.media[0].url]).toEqual(['unlocked', 'signed/a']);
    const free = chatMessageView(message({ price_cents: 0 }), sight())!;
    expect([free.isLocked, free.media[0].url]).toEqual(['free', 'signed/a']);
    const staff = chatMessageView(message(), sight({ forStaff: true }))!;
    expect([staff.isLocked, staff.media[0].url]).toEqual(['locked', 'signed/a']);
  });

  it('a message limited to a tier: a fan below it is offered the upgrade, at or above it the unlock; staff see the tier', () => {
    const tiers = new Map([['vip', { tierId: 'vip', name: 'VIP', rank: 10 }], ['gold', { tierId: 'gold', name: 'Gold', rank: 20 }]]);
    const vip = message({ min_tier_id: 'vip' });
    const below = chatMessageView(vip, sight({ tiers, fanTierRank: 0 }))!;
    expect([below.isLocked, below.cta, below.required_tier, below.media[0].url]).toEqual(['locked', 'upgrade', { tier_id: 'vip', name: 'VIP' }, null]);
    expect(chatMessageView(vip, sight({ tiers, fanTierRank: 10 }))!.cta).toBe('unlock');
    expect(chatMessageView(vip, sight({ tiers, fanTierRank: 20 }))!.cta).toBe('unlock');
    // Bought (or opened by staff) before: open, whatever the tier now.
    expect(chatMessageView({ ...vip, unlocked: true }, sight({ tiers, fanTierRank: 0 }))).toMatchObject({ isLocked: 'unlocked', cta: null });
    expect(chatMessageView(vip, sight({ tiers, forStaff: true }))).toMatchObject({ cta: null, required_tier: { tier_id: 'vip', name: 'VIP' } });
    // A tier the read model no longer knows: nobody but staff gets past it.
    expect(chatMessageView(message({ min_tier_id: 'gone' }), sight({ tiers, fanTierRank: 20 }))).toMatchObject({ cta: 'upgrade', required_tier: { tier_id: 'gone', name: '' } });
    expect(chatMessageView(message(), sight())).toMatchObject({ cta: 'unlock', required_tier: null });
    expect(chatMessageView(message({ price_cents: 0 }), sight())!.cta).toBeNull();
  });

  it('hides staff media still rendering from the fan, but shows the fan their own upload marked processing', () => {
    const rendering = message({ media: [{ mediaId: 'v', kind: 'video' }], preview_media_id: null });
    expect(chatMessageView(rendering, sight())).toBeUndefined();
    expect(chatMessageView(rendering, sight({ forStaff: true }))?.processing).toBe(true);
    const own = chatMessageView({ ...rendering, from_staff: false, sender_id: 'fan', price_cents: 0 }, sight())!;
    expect([own.processing, own.name, own.messageFrom, own.image, own.contentCount.video]).toEqual([true, 'Ann', 'user', null, 1]);
  });

  it('leaves out messages deleted from the subscriber for the fan and marks them for staff; from all, for everyone', () => {
    expect(chatMessageView(message({ deleted: 'fan' }), sight())).toBeUndefined();
    expect(chatMessageView(message({ deleted: 'fan' }), sight({ forStaff: true }))?.deletedForUser).toBe(true);
    expect(chatMessageView(message({ deleted: 'all' }), sight({ forStaff: true }))).toBeUndefined();
    expect([null, 'none', 'fan', 'all'].map((deleted) => [chatMessageShownTo({ deleted }, false), chatMessageShownTo({ deleted }, true)]))
      .toEqual([[true, true], [true, true], [false, true], [false, false]]);
  });

  it('counts a message read once the other side opened the conversation after it', () => {
    expect(chatMessageView(message(), sight())!.isRead).toBe(true);
    expect(chatMessageView(message({ created_at: '2026-01-04T00:00:00.000Z' }), sight())!.isRead).toBe(false);
    expect(chatMessageView(message({ from_staff: false }), sight())!.isRead).toBe(false); // staff never read
    expect(chatMessageView(message(), sight({ conversation: undefined }))!.isRead).toBe(false);
  });

  it('shows a tip at what the fan gave', () => {
    const tip = chatMessageView(message({ type: 'tips', from_staff: false, price_cents: 0, paid_cents: 250, tip_message: 'thanks', media: [], preview_media_id: null }), sight())!;
    expect([tip.amount, tip.amount_cents, tip.tipMessage, tip.media, tip.media_preview]).toEqual([2.5, 250, 'thanks', [], null]);
  });

  it('discounts only a locked mass-message copy while a promotion covers it', () => {
    const copy = message({ is_mass_message: true, mass_message_type: 'DELAYED', price_cents: 999 });
    expect(massCopyPromotionPrice(copy, 25)).toBe(8); // ceil($9.99 x 75 / 100) on whole dollars
    expect(massCopyPromotionPrice(copy, null)).toBeNull();
    expect(massCopyPromotionPrice({ ...copy, unlocked: true }, 25)).toBeNull();
    expect(massCopyPromotionPrice({ ...copy, is_mass_message: false }, 25)).toBeNull();
    const v = chatMessageView(copy, sight({ massCopyDiscountPercent: 25 }))!;
    expect([v.promotion_price, v.isMassMessage, v.massMessageType]).toEqual([8, true, 'DELAYED']);
  });

  it('reads each item once and keeps the page in order, leaving out what the viewer does not see', () => {
    const page = [message(), message({ id: 'm2', media: [{ mediaId: 'a', kind: 'photo' }, { mediaId: 'b', kind: 'photo' }], preview_media_id: 'p1' }), message({ id: 'm3', deleted: 'all' })];
    expect(chatMessageMediaIds(page)).toEqual(['a', 'p1', 'b']);
    expect(chatMessageViews(page, sight()).map((v) => v._id)).toEqual(['m1', 'm2']);
  });
});

describe('chat page and lists', () => {
  const facts = (over: Partial<ChatPageFacts> = {}): ChatPageFacts => ({
    forStaff: false,
    conversation: { message_count: 61, fan_deleted: 1, credits: 2 },
    settings: { is_pay_per_message_enabled: true, pay_per_message_amount: 3, chat_settings: { disabled_normal_chat: false } } as ChatPageFacts['settings'],
    promotion: null,
    hiddenFromChat: false,
    ...over,
  });

  it('counts pages without the messages deleted from the fan, at least one', () => {
    expect([chatMessagePage([], 1, facts()).total_pages, chatMessagePage([], 1, facts()).has_more]).toEqual([2, true]);
    expect(chatMessagePage([], 3, facts({ forStaff: true })).total_pages).toBe(3);
    expect(chatMessagePage([], 1, facts({ conversation: undefined })).total_pages).toBe(1);
  });

  it('names the running promotion and lets the fan write unless normal chat is off; staff do not pay per message', () => {
    const p = chatMessagePage([], 1, facts({ promotion: { promotionId: 'pr', discountPercent: 20, ribbonText: '20% off' } }));
    expect(p.promotionDetails).toEqual({ _id: 'pr', promotionId: 'pr', discount_percentage: 20, promotionPercentage: 20, ribbon_text: '20% off' });
    expect([p.pay_per_message.canChat, p.pay_per_message.payPerMessageCredit]).toEqual([true, 2]);
    expect(chatMessagePage([], 1, facts({ settings: { ...facts().settings, chat_settings: { ...facts().settings.chat_settings, disabled_normal_chat: true } } })).pay_per_message.canChat).toBe(false);
    expect(chatMessagePage([], 1, facts({ forStaff: true })).pay_per_message.canChat).toBe(false);
  });

  it('pages the staff list and takes the later of last visit and last message as last seen', () => {
    const page = chatUserListPage([row], CHAT_LIST_PAGE_SIZE + 1, 1, 'admin');
    expect([page.users.length, page.has_more, chatUserListPage([row], CHAT_LIST_PAGE_SIZE, 1, 'admin').has_more]).toEqual([1, true, false]);
    expect(chatLastSeen('2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('2026-01-02T00:00:00.000Z');
    expect(chatLastSeen(null, '2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(chatLastSeen(null, null)).toBeNull();
  });
});
