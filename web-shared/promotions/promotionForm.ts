// The promotion form's state, the same in the console's Promotions page and the fan site's staff offer dialog:
// the values, their start, one setter, the server's field error by name, and the save body. The server checks the
// values again (discount 10..80, amounts, expiry); the time zone is the browser's so "end of day" is the staff's.
import { useState } from 'react';
import type { PromotionType } from '../../domain/promotion/promotion';
import type { DateExpireWire, SavePromotionBody } from '../../domain/promotion/wire';

/** The discounts on offer: 10% to 80% in steps of 5. */
export const DISCOUNTS = Array.from({ length: 15 }, (_, i) => 10 + i * 5);

export interface PromotionValues {
  applicable_to: string;
  promotion_sub_type: string;
  discount_percentage: number;
  subscription_initial_amount: string;
  subscription_recurring_amount: string;
  is_trial_offer: boolean;
  initial_period: number;
  date_expire: string;
  is_repeat_promotion: boolean;
  ribbon_text: string;
}

export const INITIAL_PROMOTION: PromotionValues = {
  applicable_to: 'ALL_USERS',
  promotion_sub_type: 'LOCKED_CONTENT',
  discount_percentage: 50,
  subscription_initial_amount: '',
  subscription_recurring_amount: '',
  is_trial_offer: false,
  initial_period: 7,
  date_expire: '24',
  is_repeat_promotion: false,
  ribbon_text: '',
};

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The expiry select holds strings; hours and days go to the server as numbers. */
const expiry = (v: string): DateExpireWire => (v === 'end_of_day' || v === 'end_of_month' ? v : Number(v));

export function promotionBody(type: PromotionType, v: PromotionValues): SavePromotionBody {
  const common = {
    promotion_type: type,
    applicable_to: v.applicable_to as SavePromotionBody['applicable_to'],
    date_expire: expiry(v.date_expire),
    is_repeat_promotion: v.is_repeat_promotion,
    ribbon_text: v.ribbon_text,
    timezone: browserTimeZone(),
  };
  if (type === 'SUBSCRIPTION')
    return {
      ...common,
      subscription_initial_amount: v.subscription_initial_amount,
      subscription_recurring_amount: v.subscription_recurring_amount,
      is_trial_offer: v.is_trial_offer,
      ...(v.is_trial_offer ? { initial_period: v.initial_period } : {}),
    };
  return { ...common, promotion_sub_type: v.promotion_sub_type as SavePromotionBody['promotion_sub_type'], discount_percentage: v.discount_percentage };
}

export interface PromotionFormError {
  message: string;
  /** The field the server named; the message then shows under that field, not above the form. */
  field?: string;
}

/** The form's state: values, a setter per field, the error, and a reset to the start. */
export function usePromotionForm() {
  const [values, setValues] = useState<PromotionValues>(INITIAL_PROMOTION);
  const [error, setError] = useState<PromotionFormError | null>(null);
  const set = <K extends keyof PromotionValues>(key: K, value: PromotionValues[K]) => setValues((prev) => ({ ...prev, [key]: value }));
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const reset = () => {
    setValues(INITIAL_PROMOTION);
    setError(null);
  };
  return { values, set, error, setError, fieldError, reset, bodyFor: (type: PromotionType) => promotionBody(type, values) };
}

export type PromotionForm = ReturnType<typeof usePromotionForm>;
