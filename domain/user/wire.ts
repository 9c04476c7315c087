// Wire shapes of accounts (the signed-in user, sign-up and login) and the console's users and staff, shared by the
// server and both apps. Envelope, roles and errors as in domain/shared/wire.ts.
import type { Role, SubscriptionStatusCode } from '../shared/wire';
import type { SubscriptionDetail } from '../subscription/wire';
import type { StaffLink } from '../access/staff-links';

/** GET /api/users/me */
export interface MeView {
  _id: string;
  email: string;
  name: string;
  role: Role;
  isAdmin: boolean;
  isSubscribedEver: boolean;
  ccbillSubscriptionStatus: SubscriptionStatusCode;
  expiration_date: string | null;
  next_billing_date: string | null;
  default_payment_method: string | null; // 'crypto_currency' or a saved card id
  wallet_amount: number; // dollars
  wallet_amount_cents: number;
  isRebillFailed: boolean;
  /** Running on complimentary time that does not renew: cancelled with POST /api/users/cancel_complimentary_subscription. */
  has_complimentary_subscription?: boolean;
  /** The membership's terms and rebill state (null: never subscribed). */
  subscription_detail?: SubscriptionDetail | null;
  avatarUrl: string | null;
  created_at: string;
  /** pending | opt_out | link_sent | dismissed | no_thanks | no_thanks_opt_out | opted_in */
  emailOptInStatus: string;
  /** When the last opt-in or change-email mail was sent (the 2-minute resend wait counts from it). */
  emailLinkSentAt: string | null;
  /** A change of email waiting for verification, or null. */
  pendingEmailChange: { email: string; requested_at: string } | null;
  isPhotoIdAccepted: boolean;
  photoIdStatus: 'none' | 'uploaded' | 'accepted';
  /** Set when an admin is acting as this user (proxy login). */
  proxyAdminId: string | null;
  /** Staff: the console links the fan site's navbar shows for the role (domain/access/staff-links.ts). */
  staff_links?: StaffLink[];
}

/** POST /api/users/register and /api/users/login → data */
export interface AuthResult {
  token: string;
  userId: string;
  /** Where the fan site goes next when no pre-login route was saved. */
  url: string;
  showMergePopup: false;
  showForgotPasswordPopup: false;
  showOldUserMergePopup: false;
}

export interface AdminUserRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
  subscription_status: SubscriptionStatusCode;
  created_at: string;
  total_spent_cents: number;
  nickname: string | null;
  blocked: boolean;
  hidden_from_chat: boolean;
  mass_messages_muted: boolean;
  photo_id_override: boolean;
  complimentary: boolean;
  email_preferences: Record<string, boolean>;
}

/** POST /admin-api/users (admin creates a staff account) */
export interface AdminStaffCreate {
  name: string;
  email: string;
  role: Role;
  /** Optional; when absent a password is generated and returned once in `generated_password`. */
  password?: string;
}
