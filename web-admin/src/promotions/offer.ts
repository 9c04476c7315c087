// A promotion's offer in words, as the promotions page, its reports and its buyers show it.
import { SUBTYPE_LABELS, type PromotionView } from '../../../domain/promotion/wire';
import { money } from '../format';

/** What a promotion offers, in one line. */
export function offerText(p: PromotionView): string {
  if (p.promotion_type === 'LOCKED_CONTENT') return `${p.discount_percentage}% off ${p.promotion_sub_type ? SUBTYPE_LABELS[p.promotion_sub_type].toLowerCase() : 'locked content'}`;
  const first = p.is_trial_offer && p.initial_period ? (p.initial_period === 30 ? '1 month' : `${p.initial_period} days`) : 'first month';
  return `${money(p.subscription_initial_amount_cents)} ${first}, then ${money(p.subscription_recurring_amount_cents)} a month`;
}
