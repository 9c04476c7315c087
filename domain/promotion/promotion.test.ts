import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider';
import { given } from '../shared/given-when-then';
import {
  activePromotion,
  computeDateExpire,
  currentPeriodEnd,
  durationText,
  expiryFromWire,
  isEligible,
  matchesAudience,
  promotedPriceCents,
  promotedSubscriptionPrices,
  promotionDecider,
  promotionStatus,
  promotionStream,
  repeatMessage,
  requirePromotion,
  ribbon,
  subtypeCovers,
  type Promotion,
  type PromotionCommand,
  type PromotionEvent,
  type PromotionExpiry,
  type PromotionState,
  type PromotionViewer,
} from './promotion';

const T0 = '2026-03-10T12:00:00.000Z';
const tz = 'America/New_York';

const createLocked: Extract<PromotionCommand, { type: 'CreatePromotion' }> = {
  type: 'CreatePromotion',
  promotionId: 'promo1',
  offer: { type: 'LOCKED_CONTENT', subtype: 'LOCKED_CONTENT', discountPercent: 30 },
  applicableTo: 'ALL_USERS',
  ribbonText: '  30% off every locked post!  ',
  expiry: { kind: 'hours', hours: 12 },
  timezone: tz,
  isRepeat: false,
  actorId: 'admin1',
  at: T0,
};

const lockedPromotion: Promotion = {
  promotionId: 'promo1',
  offer: { type: 'LOCKED_CONTENT', subtype: 'LOCKED_CONTENT', discountPercent: 30 },
  applicableTo: 'ALL_USERS',
  ribbonText: '30% off every locked post!',
  expiry: { kind: 'hours', hours: 12 },
  timezone: tz,
  isRepeat: false,
  createdAt: T0,
  dateExpire: '2026-03-11T00:00:00.000Z',
  expireHours: 12,
  createdBy: 'admin1',
};
const created: PromotionEvent = { type: 'PromotionCreated', data: lockedPromotion };
const ended: PromotionEvent = { type: 'PromotionEnded', data: { promotionId: 'promo1', type: 'LOCKED_CONTENT', endedAt: '2026-03-10T13:00:00.000Z', endedBy: 'admin1' } };

const subPromotion: Promotion = {
  ...lockedPromotion,
  promotionId: 'sub1',
  offer: { type: 'SUBSCRIPTION', initialCents: 499, recurringCents: 999, trialPeriodDays: 7 },
  applicableTo: 'NEW_USERS',
  ribbonText: 'First week for $4.99',
};
const subState = (p: Partial<Promotion> = {}, endedFlag = false): PromotionState => ({ current: { ...subPromotion, ...p }, currentEnded: endedFlag, knownIds: ['sub1'] });
const lockedState = (p: Partial<Promotion> = {}, endedFlag = false): PromotionState => ({ current: { ...lockedPromotion, ...p }, currentEnded: endedFlag, knownIds: ['promo1'] });

const fan = (over: Partial<PromotionViewer> = {}): PromotionViewer => ({ isStaff: false, isSubscriber: false, hasSubscribedBefore: false, ...over });
const subscriber = fan({ isSubscriber: true });
const admin = fan({ isStaff: true });

/** Decides on an empty stream and returns the PromotionCreated event. */
const createdBy = (command: PromotionCommand) => {
  const [e] = promotionDecider.decide(command, promotionDecider.initialState());
  if (e?.type !== 'PromotionCreated') throw new Error('expected PromotionCreated');
  return e;
};

const thrown = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a throw');
};

describe('promotionStream', () => {
  it('one stream per type', () => {
    expect(promotionStream('SUBSCRIPTION')).toBe('promotion-SUBSCRIPTION');
    expect(promotionStream('LOCKED_CONTENT')).toBe('promotion-LOCKED_CONTENT');
  });
});

describe('expiry', () => {
  it.each([
    [{ kind: 'hours', hours: 1 }, '2026-03-10T13:00:00.000Z'],
    [{ kind: 'hours', hours: 24 }, '2026-03-11T12:00:00.000Z'],
    [{ kind: 'days', days: 2 }, '2026-03-12T12:00:00.000Z'],
    [{ kind: 'days', days: 30 }, '2026-04-09T12:00:00.000Z'],
    [{ kind: 'end_of_day' }, '2026-03-11T04:00:00.000Z'], // midnight in New York (EDT)
    [{ kind: 'end_of_month' }, '2026-04-01T04:00:00.000Z'],
  ] as [PromotionExpiry, string][])('%j from 12:00Z in New York → %s', (expiry, iso) => {
    expect(computeDateExpire(expiry, T0, tz)).toBe(iso);
  });

  it('end of day depends on the creator time zone', () => {
    expect(computeDateExpire({ kind: 'end_of_day' }, T0, 'UTC')).toBe('2026-03-11T00:00:00.000Z');
    expect(computeDateExpire({ kind: 'end_of_day' }, T0, 'Asia/Tokyo')).toBe('2026-03-10T15:00:00.000Z');
  });

  it.each([
    [1, { kind: 'hours', hours: 1 }],
    [24, { kind: 'hours', hours: 24 }],
    ['12', { kind: 'hours', hours: 12 }],
    [48, { kind: 'days', days: 2 }],
    [720, { kind: 'days', days: 30 }],
    ['end_of_day', { kind: 'end_of_day' }],
    ['end_of_month', { kind: 'end_of_month' }],
  ] as const)('wire date_expire %j → %j', (wire, expiry) => {
    expect(expiryFromWire(wire)).toEqual(expiry);
  });

  it.each([0, 25, 36, 47, 744, 1.5, -1, 'abc', '', 'tomorrow'])('wire date_expire %j → Invalid request.', (wire) => {
    const e = thrown(() => expiryFromWire(wire));
    expect(e.message).toBe('Invalid request.');
    expect(e.details).toEqual({ field: 'date_expire' });
  });

  it.each([
    [1, '1 hour'],
    [12, '12 hours'],
    [24, '24 hours'],
    [0.5, '1 hour'],
    [25, '1 day'],
    [48, '2 days'],
    [720, '30 days'],
  ])('duration %d hours → %s', (hours, text) => {
    expect(durationText(hours)).toBe(text);
  });

  it('repeat message', () => {
    expect(repeatMessage({ isRepeat: false, expiry: { kind: 'hours', hours: 5 }, expireHours: 5 })).toBeNull();
    expect(repeatMessage({ isRepeat: true, expiry: { kind: 'hours', hours: 5 }, expireHours: 5 })).toBe('This promotion repeats every 5 hours.');
    expect(repeatMessage({ isRepeat: true, expiry: { kind: 'days', days: 3 }, expireHours: 72 })).toBe('This promotion repeats every 3 days.');
    expect(repeatMessage({ isRepeat: true, expiry: { kind: 'end_of_day' }, expireHours: 16 })).toBe('This promotion repeats every day.');
    expect(repeatMessage({ isRepeat: true, expiry: { kind: 'end_of_month' }, expireHours: 500 })).toBe('This promotion repeats every month.');
  });

  describe('currentPeriodEnd', () => {
    it('a one-off promotion ends at date_expire', () => {
      expect(currentPeriodEnd(lockedPromotion, '2026-03-12T00:00:00.000Z')).toBe(lockedPromotion.dateExpire);
    });

    it.each([
      ['2026-03-10T20:00:00.000Z', '2026-03-11T00:00:00.000Z'],
      ['2026-03-11T00:00:00.000Z', '2026-03-11T12:00:00.000Z'], // the boundary starts the next period
      ['2026-03-11T05:00:00.000Z', '2026-03-11T12:00:00.000Z'],
      ['2026-03-15T13:00:00.000Z', '2026-03-16T00:00:00.000Z'],
    ])('a repeating 12-hour promotion at %s ends at %s', (now, end) => {
      expect(currentPeriodEnd({ ...lockedPromotion, isRepeat: true }, now)).toBe(end);
    });

    it('a repeating end-of-day promotion ends at the next local midnight', () => {
      const p: Promotion = { ...lockedPromotion, isRepeat: true, expiry: { kind: 'end_of_day' }, dateExpire: '2026-03-11T04:00:00.000Z' };
      expect(currentPeriodEnd(p, '2026-03-12T10:00:00.000Z')).toBe('2026-03-13T04:00:00.000Z');
    });

    it('a repeating end-of-month promotion ends at the next local month start', () => {
      const p: Promotion = { ...lockedPromotion, isRepeat: true, expiry: { kind: 'end_of_month' }, dateExpire: '2026-04-01T04:00:00.000Z' };
      expect(currentPeriodEnd(p, '2026-04-20T10:00:00.000Z')).toBe('2026-05-01T04:00:00.000Z');
    });
  });
});

describe('promotionDecider', () => {
  describe('CreatePromotion', () => {
    it('creates a locked-content promotion with date_expire from the chosen option', () => {
      const state = given(promotionDecider).when(createLocked).then([created]);
      expect(promotionStatus(state, T0)).toBe('active');
      expect(state.knownIds).toEqual(['promo1']);
    });

    it('defaults the discount to 50', () => {
      given(promotionDecider)
        .when({ ...createLocked, offer: { type: 'LOCKED_CONTENT', subtype: 'MASS_MESSAGE' } })
        .then([{ type: 'PromotionCreated', data: { ...lockedPromotion, offer: { type: 'LOCKED_CONTENT', subtype: 'MASS_MESSAGE', discountPercent: 50 } } }]);
    });

    it.each([10, 50, 80])('accepts a discount of %d', (discountPercent) => {
      const e = createdBy({ ...createLocked, offer: { type: 'LOCKED_CONTENT', subtype: 'LOCKED_CONTENT', discountPercent } });
      expect(e.data.offer).toEqual({ type: 'LOCKED_CONTENT', subtype: 'LOCKED_CONTENT', discountPercent });
    });

    it.each([9, 81, 0, 100, 25.5, Number.NaN])('refuses a discount of %d', (discountPercent) => {
      given(promotionDecider)
        .when({ ...createLocked, offer: { type: 'LOCKED_CONTENT', subtype: 'LOCKED_CONTENT', discountPercent } })
        .thenThrows('Choose a discount between 10 and 80 percent.', { code: 'VALIDATION', details: { field: 'discount_percentage' } });
    });

    it('refuses an unknown subtype', () => {
      given(promotionDecider)
        .when({ ...createLocked, offer: { type: 'LOCKED_CONTENT', subtype: 'EVERYTHING' as never } })
        .thenThrows('Invalid request.', { details: { field: 'promotion_type' } });
    });

    const createSub: PromotionCommand = {
      ...createLocked,
      promotionId: 'sub1',
      offer: { type: 'SUBSCRIPTION', initialCents: 499, recurringCents: 999, isTrialOffer: true, initialPeriodDays: 7 },
      applicableTo: 'NEW_USERS',
      ribbonText: 'First week for $4.99',
    };

    it('creates a subscription trial offer', () => {
      given(promotionDecider).when(createSub).then([{ type: 'PromotionCreated', data: subPromotion }]);
    });

    it('a subscription promotion without trial has no trial period', () => {
      const e = createdBy({ ...createSub, offer: { type: 'SUBSCRIPTION', initialCents: 499, recurringCents: 999, isTrialOffer: false, initialPeriodDays: 7 } });
      expect(e.data.offer).toEqual({ type: 'SUBSCRIPTION', initialCents: 499, recurringCents: 999, trialPeriodDays: null });
    });

    it.each([1, 29, 30])('accepts an initial period of %d days', (initialPeriodDays) => {
      const e = createdBy({ ...createSub, offer: { type: 'SUBSCRIPTION', initialCents: 100, recurringCents: 999, isTrialOffer: true, initialPeriodDays } });
      expect(e.data.offer).toMatchObject({ trialPeriodDays: initialPeriodDays });
    });

    it.each([0, 31, 2.5, null])('refuses an initial period of %s days', (initialPeriodDays) => {
      given(promotionDecider)
        .when({ ...createSub, offer: { type: 'SUBSCRIPTION', initialCents: 100, recurringCents: 999, isTrialOffer: true, initialPeriodDays } })
        .thenThrows('Choose an initial period between 1 and 29 days or 1 month.', { details: { field: 'initial_period' } });
    });

    it.each([
      [0, 999, 'subscription_initial_amount'],
      [-1, 999, 'subscription_initial_amount'],
      [4.5, 999, 'subscription_initial_amount'],
      [499, 0, 'subscription_recurring_amount'],
    ])('refuses amounts %d / %d', (initialCents, recurringCents, field) => {
      given(promotionDecider)
        .when({ ...createSub, offer: { type: 'SUBSCRIPTION', initialCents, recurringCents, isTrialOffer: false } })
        .thenThrows('Please enter a valid amount', { details: { field } });
    });

    it('trims the ribbon text and requires it', () => {
      given(promotionDecider).when({ ...createLocked, ribbonText: '   ' }).thenThrows('Please enter ribbon text.', { details: { field: 'ribbon_text' } });
      given(promotionDecider)
        .when({ ...createLocked, ribbonText: 'x'.repeat(251) })
        .thenThrows('Ribbon text cannot be more than 250 characters.', { details: { field: 'ribbon_text' } });
    });

    it.each([
      [{ kind: 'hours', hours: 0 }],
      [{ kind: 'hours', hours: 25 }],
      [{ kind: 'days', days: 1 }],
      [{ kind: 'days', days: 31 }],
      [{ kind: 'weeks' }],
    ] as [PromotionExpiry][])('refuses expiry %j', (expiry) => {
      given(promotionDecider).when({ ...createLocked, expiry }).thenThrows('Invalid request.', { details: { field: 'date_expire' } });
    });

    it('refuses an unknown time zone and audience', () => {
      given(promotionDecider).when({ ...createLocked, timezone: 'Nowhere/City' }).thenThrows('Invalid request.', { details: { field: 'timezone' } });
      given(promotionDecider).when({ ...createLocked, applicableTo: 'VIP' as never }).thenThrows('Invalid request.', { details: { field: 'applicable_to' } });
    });

    it('one running promotion per type', () => {
      given(promotionDecider, [created])
        .when({ ...createLocked, promotionId: 'promo2', at: '2026-03-10T23:59:59.000Z' })
        .thenThrows('A promotion is already running. End it before creating a new one.', { code: 'PROMOTION_ALREADY_ACTIVE', status: 409, details: { promotionId: 'promo1' } });
    });

    it('a new one may start once the old one expired or ended', () => {
      given(promotionDecider, [created])
        .when({ ...createLocked, promotionId: 'promo2', at: '2026-03-11T00:00:00.000Z' })
        .then([{ type: 'PromotionCreated', data: { ...lockedPromotion, promotionId: 'promo2', createdAt: '2026-03-11T00:00:00.000Z', dateExpire: '2026-03-11T12:00:00.000Z' } }]);
      const s = given(promotionDecider, [created, ended]).when({ ...createLocked, promotionId: 'promo3', at: '2026-03-10T14:00:00.000Z' }).then([
        { type: 'PromotionCreated', data: { ...lockedPromotion, promotionId: 'promo3', createdAt: '2026-03-10T14:00:00.000Z', dateExpire: '2026-03-11T02:00:00.000Z' } },
      ]);
      expect(s.current?.promotionId).toBe('promo3');
      expect(s.currentEnded).toBe(false);
      expect(s.knownIds).toEqual(['promo1', 'promo3']);
    });

    it('a repeating promotion keeps running past date_expire until ended', () => {
      const repeating: PromotionEvent = { type: 'PromotionCreated', data: { ...lockedPromotion, isRepeat: true } };
      given(promotionDecider, [repeating])
        .when({ ...createLocked, promotionId: 'promo2', at: '2026-04-01T00:00:00.000Z' })
        .thenThrows('A promotion is already running. End it before creating a new one.');
    });

    it('a retried save with the same id is a no-op', () => {
      given(promotionDecider, [created]).when(createLocked).then([]);
    });

    it('records expireHours rounded up for end of day', () => {
      const e = createdBy({ ...createLocked, expiry: { kind: 'end_of_day' }, at: '2026-03-10T12:30:00.000Z' });
      expect(e.data).toMatchObject({ dateExpire: '2026-03-11T04:00:00.000Z', expireHours: 16 });
    });

    it('refuses a promotion of the other type on this stream', () => {
      given(promotionDecider, [created]).when({ ...createSub, promotionId: 'x' }).thenThrows('Invalid request.', { code: 'WRONG_PROMOTION_STREAM' });
    });
  });

  describe('EndPromotion', () => {
    const end: PromotionCommand = { type: 'EndPromotion', promotionId: 'promo1', actorId: 'admin1', at: '2026-03-10T13:00:00.000Z' };

    it('ends the running promotion', () => {
      const s = given(promotionDecider, [created]).when(end).then([ended]);
      expect(promotionStatus(s, '2026-03-10T13:00:01.000Z')).toBe('ended');
    });

    it('is a no-op when already ended or replaced', () => {
      given(promotionDecider, [created, ended]).when(end).then([]);
      const replacement: PromotionEvent = { type: 'PromotionCreated', data: { ...lockedPromotion, promotionId: 'promo2' } };
      given(promotionDecider, [created, ended, replacement]).when(end).then([]);
    });

    it('an unknown promotion: Error in end promotion.', () => {
      given(promotionDecider).when(end).thenThrows('Error in end promotion.', { code: 'PROMOTION_NOT_FOUND', status: 404 });
    });

    it('ending an old id does not end the current one', () => {
      const replacement: PromotionEvent = { type: 'PromotionCreated', data: { ...lockedPromotion, promotionId: 'promo2' } };
      const s = given(promotionDecider, [created, ended, replacement]).state;
      const after = promotionDecider.evolve(s, ended);
      expect(after.currentEnded).toBe(false);
    });
  });
});

describe('status', () => {
  it.each([
    ['2026-03-10T12:00:00.000Z', 'active'],
    ['2026-03-10T23:59:59.999Z', 'active'],
    ['2026-03-11T00:00:00.000Z', 'expired'],
  ])('at %s a 12-hour promotion is %s', (now, status) => {
    expect(promotionStatus(lockedState(), now)).toBe(status);
  });

  it('none, ended', () => {
    expect(promotionStatus(promotionDecider.initialState(), T0)).toBe('none');
    expect(promotionStatus(lockedState({}, true), T0)).toBe('ended');
    expect(activePromotion(lockedState({}, true), T0)).toBeNull();
  });
});

describe('eligibility', () => {
  it.each([
    ['ALL_USERS', false, true],
    ['ALL_USERS', true, true],
    ['NEW_USERS', false, true],
    ['NEW_USERS', true, false],
    ['OLD_USERS', false, false],
    ['OLD_USERS', true, true],
  ] as const)('%s, subscribed before %s → %s', (applicableTo, before, ok) => {
    expect(matchesAudience(applicableTo, before)).toBe(ok);
  });

  it.each([
    ['LOCKED_CONTENT', 'post', true],
    ['LOCKED_CONTENT', 'mass_message', false],
    ['MASS_MESSAGE', 'post', false],
    ['MASS_MESSAGE', 'mass_message', true],
    ['EXCLUSIVE_CONTENT_AND_MASS_MESSAGE', 'post', true],
    ['EXCLUSIVE_CONTENT_AND_MASS_MESSAGE', 'mass_message', true],
  ] as const)('%s covers %s: %s', (subtype, item, ok) => {
    expect(subtypeCovers(subtype, item)).toBe(ok);
  });

  it('a subscription promotion is for non-subscribers in its audience', () => {
    const p = subState().current!;
    expect(isEligible(p, fan())).toBe(true);
    expect(isEligible(p, fan({ hasSubscribedBefore: true }))).toBe(false); // NEW_USERS
    expect(isEligible({ ...p, applicableTo: 'OLD_USERS' }, fan({ hasSubscribedBefore: true }))).toBe(true);
    expect(isEligible(p, subscriber)).toBe(false);
    expect(isEligible(p, admin)).toBe(false);
  });

  it('a locked-content promotion is for subscribers, on the items its subtype covers', () => {
    const p = lockedState().current!;
    expect(isEligible(p, subscriber, 'post')).toBe(true);
    expect(isEligible(p, subscriber, 'mass_message')).toBe(false);
    expect(isEligible(p, fan(), 'post')).toBe(false);
    expect(isEligible(p, admin, 'post')).toBe(false);
    expect(isEligible({ ...p, applicableTo: 'OLD_USERS' }, subscriber, 'post')).toBe(false);
  });
});

describe('ribbon', () => {
  it('shows the countdown to those it applies to', () => {
    expect(ribbon(lockedState(), subscriber, '2026-03-10T18:00:00.000Z', true)).toEqual({
      promotionId: 'promo1',
      ribbonText: '30% off every locked post!',
      endsAt: '2026-03-11T00:00:00.000Z',
      remainingMs: 6 * 3_600_000,
      repeatMessage: null,
    });
  });

  it('admins see the locked-content promotion; a non-subscriber does not', () => {
    expect(ribbon(lockedState(), admin, T0, true)).not.toBeNull();
    expect(ribbon(lockedState(), fan(), T0, true)).toBeNull();
  });

  it('the subscription promotion shows to its audience (and to staff), not to subscribers', () => {
    expect(ribbon(subState(), fan(), T0, true)?.promotionId).toBe('sub1');
    expect(ribbon(subState(), fan({ hasSubscribedBefore: true }), T0, true)).toBeNull();
    expect(ribbon(subState(), subscriber, T0, true)).toBeNull();
    expect(ribbon(subState(), admin, T0, true)).not.toBeNull();
  });

  it('hides when promotions are off, when the countdown ends, or when ended', () => {
    expect(ribbon(lockedState(), subscriber, T0, false)).toBeNull();
    expect(ribbon(lockedState(), subscriber, '2026-03-11T00:00:00.000Z', true)).toBeNull();
    expect(ribbon(lockedState({}, true), subscriber, T0, true)).toBeNull();
  });

  it('a repeating promotion counts down to the end of the current period', () => {
    const r = ribbon(lockedState({ isRepeat: true }), subscriber, '2026-03-11T06:00:00.000Z', true);
    expect(r).toMatchObject({ endsAt: '2026-03-11T12:00:00.000Z', remainingMs: 6 * 3_600_000, repeatMessage: 'This promotion repeats every 12 hours.' });
  });
});

describe('requirePromotion: applying one at purchase', () => {
  const req = { promotionId: 'promo1', viewer: subscriber, now: '2026-03-10T18:00:00.000Z', promotionsEnabled: true, item: 'post' as const };

  it('returns the running promotion and prices the item', () => {
    const p = requirePromotion(lockedState(), req);
    expect(p.promotionId).toBe('promo1');
    expect(promotedPriceCents(p, 2000)).toBe(1400);
    expect(promotedPriceCents(p, 1500)).toBe(1100); // 10.5 → 11
  });

  it.each([
    ['expired', lockedState(), { now: '2026-03-11T00:00:00.000Z' }],
    ['ended', lockedState({}, true), {}],
    ['replaced (old id)', lockedState({ promotionId: 'promo2' }), {}],
    ['unknown', promotionDecider.initialState(), {}],
    ['without an id', lockedState(), { promotionId: null }],
    ['with promotions off', lockedState(), { promotionsEnabled: false }],
  ] as const)("%s: 'Sorry promotion expired.'", (_name, state, over) => {
    const e = thrown(() => requirePromotion(state, { ...req, ...over }));
    expect(e).toBeInstanceOf(DomainError);
    expect(e.message).toBe('Sorry promotion expired.');
    expect(e.code).toBe('PROMOTION_EXPIRED');
    expect(e.status).toBe(410);
  });

  it('a viewer or item it does not cover: Invalid request.', () => {
    expect(thrown(() => requirePromotion(lockedState(), { ...req, item: 'mass_message' })).code).toBe('PROMOTION_NOT_APPLICABLE');
    expect(thrown(() => requirePromotion(lockedState(), { ...req, viewer: fan() })).message).toBe('Invalid request.');
  });

  it('a subscription promotion gives its prices and trial period', () => {
    const p = requirePromotion(subState(), { promotionId: 'sub1', viewer: fan(), now: T0, promotionsEnabled: true });
    expect(promotedSubscriptionPrices(p)).toEqual({ initialCents: 499, recurringCents: 999, initialPeriodDays: 7 });
    expect(() => promotedPriceCents(p, 2000)).toThrow(DomainError);
    expect(() => promotedSubscriptionPrices(lockedPromotion)).toThrow(DomainError);
  });
});
