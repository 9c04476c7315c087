// Coupons (stream `coupon-<CODE>`, so a code is unique by construction).
// - The code is trimmed and upper-cased before anything compares it; blank gives 'Enter valid coupon'.
// - discount_type percentage (values are percents, 0..100, 2 decimals) or fixed (values are cents); one value
//   for the initial price, one for the recurring price (0 = leave that price alone). The arithmetic is in
//   domain/pricing (applyCoupon): rounded to the cent, never below 0.
// - Staff create, edit (the discount, not the code: the code is the stream), disable and re-enable a coupon.
// - Check (POST /api/coupon/check): a failure carries an error code the fan site maps to a message, and
//   only without a code shows 'Something went wrong please try again after some time'. On the fan site the
//   check goes notChecked → valid (successful check) or invalid (failed check); Remove returns to notChecked.
// The spec implies no usage limit or expiry date, so there is none; payments record the coupon code they used
// (coupon reports read it from there), which keeps this stream free of per-sale writes.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { isValidPercent, type CouponDiscount, type DiscountType } from '../pricing/pricing';

export const couponStream = (code: string) => `coupon-${code}`;

export const ENTER_VALID_COUPON = 'Enter valid coupon';
export const COUPON_CHECK_GENERIC = 'Something went wrong please try again after some time';
export const COUPON_CODE_MAX = 32;
const CODE = /^[A-Z0-9][A-Z0-9_-]*$/;

/** Trimmed and upper-cased. */
export const normaliseCouponCode = (raw: string): string => raw.trim().toUpperCase();

/** The normalised code, or 'Enter valid coupon' for a blank or malformed one. */
export function parseCouponCode(raw: string, field = 'code'): string {
  const code = normaliseCouponCode(typeof raw === 'string' ? raw : '');
  if (code === '' || code.length > COUPON_CODE_MAX || !CODE.test(code)) throw new ValidationError(field, ENTER_VALID_COUPON);
  return code;
}

export interface CouponTerms {
  discountType: DiscountType;
  discountValueForInitial: number;
  discountValueForRecurring: number;
}

export type CouponEvent =
  | DomainEvent<'CouponCreated', { couponId: string; code: string; createdBy: string; createdAt: string } & CouponTerms>
  | DomainEvent<'CouponUpdated', { couponId: string; code: string; updatedBy: string; updatedAt: string } & CouponTerms>
  | DomainEvent<'CouponDisabled', { couponId: string; code: string; disabledBy: string; disabledAt: string }>
  | DomainEvent<'CouponEnabled', { couponId: string; code: string; enabledBy: string; enabledAt: string }>;

export type CouponCommand =
  | ({ type: 'CreateCoupon'; couponId: string; code: string; actorId: string; at: string } & CouponTerms)
  | ({ type: 'UpdateCoupon'; couponId: string; actorId: string; at: string } & CouponTerms)
  | { type: 'DisableCoupon'; couponId: string; actorId: string; at: string }
  | { type: 'EnableCoupon'; couponId: string; actorId: string; at: string };

export interface CouponState {
  couponId: string | null;
  code: string | null;
  terms: CouponTerms | null;
  disabled: boolean;
}

export const toDiscount = (t: CouponTerms): CouponDiscount => ({ discountType: t.discountType, initialValue: t.discountValueForInitial, recurringValue: t.discountValueForRecurring });

export function validateTerms(t: CouponTerms): CouponTerms {
  if (t.discountType !== 'percentage' && t.discountType !== 'fixed') throw new ValidationError('discount_type', 'Invalid request.');
  for (const [field, value] of [
    ['discount_value_for_initial', t.discountValueForInitial],
    ['discount_value_for_recurring', t.discountValueForRecurring],
  ] as const) {
    if (t.discountType === 'percentage' && !isValidPercent(value)) throw new ValidationError(field, 'Enter a discount between 0 and 100 percent.');
    if (t.discountType === 'fixed' && !(Number.isInteger(value) && value >= 0)) throw new ValidationError(field, 'Please enter a valid amount');
  }
  if (t.discountValueForInitial === 0 && t.discountValueForRecurring === 0)
    throw new ValidationError('discount_value_for_initial', 'Enter a discount for the initial or the recurring price.');
  return { discountType: t.discountType, discountValueForInitial: t.discountValueForInitial, discountValueForRecurring: t.discountValueForRecurring };
}

const sameTerms = (a: CouponTerms, b: CouponTerms) =>
  a.discountType === b.discountType && a.discountValueForInitial === b.discountValueForInitial && a.discountValueForRecurring === b.discountValueForRecurring;

export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = {
  initialState: () => ({ couponId: null, code: null, terms: null, disabled: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'CouponCreated':
      case 'CouponUpdated': {
        const { couponId, code, discountType, discountValueForInitial, discountValueForRecurring } = event.data;
        return { ...state, couponId, code, terms: { discountType, discountValueForInitial, discountValueForRecurring } };
      }
      case 'CouponDisabled':
        return { ...state, disabled: true };
      case 'CouponEnabled':
        return { ...state, disabled: false };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateCoupon') {
      const code = parseCouponCode(command.code);
      if (state.couponId === command.couponId) return []; // a retried save
      if (state.couponId) throw new DomainError('This coupon code already exists.', 'COUPON_EXISTS', 409, { field: 'code' });
      const terms = validateTerms(command);
      return [{ type: 'CouponCreated', data: { couponId: command.couponId, code, ...terms, createdBy: command.actorId, createdAt: command.at } }];
    }
    if (!state.couponId || state.couponId !== command.couponId || !state.code || !state.terms) {
      const message = command.type === 'UpdateCoupon' ? 'Error while update coupon code details.' : 'Error while get coupon details.';
      throw new DomainError(message, 'COUPON_NOT_FOUND', 404);
    }
    const ids = { couponId: state.couponId, code: state.code };
    switch (command.type) {
      case 'UpdateCoupon': {
        const terms = validateTerms(command);
        if (sameTerms(terms, state.terms)) return [];
        return [{ type: 'CouponUpdated', data: { ...ids, ...terms, updatedBy: command.actorId, updatedAt: command.at } }];
      }
      case 'DisableCoupon':
        return state.disabled ? [] : [{ type: 'CouponDisabled', data: { ...ids, disabledBy: command.actorId, disabledAt: command.at } }];
      case 'EnableCoupon':
        return state.disabled ? [{ type: 'CouponEnabled', data: { ...ids, enabledBy: command.actorId, enabledAt: command.at } }] : [];
    }
  },
};

// ---------------------------------------------------------------------------------------------------------
// Checking a code

/** Error codes of a failed check and what the fan site shows for each. */
export const COUPON_CHECK_MESSAGES = {
  COUPON_NOT_FOUND: 'Invalid coupon code.',
  COUPON_DISABLED: 'This coupon is no longer valid.',
  COUPONS_DISABLED: 'Coupons are not available right now.',
} as const;
export type CouponCheckErrorCode = keyof typeof COUPON_CHECK_MESSAGES;

/** The message for a failed check: the error code's, or the generic one when there is no (known) code. */
export function couponCheckMessage(errorCode?: string | null): string {
  return errorCode && errorCode in COUPON_CHECK_MESSAGES ? COUPON_CHECK_MESSAGES[errorCode as CouponCheckErrorCode] : COUPON_CHECK_GENERIC;
}

export interface ValidCoupon {
  couponId: string;
  code: string;
  discount: CouponDiscount;
}

const checkFailure = (code: CouponCheckErrorCode, status: number) => new DomainError(COUPON_CHECK_MESSAGES[code], code, status);

/** The coupon a fan typed, checked against its stream; throws with a check error code. */
export function checkCoupon(state: CouponState, opts: { couponsEnabled: boolean }): ValidCoupon {
  if (!opts.couponsEnabled) throw checkFailure('COUPONS_DISABLED', 400);
  if (!state.couponId || !state.code || !state.terms) throw checkFailure('COUPON_NOT_FOUND', 404);
  if (state.disabled) throw checkFailure('COUPON_DISABLED', 410);
  return { couponId: state.couponId, code: state.code, discount: toDiscount(state.terms) };
}

/** The fan site's coupon field. */
export type CouponCheckState =
  | { status: 'notChecked' }
  | { status: 'valid'; coupon: ValidCoupon }
  | { status: 'invalid'; message: string };

export type CouponCheckAction = { type: 'checkSucceeded'; coupon: ValidCoupon } | { type: 'checkFailed'; errorCode?: string | null } | { type: 'removed' };

export const COUPON_NOT_CHECKED: CouponCheckState = { status: 'notChecked' };

export function couponCheckReducer(_state: CouponCheckState, action: CouponCheckAction): CouponCheckState {
  switch (action.type) {
    case 'checkSucceeded':
      return { status: 'valid', coupon: action.coupon };
    case 'checkFailed':
      return { status: 'invalid', message: couponCheckMessage(action.errorCode) };
    case 'removed':
      return COUPON_NOT_CHECKED;
  }
}
