// Wire shape of the public site settings (GET /api/app_settings/get), shared by the server and both apps.
import type { HeroBannerSettings, PaymentIconBrand, SocialLinks } from './landing';
import type { ChatSettings, PurchasedContentSettings } from './chat-settings';
import type { ShellPublicSettings } from './shell-wire';
import type { BillingField } from '../card/card-form';
import type { AppearancePublicSettings } from './appearance';

/** GET /api/app_settings/get → data (the public subset of the site settings, as its reader may see it) */
export interface PublicSettings extends Partial<AppearancePublicSettings> {
  model_name: string;
  model_avatar_url: string | null;
  /** The creator's profile (console → My profile): cover image and bio shown over the feed. */
  model_cover_url?: string | null;
  model_bio?: string;
  /** 'outbox' when no SMTP_URL is set: mail waits in the console's Outbox, so the fan is told it was not sent. */
  mail_delivery?: 'smtp' | 'outbox';
  theme_color: string;
  theme_font_color: string;
  content_color: string;
  content_font_color: string;
  site_font_color: string;
  card_background_color: string;
  button_shadow_color: string;
  font_family: string;
  membership_price: number; // dollars
  recurring_membership_price: number;
  content_unlock_minimum_amount: number;
  content_unlock_maximum_amount: number;
  /** Bounds of tips and of a reused post's price. */
  tips_minimum_amount: number;
  tips_maximum_amount: number;
  enable_public_post: boolean;
  /** Feed-tag filter on the feed (signed-in users only). */
  feed_tags_enable: boolean;
  is_pagination_on_exclusive_content_enabled: boolean;
  footer_text_html: string | null;
  payment_api_version: 'v1' | 'v2';
  /** Sticky.io bills the cards: the fan site calls the /api/sticky-io/ path set (domain/payment/provider-paths.ts). */
  is_sticky_io_enabled?: boolean;
  /** Where a fan goes after registering: the creator's https page (new-register-page flow), '/subscribe' (card REST API flows) or '/membership'. */
  after_register_route: string;
  sandbox_payments: boolean;
  /** CCBill's payment page is set up: the fan site offers it beside the card form. */
  ccbill_hosted_form?: boolean;
  /** The billing fields the card form asks: what the card provider needs (domain/card/card-form.ts cardFormFields). */
  card_form_fields?: BillingField[];
  show_age_modal: boolean;
  age_gate_age: number;
  maintenance_mode: boolean;
  /** Likes / comments switched on at all; the counts themselves come per post (null when hidden). */
  is_feed_like_enabled: boolean;
  is_feed_comment_enabled: boolean;
  /** Guests at / see the landing page (GET /api/app_settings/get_all_theme_3_settings); also at /landing. */
  landing_page_enabled: boolean;
  log_in_navbar_name: string;
  sign_up_navbar_name: string;
  /** Hero banner on the feed (hidden for members). */
  hero_banner: HeroBannerSettings;
  /** Only the networks the creator filled in. */
  social_links: SocialLinks;
  /** Card brands to show; empty when the icons are off. */
  payment_icons: PaymentIconBrand[];
  /** Wallet (wallet_settings): Add Funds presets (comma-separated dollars) and whole-dollar bounds. */
  /** (Optional for clients holding settings cached before wallets existed.) */
  wallet_settings?: { add_fund_default_options: string; add_fund_minimum_amount: number; add_fund_maximum_amount: number };
  is_crypto_payment_enabled?: boolean;
  /** Promotions (ribbons, promotion prices: POST /api/promotion-setting/check-promotion) and coupons on the subscribe page. */
  enable_promotion?: boolean;
  enable_coupons?: boolean;
  /** Fans can book paid one-to-one chat slots (domain/chat-booking). */
  chat_booking_enabled?: boolean;
  /** Pay-per-message: fans' chat messages cost pay_per_message_amount dollars unless they hold a credit. */
  is_pay_per_message_enabled?: boolean;
  pay_per_message_amount?: number;
  /**
   * Chat (domain/settings/chat-settings.ts): normal chat off and the bubble colours for everyone; hide_earnings, the
   * row-menu features and the model's sort only for staff readers (a fan gets FanChatSettings). The fan's
   * purchased-contents page.
   */
  hide_earnings?: boolean;
  chat_settings?: Partial<ChatSettings>;
  purchased_content_settings?: PurchasedContentSettings;
  /** Footer links, contact forms, custom menu links, links page and announcement banner (./shell-wire.ts). */
  shell?: ShellPublicSettings;
  /** The shop: open or not, which audiences see its menu entry, and whether this reader does (`shown`). */
  shop?: { enabled: boolean; menu_visible_to: ('guest' | 'user' | 'staff')[]; shown: boolean };
}
