// Purchased contents (/purchased-contents for the fan; /purchased-contents/{userId} for staff, opened from the chat
// list or the chat header amount): what a fan bought to open — locked posts and
// locked chat messages — newest first, each with a link to where it is seen. Payments themselves (tips, memberships,
// top-ups, receipts) are on /profile/payments.
//
//   GET /api/users/purchased-contents?user_id=&page_num=&type=all|post|message → PurchasedContentsPage
//     A fan: their own only (user_id absent or their own; another id is 403). Staff: every fan, for the roles that see
//     chat earnings (domain/chat/roles.ts seesChatEarnings); others 403. An unknown user is 404.
//     A fan also follows purchased_content_settings (domain/purchased-contents/rules.ts): the page off is 403
//     'Purchased contents are not available.', a list turned off is left out, prices off zero the amounts.

export type PurchasedKind = 'post' | 'message';

export interface PurchasedContentItem {
  /** The post's or the chat message's id. */
  _id: string;
  kind: PurchasedKind;
  /** The post's caption or the message's text (may be empty for media only). */
  title: string;
  /** What was paid (0: opened free of charge by staff, "Unlock for this Subscriber"). */
  amount: number;
  amount_cents: number;
  purchased_at: string;
  /** How it was paid: 'card', 'wallet', or 'staff' (unlocked by staff, free). */
  paid_with: 'card' | 'wallet' | 'crypto' | 'staff';
  /** A small picture of it (a signed thumbnail: the buyer and staff may see it), or null. */
  thumbnail_url: string | null;
  contentCount: { photo: number; video: number };
  /** Where it is seen: the post's page, or the chat (the fan's own; staff: the console's chat with the fan). */
  link: string;
  /** The post was deleted since, or the message removed: listed, no longer shown there. */
  removed: boolean;
}

/** A digital item bought in the shop, with its downloads (the order page's "Download" is the way to the file). */
export interface PurchasedDigitalItem {
  order_id: string;
  line_no: number;
  product_id: string;
  title: string;
  variant_name: string;
  amount_cents: number;
  purchased_at: string;
  /** The product's first picture, signed, while the buyer may see the product; else null. */
  thumbnail_url: string | null;
  download: { limit: number; used: number; remaining: number; expires_at: string | null; refused: string | null };
}

export interface PurchasedContentsPage {
  user: { _id: string; name: string };
  items: PurchasedContentItem[];
  page_num: number;
  total: number;
  has_more: boolean;
  /** All of the user's purchases of contents (every page), in cents. */
  total_cents: number;
  /** The lists this reader may see (purchased_content_settings for a fan; staff: both). */
  kinds: PurchasedKind[];
  /** The creator hides prices from fans: every amount and total_cents is 0 then. */
  prices_hidden: boolean;
  /** Digital items bought in the shop, newest first (the latest 100 orders holding any). */
  digital_items: PurchasedDigitalItem[];
}

export const PURCHASED_PAGE_SIZE = 20;
export const NO_PURCHASES = 'No purchased contents yet.';
