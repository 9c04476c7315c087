// Wire shapes of the console's admin tools (api/routes/admin-tools.ts), shared by
// the server and the console.
import type { Role, SubscriptionStatusCode } from '../shared/wire';

/** POST /api/users/get_users_data_from_email and each row of get_users_list_from_email. */
export interface LookupUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  registered_at: string;
  subscription_status: SubscriptionStatusCode;
  expiration_date: string | null;
  blocked: boolean;
  nickname: string | null;
  photo_id_override: boolean;
  migration_subscription: boolean;
  total_spent_cents: number;
  total_spent: number;
  cards: number;
  wallet_balance_cents: number;
}

/** GET /admin-api/user-cards: one saved card of a fan (never a token or full number). */
export interface UserCardRecord {
  id: string;
  user_id: string;
  email: string;
  name: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  is_primary: boolean;
  expired: boolean;
  added_at: string | null;
}

/** POST /api/generate_subscription_url/generate_subscription_url → data; GET /admin-api/subscription-links rows. */
export interface SubscriptionLinkView {
  link_id: string;
  url: string;
  initial_cents: number;
  recurring_cents: number;
  initial_price: number;
  recurring_price: number;
  expires_at: string;
  note: string;
  uses: number;
  generated_at: string;
  expired: boolean;
}

/** GET /api/subscription-link/check?offer= → data: what the join page shows. */
export interface SubscriptionLinkOffer {
  initial_cents: number;
  recurring_cents: number;
  initial_price: number;
  recurring_price: number;
  expires_at: string;
}

/** GET /admin-api/redirect-urls rows. */
export interface RedirectUrlRecord {
  id: string;
  path: string;
  target: string;
  saved_at: string;
}

/** GET /api/admin/get_transactions_details → data. */
export interface UserTransactionsView {
  transactions: {
    _id: string; type: string; amount_cents: number; amount: number; status: string; method: string | null; card: string | null; created_at: string;
  }[];
  totals: { captured_cents: number; reversed_cents: number; net_cents: number };
  currentPage: number;
  totalPages: number;
}

export type HealthLevel = 'ok' | 'warn' | 'down' | 'off';

export interface HealthCheck {
  name: string;
  level: HealthLevel;
  /** One line for the card. */
  summary: string;
  details: Record<string, string | number | boolean | null>;
}

/** GET /admin-api/health → the health page. */
export interface HealthView {
  checked_at: string;
  level: HealthLevel;
  checks: HealthCheck[];
  projections: { name: string; position: string | null; lag: number; level: HealthLevel }[];
}

/**
 * The `view` of POST /api/users/get_users_list (the spec names it without a meaning): which users a page
 * lists. all (default), fans (role user), subscribers (status '1' or '2'), blocked, staff (every other role).
 */
export const USER_VIEWS = ['all', 'fans', 'subscribers', 'blocked', 'staff'] as const;
export type UserView = (typeof USER_VIEWS)[number];
