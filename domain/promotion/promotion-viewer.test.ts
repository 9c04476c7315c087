// Who a promotion's audience rules see: staff, subscribed now, subscribed before — from the membership
// records both the write side (subscription stream) and the read side (subscribers read model) hold.
import { describe, expect, it } from 'vitest';
import { promotionViewerOf } from './promotion';

const NOW = '2026-05-01T12:00:00.000Z';
const FUTURE = '2026-05-20T00:00:00.000Z';
const PAST = '2026-04-01T00:00:00.000Z';

describe('promotionViewerOf', () => {
  it('never subscribed: a new user, not subscribed', () => {
    expect(promotionViewerOf({ isStaff: false, membership: null, now: NOW })).toEqual({ isStaff: false, isSubscriber: false, hasSubscribedBefore: false });
  });

  it('a first membership running: subscribed now, not before (NEW for locked content)', () => {
    expect(promotionViewerOf({ isStaff: false, membership: { expiresAt: FUTURE, periods: 1 }, now: NOW })).toEqual({ isStaff: false, isSubscriber: true, hasSubscribedBefore: false });
  });

  it('a member in a second period (renewed, or back after a lapse): subscribed before (OLD)', () => {
    expect(promotionViewerOf({ isStaff: false, membership: { expiresAt: FUTURE, periods: 2 }, now: NOW }).hasSubscribedBefore).toBe(true);
  });

  it('a lapsed member, paid or complimentary: not subscribed, subscribed before (OLD)', () => {
    expect(promotionViewerOf({ isStaff: false, membership: { expiresAt: PAST, periods: 1 }, now: NOW })).toEqual({ isStaff: false, isSubscriber: false, hasSubscribedBefore: true });
    expect(promotionViewerOf({ isStaff: false, membership: { expiresAt: PAST, periods: 0 }, now: NOW }).hasSubscribedBefore).toBe(true);
  });

  it('expiry exactly now counts as lapsed', () => {
    expect(promotionViewerOf({ isStaff: false, membership: { expiresAt: NOW, periods: 1 }, now: NOW }).isSubscriber).toBe(false);
  });

  it('staff stay staff', () => {
    expect(promotionViewerOf({ isStaff: true, membership: null, now: NOW }).isStaff).toBe(true);
  });
});
