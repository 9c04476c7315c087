// Read models → the wire shapes of domain/shared/wire.ts, applying what the viewer is entitled to see.
import type { MeView, PostView, PublicSettings, PostMediaView } from '../domain/shared/wire';
import { postAccess, type Viewer } from '../domain/post/visibility';
import { dollarsFromCents } from '../domain/shared/money';
import { routeAfterRegistration } from '../domain/user/user';
import type { SiteSettings } from '../domain/settings/settings';
import type { PostRow } from '../projections/posts';
import type { MediaRow } from '../projections/media';
import type { UserRow } from '../projections/users';
import type { SubscriberRow } from '../projections/subscribers';
import { isoOrNull, type AccountStatusRow } from '../projections/account-status';
import type { FileStorage } from '../infra/storage/local-disk';
import type { CommandContext } from '../commands/handle';
import type { Services } from './services';

/** Signed links to originals live an hour: long enough to read a page, short enough not to be shared around. */
export const MEDIA_URL_TTL_SECONDS = 3600;

export function publicSettings(s: SiteSettings, sandbox: boolean): PublicSettings {
  return {
    model_name: s.model_name,
    model_avatar_url: s.model_avatar_url,
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
    enable_public_post: s.enable_public_post,
    feed_tags_enable: s.feed_tags_enable,
    is_pagination_on_exclusive_content_enabled: s.is_pagination_on_exclusive_content_enabled,
    footer_text_html: s.footer_text_html,
    payment_api_version: s.payment_api_version,
    after_register_route: routeAfterRegistration({ cardRestApi: s.enable_ccbill_rest_api, billingProvider: s.is_sticky_io_enabled }),
    sandbox_payments: sandbox,
    show_age_modal: s.show_age_modal,
    age_gate_age: s.age_gate_age,
    maintenance_mode: s.maintenance_mode,
  };
}

export function mediaView(m: MediaRow, entitled: boolean, storage: FileStorage): PostMediaView {
  const ready = m.status === 'ready';
  return {
    _id: m.id,
    content_type: m.kind,
    url: entitled && ready && m.original_key ? storage.signedGetUrl(m.original_key, MEDIA_URL_TTL_SECONDS) : null,
    thumbnail_url: entitled && ready && m.thumbnail_key ? storage.signedGetUrl(m.thumbnail_key, MEDIA_URL_TTL_SECONDS) : null,
    // The blurred preview is safe for anyone; it is served without a signature.
    blur_url: ready && m.blur_key ? `/media/${m.blur_key}` : '',
    width: m.width ?? 0,
    height: m.height ?? 0,
    video_duration: m.duration_ms == null ? null : Math.round(m.duration_ms / 1000),
  };
}

export function postView(
  post: PostRow,
  media: Map<string, MediaRow>,
  viewer: Viewer,
  unlocked: boolean,
  author: { name: string; avatarUrl: string | null },
  storage: FileStorage,
): PostView {
  const access = postAccess(post, viewer, unlocked);
  const items = post.media.map((ref) => media.get(ref.mediaId)).filter((m): m is MediaRow => !!m);
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
    date: post.publish_at,
    processing: items.some((m) => m.status === 'processing'),
    isError: items.some((m) => m.status === 'error'),
    is_demo: post.is_demo,
    media: items.map((m) => mediaView(m, access.entitled, storage)),
    blogType: post.blog_type,
    total_likes: post.like_count,
    total_comments: post.comment_count,
    user_feed_like: false, // per viewer: filled by postViews (api/routes/feed.ts)
    user: author,
    cta: access.cta,
  };
}

export function meView(user: UserRow, sub: SubscriberRow | undefined, primaryCardId: string | null, nowIso: string, status?: AccountStatusRow): MeView {
  const pendingEmail = status?.pending_email ?? null;
  const active = !!sub && Date.parse(sub.expires_at) > Date.parse(nowIso);
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isAdmin: user.role === 'admin' || user.role === 'super_admin',
    isSubscribedEver: !!sub,
    ccbillSubscriptionStatus: active ? '1' : '0',
    expiration_date: sub?.expires_at ?? null,
    next_billing_date: active ? sub?.next_billing_at ?? null : null,
    default_payment_method: primaryCardId,
    wallet_amount: 0,
    wallet_amount_cents: 0,
    isRebillFailed: false,
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
