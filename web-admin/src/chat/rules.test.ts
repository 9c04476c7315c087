import { describe, expect, it } from 'vitest';
import {
  chooseSort,
  chooseStatus,
  concernsFan,
  deductionBreakdown,
  initials,
  listChoices,
  lockChip,
  mediaProblem,
  mediaTypeOf,
  mergeMessages,
  nearEnd,
  paidLabel,
  showsStatusFilter,
  sortOptions,
  textProblem,
  unreadLabel,
} from './rules';

describe('console chat rules', () => {
  it('sort options follow the role (spec 3 §6)', () => {
    expect(sortOptions('admin')).toHaveLength(5);
    expect(sortOptions('sub_admin')).toContain('expiration_date');
    expect(sortOptions('content_manager')).toEqual(['latest_message', 'users_last_message', 'unread_messages']);
    expect(sortOptions('live_stream_manager')).toEqual(['latest_message', 'users_last_message', 'unread_messages']);
    expect(sortOptions('model')).toHaveLength(5);
    expect(sortOptions('model', { hide_earnings: true })).toHaveLength(3);
    expect(showsStatusFilter('admin')).toBe(true);
    expect(showsStatusFilter('sub_admin')).toBe(true);
    expect(showsStatusFilter('model')).toBe(false);
    expect(showsStatusFilter('content_manager')).toBe(false);
  });

  it('sorting by expiration forces the subscriber filter to Active-Cancelled (spec 3 §4; code 2 here)', () => {
    expect(chooseSort({ sort: 'latest_message', status: '' }, 'expiration_date')).toEqual({ sort: 'expiration_date', status: '2' });
    expect(chooseSort({ sort: 'expiration_date', status: '2' }, 'amount_spent')).toEqual({ sort: 'amount_spent', status: '2' });
    expect(chooseStatus({ sort: 'expiration_date', status: '2' }, '1')).toEqual({ sort: 'expiration_date', status: '2' });
    expect(chooseStatus({ sort: 'latest_message', status: '' }, '2')).toEqual({ sort: 'latest_message', status: '2' });
  });

  it('badges, initials and the list scroll threshold', () => {
    expect(unreadLabel(0)).toBe('');
    expect(unreadLabel(7)).toBe('7');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('cher')).toBe('CH');
    expect(initials('  ')).toBe('?');
    expect(nearEnd({ scrollTop: 900, clientHeight: 10, scrollHeight: 1000 })).toBe(false);
    expect(nearEnd({ scrollTop: 970, clientHeight: 10, scrollHeight: 980 })).toBe(true);
  });

  it('the red total: voids + refunds + chargebacks + $25 each; the server figure wins', () => {
    const d = deductionBreakdown({ totalVoidAmount: 0, totalRefundAmount: 9, totalChargeBackAmount: 12, totalChargeBackCount: 1, totalDeductionAmount: 46, totalDeductionCents: 4600 });
    expect(d).toEqual({ voidCents: 0, refundCents: 900, chargebackCents: 1200, chargebackCount: 1, penaltyCents: 2500, totalCents: 4600 });
  });

  it('lock chips, paid label and media type', () => {
    expect(lockChip({ type: 'text', isLocked: 'free', amount: 0, amount_cents: 0 })).toBeNull();
    expect(lockChip({ type: 'photo', isLocked: 'free', amount: 0, amount_cents: 0 })).toEqual({ label: 'Free', state: 'free' });
    expect(lockChip({ type: 'photo', isLocked: 'locked', amount: 9, amount_cents: 900 })).toEqual({ label: 'Locked $9.00', state: 'locked' });
    expect(lockChip({ type: 'gallery', isLocked: 'unlocked', amount: 9, amount_cents: 900 })?.label).toBe('Unlocked $9.00');
    // A message limited to a tier names it (a tier since removed has no name).
    expect(lockChip({ type: 'photo', isLocked: 'locked', amount: 9, amount_cents: 900, required_tier: { tier_id: 't1', name: 'VIP' } })?.label).toBe('Locked $9.00 · VIP and above');
    expect(lockChip({ type: 'photo', isLocked: 'unlocked', amount: 9, amount_cents: 900, required_tier: { tier_id: 't1', name: '' } })?.label).toBe('Unlocked $9.00 · a removed tier and above');
    expect(paidLabel({ type: 'text', is_pay_per_message: true, paid_cents: 500 })).toBe('Paid $5.00');
    expect(paidLabel({ type: 'text', is_pay_per_message: false, paid_cents: 0 })).toBeNull();
    expect(mediaTypeOf(['photo'])).toBe('photo');
    expect(mediaTypeOf(['video'])).toBe('video');
    expect(mediaTypeOf(['photo', 'video'])).toBe('gallery');
  });

  it('validation texts (spec 3 §5)', () => {
    expect(textProblem('   ')).toBe("Message can't be empty");
    expect(textProblem('hi')).toBeUndefined();
    expect(mediaProblem(0)).toBe('Please add media');
    expect(mediaProblem(46)).toBe('You have selected 46 images, maximum 45 images allowed.');
    expect(mediaProblem(45)).toBeUndefined();
  });

  it('merges pages oldest first and replaces a pending copy by its uniqueId', () => {
    const a = { _id: 'a', uniqueId: null, created: '2024-01-01T00:00:01Z' };
    const b = { _id: 'b', uniqueId: null, created: '2024-01-01T00:00:02Z' };
    const pending = { _id: 'pending-u1', uniqueId: 'u1', created: '2024-01-01T00:00:05Z' };
    const sent = { _id: 'c', uniqueId: 'u1', created: '2024-01-01T00:00:03Z' };
    expect(mergeMessages([b, pending], [a, sent]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });
});

describe("the chat list's other lists", () => {
  const values = (role: string, offers: { liveChats: boolean; allowedToChat: boolean }, current: '' | 'allowed' | 'live' | 'blocked' = '') =>
    listChoices(role, offers, current).map((c) => c.value);
  const none = { liveChats: false, allowedToChat: false };

  it('"Live chats" only while a booked chat is on, "Allowed to chat" only while normal chat is off or someone is allowed', () => {
    expect(values('admin', none)).toEqual(['', 'blocked', 'muted']);
    expect(values('admin', { liveChats: true, allowedToChat: false })).toEqual(['', 'live', 'blocked', 'muted']);
    expect(values('admin', { liveChats: false, allowedToChat: true })).toEqual(['', 'allowed', 'blocked', 'muted']);
    expect(values('model', none)).toEqual(['']);
    expect(values('model', { liveChats: true, allowedToChat: true })).toEqual(['', 'allowed', 'live']);
    expect(values('support', { liveChats: true, allowedToChat: false })).toEqual(['', 'live']);
  });

  it('the list on screen stays offered when its reason goes; a role never gets a list it may not open', () => {
    expect(values('model', none, 'live')).toEqual(['', 'live']);
    expect(values('admin', none, 'allowed')).toEqual(['', 'allowed', 'blocked', 'muted']);
    expect(values('model', none, 'blocked')).toEqual(['']);
  });
});

describe('live frames in the open conversation (issue 13)', () => {
  it('a frame is about the open conversation when it names that fan', () => {
    expect(concernsFan({ fanId: 'f1' }, 'f1')).toBe(true);
    expect(concernsFan({ fanId: 'f2' }, 'f1')).toBe(false);
    expect(concernsFan({ userId: 'f1', readByUserAt: 'x' }, 'f1')).toBe(true);
    expect(concernsFan({ userId: 'f1', spentChanged: true }, 'f1')).toBe(true);
    // A message frame names the fan in fanId; its userId (if any) is not the conversation.
    expect(concernsFan({ fanId: 'f2', userId: 'f1' }, 'f1')).toBe(false);
    expect(concernsFan({ fanId: 'f1' }, null)).toBe(false);
  });
});
