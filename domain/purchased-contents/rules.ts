// What a fan's purchased-contents page may show (purchased_content_settings, domain/settings/chat-settings.ts): the
// page itself, which lists (posts, chat messages) and the prices. Staff always see all of a fan's purchases.
import type { PurchasedContentSettings } from '../settings/chat-settings';
import { DEFAULT_PURCHASED_CONTENT_SETTINGS } from '../settings/chat-settings';
import type { PurchasedKind } from './wire';

/** A fan asking while the creator turned the page off. */
export const PURCHASED_CONTENTS_OFF = 'Purchased contents are not available.';

export interface PurchasedScope {
  /** The page is on (always for staff). */
  enabled: boolean;
  /** The lists shown, in tab order. */
  kinds: PurchasedKind[];
  /** What to read for the asked filter: null = nothing (the asked list is not shown). */
  read: 'all' | PurchasedKind | null;
  pricesHidden: boolean;
}

export function purchasedScope(settings: Partial<PurchasedContentSettings> | null | undefined, asked: 'all' | PurchasedKind, forStaff: boolean): PurchasedScope {
  if (forStaff) return { enabled: true, kinds: ['post', 'message'], read: asked, pricesHidden: false };
  const s = { ...DEFAULT_PURCHASED_CONTENT_SETTINGS, ...settings };
  const kinds = [...(s.show_posts ? (['post'] as const) : []), ...(s.show_chat_messages ? (['message'] as const) : [])];
  const read = !s.enabled || kinds.length === 0 ? null : asked === 'all' ? (kinds.length === 2 ? 'all' : kinds[0]) : kinds.includes(asked) ? asked : null;
  return { enabled: s.enabled, kinds, read, pricesHidden: !s.show_prices };
}
