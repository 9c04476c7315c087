// Wire shapes of mass and welcome messages, shared by the server and the console. Envelope as every route (domain/shared/wire.ts). Amounts: dollars plus *_cents.
//
// Staff (admin, super_admin, sub_admin, model, content_manager; not live_stream_manager, not support):
//   POST /api/message/send-mass-message          SendMassMessageBody            → MassMessageView
//   GET  /api/message/mass-messages?page&per_page&status                          → MassMessagePage
//   GET  /api/message/mass-messages/:id                                           → MassMessageView
//   POST /api/message/mass-messages/:id/cancel                                    → MassMessageView
//   POST /api/message/mass-audience-count        { send_to?, audience? }        → MassAudienceCount
//   GET  /admin/get-error-mass-messages (and /api/admin/…)                        → { items: MassMessageView[] }
//   POST /api/message/resend-mass-message        { _id, media?, media_preview? } → MassMessageView
//   POST /api/message/set-welcome-message        SetWelcomeMessageBody          → WelcomeMessageView ('Welcome message set successfully.')
//   GET  /admin/get-welcome-message (and /api/admin/…)                            → WelcomeMessageView | null
//   GET  /api/message/welcome-messages                                            → { items: WelcomeMessageView[] }
// Reports (roles that see chat earnings; the model not while hide_earnings is on):
//   GET  /api/message/mass-messages/:id/purchased-by?promotion_id=                → PurchasedByReport
//   GET  /api/message/welcome-messages/:id/purchased-by                           → PurchasedByReport
// Live frames (staff 'chat' audience): MASS_MESSAGE_UPDATED { _id, status, delivered?, recipients?, error? }.
import type { PostMediaView } from '../post/wire';
import type { MassMessageType, NewUserDelay, SendTo } from './delivery';
import type { MassStatus } from './mass-message';
import type { MassAudienceView } from './audience';

export type { MassMessageType, NewUserDelay, SendTo };
export type MassMessageStatus = Exclude<MassStatus, 'none'>;

/** A message's media item with how its rendering went (processing placeholder, error image, ready). */
export type MassMediaView = PostMediaView & { status: 'processing' | 'ready' | 'error' };

export interface MassMessageStats {
  /** The subscribers at send time targeted. */
  recipients: number;
  delivered: number;
  /** Copies to fans who subscribed later. */
  future_delivered: number;
  purchases: number;
  /** null when the caller does not see earnings. */
  revenue_cents: number | null;
}

export interface MassMessagePromotion {
  _id: string;
  discount_percentage: number;
  promotion_price_cents: number;
  ribbon_text: string;
}

export type { MassAudienceView };

/** Who a mass message would reach if sent now (POST /api/message/mass-audience-count). */
export interface MassAudienceCount {
  count: number;
  label: string;
}

export interface MassMessageView {
  _id: string;
  message: string;
  type: 'text' | 'photo' | 'video' | 'gallery';
  isLocked: 'locked' | 'free';
  amount: number;
  amount_cents: number;
  media: MassMediaView[];
  media_preview: MassMediaView | null;
  send_to: SendTo;
  /** An audience by behaviour; null: the subscribers send_to names. */
  audience: MassAudienceView | null;
  new_user_message_delay: NewUserDelay;
  delay_by_hours: number | null;
  scheduled_at: string | null;
  status: MassMessageStatus;
  isError: boolean;
  error: string | null;
  created: string;
  sender: string;
  category: string | null;
  stats: MassMessageStats;
  promotion: MassMessagePromotion | null;
  /** A locked message for members of this tier and above (lower tiers see "Upgrade to …"); null: every subscriber. */
  required_tier: { tier_id: string; name: string } | null;
}

export interface MassMessagePage {
  items: MassMessageView[];
  total: number;
}

export interface WelcomeMessageView {
  _id: string;
  message: string;
  type: 'text' | 'photo' | 'video' | 'gallery';
  amount: number;
  amount_cents: number;
  newUserMessageDelay: 'IMMEDIATELY' | 'DELAY_BY_HOURS';
  sendTo: SendTo;
  delayByHours: number | null;
  media: MassMediaView[];
  media_preview: MassMediaView | null;
  media_item: string[];
  media_preview_item: string | null;
  isLocked: 'locked' | 'free';
  /** Media still rendering: fans get it when they are ready. */
  processing: boolean;
  format: 'classic';
  /** Its media failed to render (or went): it reaches nobody until it is saved again with other media. */
  isError: boolean;
  /** The reason when isError ('Error in upload content. Please try again.'), else null. */
  error: string | null;
  /** The version new subscribers get now. */
  current: boolean;
  stats: { delivered: number; purchases: number; revenue_cents: number | null };
  updated: string;
}

export interface PurchasedByItem {
  user_id: string;
  name: string;
  email: string;
  amount_cents: number;
  promotion_id: string | null;
  purchased_at: string;
}

export interface PurchasedByReport<M = MassMessageView> {
  message: M;
  items: PurchasedByItem[];
  total_cents: number;
  count: number;
}
