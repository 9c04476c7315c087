// Read models → the wire shapes of domain/<area>/wire.ts, applying what the viewer is entitled to see.
import { DEFAULT_SHOP_SETTINGS, shopShownTo } from '../domain/settings/shop-settings';
import { shellPublicSettings, type SettingsViewer } from '../domain/settings/shell-wire';
import type { MeView } from '../domain/user/wire';
import type { PostMediaView, PostView } from '../domain/post/wire';
import type { PublicSettings } from '../domain/settings/wire';
import { mayOpenMedia, postAccess, requiredTierById, type RequiredTier, type Viewer } from '../domain/post/visibility';
import { countsFor, type VisibleCounts } from '../domain/engagement/counts';
import { dollarsFromCents } from '../domain/shared/money';
import { routeAfterRegistration } from '../domain/user/user';
import type { SiteSettings } from '../domain/settings/settings';
import { heroBanner, paymentIcons, socialLinks } from '../domain/settings/landing';
import { appearancePublicSettings } from '../domain/settings/appearance';
import { DEFAULT_CHAT_SETTINGS, DEFAULT_PURCHASED_CONTENT_SETTINGS, fanChatSettings } from '../domain/settings/chat-settings';
import { isStaffRole } from '../domain/shared/wire';
import type { PostRow } from '../projections/posts';
import type { MediaRow } from '../projections/media';
import type { UserRow } from '../projections/users';
import { subscriptionMeFields, type SubscriberRow } from '../projections/subscribers';
import type { WalletRow } from '../projections/wallet';
import { isoOrNull, type AccountStatusRow } from '../projections/account-status';
import type { FileStorage } from '../infra/storage/local-disk';
import type { CommandContext } from '../commands/handle';
import type { Services } from './services';

/** Signed links to originals live an hour: long enough to read a page, short enough not to be shared around. */
export const MEDIA_URL_TTL_SECONDS = 3600;

/**
 * The public settings as `viewer` may see them: texts and switches meant for members or for staff (the
 * subscriber banner, custom links and popups for another audience, hide_earnings, the staff's chat features) reach
 * only those readers.
 */
/** The shop for this reader: open or not, who sees its menu entry, and whether this reader does. */
const publicShop = (s: SiteSettings, role: SettingsViewer['role']) => {
  const shop = { ...DEFAULT_SHOP_SETTINGS, ...s.shop_settings };
  return { enabled: shop.enabled, menu_visible_to: shop.menu_visible_to, shown: shopShownTo(shop, role) };
};

export function publicSettings(s: SiteSettings, sandbox: boolean, viewer: SettingsViewer, ccbillHostedForm = false): PublicSettings {
  const staff = isStaffRole(viewer.role);
  const chat = { ...DEFAULT_CHAT_SETTINGS, ...s.chat_settings };
  return {
    model_name: s.model_name,
    model_avatar_url: s.model_avatar_url,
    model_cover_url: s.model_cover_url,
    model_bio: s.model_bio,
    theme_color: s.theme_color,
    theme_font_color: s.theme_font_color,
    content_color: s.content_color,
    content_font_color: s.content_font_color,
    site_font_color: s.site_font_color,
    card_background_color: s.card_background_color,
    button_shadow_color: s.button_shadow_color,
    font_family: s.font_family,
    membership_price: dollarsFromCents(s.membership_price_cents),
    recurring_membership_price: dollarsFromCents(s.recurring_membership_price_cents),
    content_unlock_minimum_amount: s.content_unlock_minimum_amount,
    content_unlock_maximum_amount: s.content_unlock_maximum_amount,
    tips_minimum_amount: s.tips_minimum_amount,
    tips_maximum_amount: s.tips_maximum_amount,
    enable_public_post: s.enable_public_post,
    feed_tags_enable: s.feed_tags_enable,
    is_pagination_on_exclusive_content_enabled: s.is_pagination_on_exclusive_content_enabled,
    footer_text_html: s.footer_text_html,
    payment_api_version: s.payment_api_version,
    is_sticky_io_enabled: s.is_sticky_io_enabled,
    after_register_route: routeAfterRegistration({ cardRestApi: s.enable_ccbill_rest_api, billingProvider: s.is_sticky_io_enabled, newRegisterPage: s.new_register_page_url }),
    sandbox_payments: sandbox,
    ccbill_hosted_form: ccbillHostedForm,
    show_age_modal: s.show_age_modal,
    age_gate_age: s.age_gate_age,
    maintenance_mode: s.maintenance_mode,
    is_feed_like_enabled: s.is_feed_like_enabled,
    is_feed_comment_enabled: s.is_feed_comment_enabled,
    landing_page_enabled: s.landing_page_enabled,
    log_in_navbar_name: s.log_in_navbar_name,
    sign_up_navbar_name: s.sign_up_navbar_name,
    hero_banner: heroBanner(s),
    social_links: socialLinks(s),
    payment_icons: paymentIcons(s),
    wallet_settings: { add_fund_default_options: s.add_fund_default_options, add_fund_minimum_amount: s.add_fund_minimum_amount, add_fund_maximum_amount: s.add_fund_maximum_amount },
    is_crypto_payment_enabled: s.is_crypto_payment_enabled,
    enable_promotion: s.enable_promotion,
    enable_coupons: s.enable_coupons,
    chat_booking_enabled: s.chat_booking_enabled,
    is_pay_per_message_enabled: s.is_pay_per_message_enabled,
    pay_per_message_amount: s.pay_per_message_amount,
    ...(staff ? { hide_earnings: s.hide_earnings } : {}),
    chat_settings: staff ? chat : fanChatSettings(chat),
    purchased_content_settings: { ...DEFAULT_PURCHASED_CONTENT_SETTINGS, ...s.purchased_content_settings },
    shell: shellPublicSettings(s, viewer),
    shop: publicShop(s, viewer.role),
    ...appearancePublicSettings(s),
  };
}

/** One item as a viewer sees it: originals only when `open` (entitled, or the preview of a locked post). */
export function mediaView(m: MediaRow, open: boolean, storage: FileStorage): PostMediaView {
  const ready = m.status === 'ready';
  return {
    _id: m.id,
    content_type: m.kind,
    url: open && ready && m.original_key ? storage.signedGetUrl(m.original_key, MEDIA_URL_TTL_SECONDS) : null,
    thumbnail_url: open && ready && m.thumbnail_key ? storage.signedGetUrl(m.thumbnail_key, MEDIA_URL_TTL_SECONDS) : null,
    // The blurred preview is safe for anyone; it is served without a signature.
    blur_url: ready && m.blur_key ? `/media/${m.blur_key}` : '',
    width: m.width ?? 0,
    height: m.height ?? 0,
    video_duration: m.duration_ms == null ? null : Math.round(m.duration_ms / 1000),
  };
}

export interface PostViewContext {
  author: { name: string; avatarUrl: string | null };
  storage: FileStorage;
  /** Which counts this viewer sees for this post (domain/engagement/counts.ts). */
  counts: VisibleCounts;
  nowMs: number;
  /** This viewer likes the post. */
  liked: boolean;
  feedTags: NonNullable<PostView['feed_tags']>;
  /** Every membership tier by id (a post's lowest tier's name and rank). */
  tiers: Map<string, RequiredTier>;
}

/** The lowest tier that sees a post; a tier the read model does not know sees nothing (only staff open it). */
export const requiredTierOf = (post: Pick<PostRow, 'min_tier_id'>, tiers: Map<string, RequiredTier>): RequiredTier | null => requiredTierById(post.min_tier_id, tiers);

export function postView(post: PostRow, media: Map<string, MediaRow>, viewer: Viewer, unlocked: boolean, c: PostViewContext): PostView {
  const required = requiredTierOf(post, c.tiers);
  const access = postAccess(post, viewer, unlocked, required);
  const items = post.media.map((ref) => media.get(ref.mediaId)).filter((m): m is MediaRow => !!m);
  const open = (m: MediaRow) => mayOpenMedia(post, access, m.id);
  const previewItem = post.visibility === 'locked' && post.preview_media_id ? media.get(post.preview_media_id) : undefined;
  const publishedAt = new Date(post.publish_at);
  const counts = countsFor(c.counts, { likes: post.like_count, comments: post.comment_count });
  return {
    _id: post.id,
    description: access.captionBlur ? '' : post.caption,
    captionBlur: access.captionBlur,
    visibility: post.visibility,
    public: post.visibility === 'public',
    isLocked: !access.entitled,
    is_unlocked: unlocked,
    amount: dollarsFromCents(post.price_cents),
    amount_cents: post.price_cents,
    date: publishedAt.toISOString(),
    is_published: publishedAt.getTime() <= c.nowMs,
    processing: post.pending_media > 0,
    isError: post.errored_media > 0,
    gallery_process_error_index: post.errored_media > 0 ? items.flatMap((m, i) => (m.status === 'error' ? [i] : [])) : [],
    is_demo: post.is_demo,
    media: items.map((m) => mediaView(m, open(m), c.storage)),
    isPreviewEnable: !!previewItem,
    media_preview: previewItem ? mediaView(previewItem, true, c.storage) : null,
    category_id: post.category_id,
    version_of: post.version_of,
    blogType: post.blog_type,
    total_likes: counts.total_likes,
    total_comments: counts.total_comments,
    user_feed_like: c.liked,
    user: c.author,
    cta: access.cta,
    required_tier: required ? { tier_id: required.tierId, name: required.name } : null,
    feed_tags: c.feedTags,
  };
}

/**
 * The default payment method: 'crypto_currency' when the fan chose the wallet or topped it up
 * since choosing a card; otherwise the card they chose, else the primary card.
 */
export function defaultPaymentMethod(wallet: WalletRow | undefined, primaryCardId: string | null): string | null {
  if (wallet?.default_method === 'crypto_currency') return 'crypto_currency';
  return wallet?.default_method === 'card' && wallet.default_card_id ? wallet.default_card_id : primaryCardId;
}

export function meView(user: UserRow, sub: SubscriberRow | undefined, primaryCardId: string | null, nowIso: string, status?: AccountStatusRow, wallet?: WalletRow): MeView {
  const pendingEmail = status?.pending_email ?? null;
  const membership = subscriptionMeFields(sub, nowIso);
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isAdmin: user.role === 'admin' || user.role === 'super_admin',
    // Status '0' / '1' / '2', dates, rebill failure and complimentary flag (domain/subscription, projections/subscribers).
    ...membership,
    default_payment_method: defaultPaymentMethod(wallet, primaryCardId),
    wallet_amount: dollarsFromCents(Number(wallet?.balance_cents ?? 0)),
    wallet_amount_cents: Number(wallet?.balance_cents ?? 0),
    avatarUrl: null,
    created_at: user.registered_at,
    emailOptInStatus: status?.email_opt_in_status ?? 'pending',
    // The resend wait that matters now: the pending change's last mail, else the opt-in link's.
    emailLinkSentAt: pendingEmail ? isoOrNull(status?.email_change_sent_at) : isoOrNull(status?.opt_in_link_sent_at),
    pendingEmailChange: pendingEmail ? { email: pendingEmail, requested_at: isoOrNull(status?.pending_email_requested_at) ?? '' } : null,
    isPhotoIdAccepted: status?.photo_id_status === 'accepted',
    photoIdStatus: status?.photo_id_status ?? 'none',
    proxyAdminId: null,
  };
}

/** Waits (bounded) until the read models include what this command wrote, so the caller reads its own write. */
export async function settle(services: Services, ctx: CommandContext): Promise<void> {
  if (ctx.lastPosition) await services.runner.waitFor(ctx.lastPosition, 5000);
}
