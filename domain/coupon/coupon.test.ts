import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { ValidationError } from '../shared/validation';
import { applyCoupon } from '../pricing/pricing';
import {
  checkCoupon,
  COUPON_NOT_CHECKED,
  couponCheckMessage,
  couponCheckReducer,
  couponDecider,
  couponStream,
  normaliseCouponCode,
  parseCouponCode,
  type CouponCommand,
  type CouponEvent,
  type CouponState,
  type ValidCoupon,
} from './coupon';

const T0 = '2026-03-10T12:00:00.000Z';
const T1 = '2026-03-11T12:00:00.000Z';
const create: CouponCommand = {
  type: 'CreateCoupon',
  couponId: 'c1',
  code: '  spring25 ',
  discountType: 'percentage',
  discountValueForInitial: 25,
  discountValueForRecurring: 0,
  actorId: 'admin1',
  at: T0,
};
const created: CouponEvent = {
  type: 'CouponCreated',
  data: { couponId: 'c1', code: 'SPRING25', discountType: 'percentage', discountValueForInitial: 25, discountValueForRecurring: 0, createdBy: 'admin1', createdAt: T0 },
};
const disabled: CouponEvent = { type: 'CouponDisabled', data: { couponId: 'c1', code: 'SPRING25', disabledBy: 'admin1', disabledAt: T1 } };

const thrown = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a throw');
};

describe('coupon codes', () => {
  it('stream per code', () => expect(couponStream('SPRING25')).toBe('coupon-SPRING25'));

  it.each([
    ['  spring25 ', 'SPRING25'],
    ['Summer-Sale_2', 'SUMMER-SALE_2'],
    ['x', 'X'],
  ])('%j → %s', (raw, code) => {
    expect(normaliseCouponCode(raw)).toBe(code);
    expect(parseCouponCode(raw)).toBe(code);
  });

  it.each(['', '   ', '\n', 'has space', 'emoji🙂', '-LEADING', 'A'.repeat(33), 'semi;colon'])("%j → 'Enter valid coupon'", (raw) => {
    const e = thrown(() => parseCouponCode(raw));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.message).toBe('Enter valid coupon');
    expect(e.details).toEqual({ field: 'code' });
  });
});

describe('couponDecider', () => {
  describe('CreateCoupon', () => {
    it('creates with the code trimmed and upper-cased', () => {
      const s = given(couponDecider).when(create).then([created]);
      expect(s).toEqual({ couponId: 'c1', code: 'SPRING25', terms: { discountType: 'percentage', discountValueForInitial: 25, discountValueForRecurring: 0 }, disabled: false });
    });

    it('a fixed coupon (cents) for the recurring price only', () => {
      given(couponDecider)
        .when({ ...create, discountType: 'fixed', discountValueForInitial: 0, discountValueForRecurring: 500 })
        .then([{ type: 'CouponCreated', data: { ...created.data, discountType: 'fixed', discountValueForInitial: 0, discountValueForRecurring: 500 } }]);
    });

    it('a retried save is a no-op; another coupon with the same code is refused', () => {
      given(couponDecider, [created]).when(create).then([]);
      given(couponDecider, [created])
        .when({ ...create, couponId: 'c2', code: 'SPRING25' })
        .thenThrows('This coupon code already exists.', { code: 'COUPON_EXISTS', status: 409, details: { field: 'code' } });
    });

    it('refuses a blank code', () => {
      given(couponDecider).when({ ...create, code: '  ' }).thenThrows('Enter valid coupon', { details: { field: 'code' } });
    });

    it.each([
      ['percentage', 101, 0, 'Enter a discount between 0 and 100 percent.', 'discount_value_for_initial'],
      ['percentage', -5, 0, 'Enter a discount between 0 and 100 percent.', 'discount_value_for_initial'],
      ['percentage', 10, 12.345, 'Enter a discount between 0 and 100 percent.', 'discount_value_for_recurring'],
      ['fixed', 2.5, 0, 'Please enter a valid amount', 'discount_value_for_initial'],
      ['fixed', -100, 0, 'Please enter a valid amount', 'discount_value_for_initial'],
      ['percentage', 0, 0, 'Enter a discount for the initial or the recurring price.', 'discount_value_for_initial'],
      ['fixed', 0, 0, 'Enter a discount for the initial or the recurring price.', 'discount_value_for_initial'],
      ['bogus', 10, 0, 'Invalid request.', 'discount_type'],
    ] as const)('%s %d/%d → %s', (discountType, initial, recurring, message, field) => {
      given(couponDecider)
        .when({ ...create, discountType: discountType as 'fixed', discountValueForInitial: initial, discountValueForRecurring: recurring })
        .thenThrows(message, { code: 'VALIDATION', details: { field } });
    });

    it('accepts 2-decimal percentages and 100%', () => {
      for (const v of [12.5, 33.33, 100]) {
        expect(couponDecider.decide({ ...create, discountValueForInitial: v }, couponDecider.initialState())).toHaveLength(1);
      }
    });
  });

  describe('UpdateCoupon', () => {
    const update: CouponCommand = { type: 'UpdateCoupon', couponId: 'c1', discountType: 'fixed', discountValueForInitial: 300, discountValueForRecurring: 100, actorId: 'admin2', at: T1 };

    it('changes the discount, keeps the code', () => {
      const s = given(couponDecider, [created])
        .when(update)
        .then([{ type: 'CouponUpdated', data: { couponId: 'c1', code: 'SPRING25', discountType: 'fixed', discountValueForInitial: 300, discountValueForRecurring: 100, updatedBy: 'admin2', updatedAt: T1 } }]);
      expect(s.terms).toEqual({ discountType: 'fixed', discountValueForInitial: 300, discountValueForRecurring: 100 });
    });

    it('unchanged terms, no event', () => {
      given(couponDecider, [created]).when({ ...update, discountType: 'percentage', discountValueForInitial: 25, discountValueForRecurring: 0 }).then([]);
    });

    it('an unknown coupon', () => {
      given(couponDecider).when(update).thenThrows('Error while update coupon code details.', { code: 'COUPON_NOT_FOUND', status: 404 });
      given(couponDecider, [created]).when({ ...update, couponId: 'other' }).thenThrows('Error while update coupon code details.');
    });

    it('validates like create', () => {
      given(couponDecider, [created]).when({ ...update, discountValueForInitial: -1 }).thenThrows('Please enter a valid amount');
    });
  });

  describe('DisableCoupon / EnableCoupon', () => {
    const disable: CouponCommand = { type: 'DisableCoupon', couponId: 'c1', actorId: 'admin1', at: T1 };
    const enable: CouponCommand = { type: 'EnableCoupon', couponId: 'c1', actorId: 'admin1', at: T1 };

    it('disables once, enables once', () => {
      const s = given(couponDecider, [created]).when(disable).then([disabled]);
      expect(s.disabled).toBe(true);
      given(couponDecider, [created, disabled]).when(disable).then([]);
      const back = given(couponDecider, [created, disabled]).when(enable).then([{ type: 'CouponEnabled', data: { couponId: 'c1', code: 'SPRING25', enabledBy: 'admin1', enabledAt: T1 } }]);
      expect(back.disabled).toBe(false);
      given(couponDecider, [created]).when(enable).then([]);
    });

    it('an unknown coupon', () => {
      given(couponDecider).when(disable).thenThrows('Error while get coupon details.', { code: 'COUPON_NOT_FOUND', status: 404 });
    });
  });
});

describe('checkCoupon', () => {
  const state = (events: CouponEvent[]): CouponState => given(couponDecider, events).state;

  it('a valid coupon gives its discount for pricing', () => {
    const c = checkCoupon(state([created]), { couponsEnabled: true });
    expect(c).toEqual({ couponId: 'c1', code: 'SPRING25', discount: { discountType: 'percentage', initialValue: 25, recurringValue: 0 } });
    expect(applyCoupon({ initialCents: 1999, recurringCents: 1499, initialPeriodDays: 30 }, c.discount)).toEqual({ initialCents: 1499, recurringCents: 1499, initialPeriodDays: 30 });
  });

  it.each([
    ['unknown code', [], true, 'COUPON_NOT_FOUND', 'Invalid coupon code.', 404],
    ['disabled coupon', [created, disabled], true, 'COUPON_DISABLED', 'This coupon is no longer valid.', 410],
    ['coupons switched off', [created], false, 'COUPONS_DISABLED', 'Coupons are not available right now.', 400],
  ] as const)('%s → %s', (_name, events, couponsEnabled, code, message, status) => {
    const e = thrown(() => checkCoupon(state([...events]), { couponsEnabled }));
    expect({ code: e.code, message: e.message, status: e.status }).toEqual({ code, message, status });
  });

  it('the fan site shows the code’s message, or the generic one without a code', () => {
    expect(couponCheckMessage('COUPON_DISABLED')).toBe('This coupon is no longer valid.');
    expect(couponCheckMessage(undefined)).toBe('Something went wrong please try again after some time');
    expect(couponCheckMessage(null)).toBe('Something went wrong please try again after some time');
    expect(couponCheckMessage('ERR_UNKNOWN')).toBe('Something went wrong please try again after some time');
  });
});

describe('coupon check states (fan site)', () => {
  const coupon: ValidCoupon = { couponId: 'c1', code: 'SPRING25', discount: { discountType: 'percentage', initialValue: 25, recurringValue: 0 } };

  it('notChecked → valid on a successful check; Remove → notChecked', () => {
    const valid = couponCheckReducer(COUPON_NOT_CHECKED, { type: 'checkSucceeded', coupon });
    expect(valid).toEqual({ status: 'valid', coupon });
    expect(couponCheckReducer(valid, { type: 'removed' })).toEqual({ status: 'notChecked' });
  });

  it('a failed check is invalid, with the message for its code', () => {
    expect(couponCheckReducer(COUPON_NOT_CHECKED, { type: 'checkFailed', errorCode: 'COUPON_NOT_FOUND' })).toEqual({ status: 'invalid', message: 'Invalid coupon code.' });
    expect(couponCheckReducer(COUPON_NOT_CHECKED, { type: 'checkFailed' })).toEqual({ status: 'invalid', message: 'Something went wrong please try again after some time' });
  });

  it('invalid → valid on a later successful check; invalid → notChecked on Remove', () => {
    const invalid = couponCheckReducer(COUPON_NOT_CHECKED, { type: 'checkFailed' });
    expect(couponCheckReducer(invalid, { type: 'checkSucceeded', coupon }).status).toBe('valid');
    expect(couponCheckReducer(invalid, { type: 'removed' }).status).toBe('notChecked');
  });
});
