// The tip form's rules: an amount of whole dollars or 2 decimals within the settings' bounds (a
// wrong one resets to the minimum), a note of at most 20,000 characters. Texts shared with the server.
import { centsFromDollars } from '../../../domain/shared/money';
import { VALID_AMOUNT } from '../../../domain/pricing/pricing';
import { TIP_MESSAGE_MAX, TIP_MESSAGE_TOO_LONG, tipBoundsMessage } from '../../../domain/tip/tip';

export { TIP_MESSAGE_MAX, TIP_MESSAGE_TOO_LONG };
export { tipConfirmText, tipMinimumText, TIP_SENT } from '../../../domain/tip/tip';

/** The tips page starts at $20 (20 in chat, 5 in live views). */
export const DEFAULT_TIP = 20;
/** Site defaults, used until the settings have loaded. */
export const DEFAULT_BOUNDS = { min: 5, max: 500 };

export interface TipBounds {
  min: number;
  max: number;
}

export function tipBoundsOf(settings: { tips_minimum_amount?: number; tips_maximum_amount?: number } | null | undefined): TipBounds {
  return { min: settings?.tips_minimum_amount ?? DEFAULT_BOUNDS.min, max: settings?.tips_maximum_amount ?? DEFAULT_BOUNDS.max };
}

export type AmountCheck = { ok: true; cents: number } | { ok: false; error: string; resetTo?: string };

/** The amount field: a valid amount in cents, or the error to show (and, out of bounds, the minimum to reset to). */
export function checkTipAmount(text: string, { min, max }: TipBounds): AmountCheck {
  const cents = centsFromDollars(text.trim());
  if (cents === null || cents <= 0) return { ok: false, error: VALID_AMOUNT };
  const dollars = cents / 100;
  if (dollars < min || dollars > max) return { ok: false, error: tipBoundsMessage(min, max), resetTo: String(min) };
  return { ok: true, cents };
}

export const noteError = (note: string): string | null => (note.length > TIP_MESSAGE_MAX ? TIP_MESSAGE_TOO_LONG : null);
