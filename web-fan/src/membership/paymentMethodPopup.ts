// "set payment method" popup (the spec names it without its trigger). Ours: a member whose
// membership renews by card has no default payment method left (the card was removed), so the next renewal would
// fail. The fan themself (not a proxy view), no other membership popup first; "Later" hides it for 7 days.
import type { MembershipDetailsView } from '../../../domain/subscription/wire';

export const PAYMENT_METHOD_LATER_KEY = 'fanclub.setPaymentMethodLater';
export const PAYMENT_METHOD_LATER_DAYS = 7;

export function needsPaymentMethodPopup(
  who: { role: string; proxy: boolean; defaultPaymentMethod: string | null },
  d: Pick<MembershipDetailsView, 'active' | 'renews' | 'complimentary' | 'is_rebill_failed' | 'payment_method'>,
  laterAt: string | null,
  nowMs: number,
): boolean {
  if (who.role !== 'user' || who.proxy || who.defaultPaymentMethod) return false;
  if (!d.active || !d.renews || d.complimentary || d.is_rebill_failed) return false;
  // Renewals from the wallet, free periods, and memberships CCBill bills itself (paid on its page) need no card here.
  if (d.payment_method && /^(wallet|complimentary|free|CCBill)$/.test(d.payment_method)) return false;
  const later = laterAt ? Date.parse(laterAt) : NaN;
  return !(Number.isFinite(later) && nowMs - later < PAYMENT_METHOD_LATER_DAYS * 86_400_000);
}
