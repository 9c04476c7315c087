import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { capCount, notificationReaderOf, entryForLike, entryForLiveStart, entryForPost, kindsFor, notificationReadsDecider, purchaseNotificationSettingsDecider, PURCHASE_NOTIFICATION_DEFAULTS, describe as sentence } from './notification';
import { framesFor, mayReceive } from '../realtime/audience';
import { checkHelpItem, helpReadsDecider, helpItemDecider, normaliseTags, pageCount } from '../help/help';

describe('notification centre rules', () => {
  it('badges cap at 99+', () => {
    expect([0, 1, 99, 100, 5000].map(capCount)).toEqual(['0', '1', '99', '99+', '99+']);
  });
  it('staff have the five types in the spec order, fans only "notification"', () => {
    expect(['user', 'proxy_user', 'model', 'content_manager', 'admin', 'support', 'live_stream_manager'].map(notificationReaderOf)).toEqual(['fan', 'fan', 'staff', 'staff', 'staff', null, null]);
    expect(kindsFor(true)).toEqual(['purchased', 'subscription', 'comments', 'likes', 'notification']);
    expect(kindsFor(false)).toEqual(['notification']);
  });
  it('entries: a like is one per fan and post; demo and reused posts are not news; a one-to-one live goes to its fan only', () => {
    expect(entryForLike({ postId: 'p', userId: 'u', likedAt: 'a' }).id).toBe(entryForLike({ postId: 'p', userId: 'u', likedAt: 'b' }).id);
    expect(entryForPost({ postId: 'p', authorId: 'a', caption: 'x', publishAt: 't', isDemo: true })).toBeNull();
    expect(entryForPost({ postId: 'p', authorId: 'a', caption: 'x', publishAt: 't', reuseOf: 'q' })).toBeNull();
    expect(entryForPost({ postId: 'p', authorId: 'a', caption: '  hi  there ', publishAt: 't' })).toMatchObject({ audience: { kind: 'fans' }, text: 'hi there', at: 't' });
    expect(entryForLiveStart({ sessionId: 's', isGroup: false, fanId: 'f', publisherName: 'Ann', startedAt: 't' })!.audience).toEqual({ kind: 'user', userId: 'f' });
    expect(entryForLiveStart({ sessionId: 's', isGroup: true, fanId: null, publisherName: 'Ann', startedAt: 't' })!.audience).toEqual({ kind: 'fans' });
    expect(sentence({ action: 'unlock', actorName: 'Mo', text: '', amountCents: 1250 })).toBe('Mo unlocked your post for $12.50');
  });
  it('read marks: a fan may not mark a staff type; the same mark again or an entry opened twice records nothing', () => {
    const d = notificationReadsDecider;
    expect(() => d.decide({ type: 'ReadKind', userId: 'u', kind: 'purchased', staff: false, upTo: 't', at: 't' }, d.initialState())).toThrow('not available');
    const e = d.decide({ type: 'ReadKind', userId: 'u', kind: 'notification', staff: false, upTo: '2026-01-02', at: 'x' }, d.initialState());
    const s = fold(d, e);
    expect(d.decide({ type: 'ReadKind', userId: 'u', kind: 'notification', staff: false, upTo: '2026-01-01', at: 'x' }, s)).toEqual([]);
    const o = fold(d, [...e, ...d.decide({ type: 'Open', userId: 'u', entryId: 'post-1', at: 'x' }, s)]);
    expect(d.decide({ type: 'Open', userId: 'u', entryId: 'post-1', at: 'x' }, o)).toEqual([]);
    expect(purchaseNotificationSettingsDecider.decide({ type: 'Save', settings: PURCHASE_NOTIFICATION_DEFAULTS, by: 'a', at: 't' }, purchaseNotificationSettingsDecider.initialState())).toEqual([]);
  });
  it('frames: a purchase rings the content roles, not support or fans; a new post rings every fan with an empty frame', () => {
    const [f] = framesFor({ type: 'PostUnlocked', data: { postId: 'p', userId: 'u', paymentId: 'x', amountCents: 500, unlockedAt: 't' } });
    expect(f).toMatchObject({ type: 'NOTIFICATION_RECEIVED', data: { type: 'purchased' } });
    const s = { hideEarnings: false };
    expect(mayReceive(f.audience, { userId: 'a', role: 'model' }, s)).toBe(true);
    expect(mayReceive(f.audience, { userId: 'a', role: 'support' }, s)).toBe(false);
    expect(mayReceive(f.audience, { userId: 'u', role: 'user' }, s)).toBe(false);
    const [p] = framesFor({ type: 'PostCreated', data: { postId: 'p', isDemo: false } });
    expect(p.data).toEqual({});
    expect(mayReceive(p.audience, { userId: 'u', role: 'user' }, s)).toBe(true);
    expect(framesFor({ type: 'PostCreated', data: { postId: 'p', isDemo: true } })).toEqual([]);
  });
});

describe('help centre rules', () => {
  it('tags are trimmed, unique without case, at most 10 of 40 characters', () => {
    expect(normaliseTags([' Payments ', 'payments', '', 'Live  stream'])).toEqual(['Payments', 'Live stream']);
    expect(() => normaliseTags(['x'.repeat(41)])).toThrow('A tag cannot be more than 40 characters.');
    expect(() => normaliseTags(Array.from({ length: 11 }, (_, i) => `t${i}`))).toThrow('At most 10 tags.');
  });
  it('an item needs a title and a description that is more than empty markup', () => {
    const base = { title: 'T', html: '<p>x</p>', tags: [], audience: 'fans' as const, isPopup: false, published: true };
    expect(() => checkHelpItem({ ...base, title: '  ' })).toThrow('Title is required.');
    expect(() => checkHelpItem({ ...base, html: '<p> </p>' })).toThrow('Description is required.');
    expect(checkHelpItem({ ...base, html: '<img src="/a.png">' }).html).toContain('img');
  });
  it('an unknown or deleted item cannot be changed; reading twice records once; pages are at least one', () => {
    const d = helpItemDecider;
    const input = { title: 'T', html: '<p>x</p>', tags: [], audience: 'fans' as const, isPopup: false, published: true };
    expect(() => d.decide({ type: 'Save', helpId: 'h', input, by: 'a', at: 't', create: false }, d.initialState())).toThrow('Help item not found.');
    const s = fold(d, [...d.decide({ type: 'Save', helpId: 'h', input, by: 'a', at: 't', create: true }, d.initialState()), ...[{ type: 'HelpItemDeleted' as const, data: { helpId: 'h', deletedBy: 'a', deletedAt: 't' } }]]);
    expect(() => d.decide({ type: 'Delete', helpId: 'h', by: 'a', at: 't' }, s)).toThrow('Help item not found.');
    const r = fold(helpReadsDecider, helpReadsDecider.decide({ type: 'Read', helpId: 'h', userId: 'u', at: 't' }, helpReadsDecider.initialState()));
    expect(helpReadsDecider.decide({ type: 'Read', helpId: 'h', userId: 'u', at: 't' }, r)).toEqual([]);
    expect([0, 10, 11].map((n) => pageCount(n))).toEqual([1, 1, 2]);
  });
});
