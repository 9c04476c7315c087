// Mass and welcome message reads (domain/chat/mass-wire.ts): rows → views with signed media, the running
// promotion that discounts copies, and the purchased-by reports (amounts only for roles that see chat earnings).
import { DomainError } from '../../domain/shared/decider';
import { dollarsFromCents } from '../../domain/shared/money';
import type { Role } from '../../domain/shared/wire';
import { seesChatEarnings } from '../../domain/chat/roles';
import { activePromotion, subtypeCovers, type PromotionState } from '../../domain/promotion/promotion';
import { lockedContentPriceCents } from '../../domain/pricing/pricing';
import type { MassMediaView, MassMessagePromotion, MassMessageView, PurchasedByReport, WelcomeMessageView } from '../../domain/chat/mass-wire';
import { segmentView, type MassSegment } from '../../domain/chat/audience';
import { loadPromotion, promotionsEnabled } from '../../commands/promotions';
import { findMassMessage, massMessagePage, massMessagePurchases, purchaseOfCopy, type MassMessageRow } from '../../projections/mass-messages';
import { mediaByIds, type MediaRow } from '../../projections/media';
import { tiersOf } from '../../projections/feed-query';
import type { RequiredTier } from '../../domain/post/visibility';
import { currentSettings } from '../../projections/settings';
import { findUser } from '../../projections/users';
import { mediaView } from '../views';
import type { Services } from '../services';

export const MASS_MESSAGE_NOT_FOUND = 'Mass message not found.';

/** The locked-content promotion running at `nowIso` that covers mass messages, with its discount, or null. */
export function massCopyPromotionOf(state: PromotionState, nowIso: string) {
  const p = activePromotion(state, nowIso);
  return p && p.offer.type === 'LOCKED_CONTENT' && subtypeCovers(p.offer.subtype, 'mass_message') ? { promotion: p, discountPercent: p.offer.discountPercent } : null;
}

/** An audience by behaviour as the console shows it, a tier segment named by its tier. */
const audienceView = (s: MassSegment, tiers: Map<string, RequiredTier> | null) => segmentView(s, s.kind === 'tier' ? tiers?.get(s.tierId)?.name : undefined);

export function massMessageQueries(services: Services) {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();

  /** The running locked-content promotion that covers mass messages, or null (promotions off, none, expired). */
  const massPromotion = async () => {
    if (!(await promotionsEnabled(services.store))) return null;
    return massCopyPromotionOf((await loadPromotion(services.store, 'LOCKED_CONTENT')).state, nowIso());
  };

  /** Reports and revenue: roles that see chat earnings; the model and the content manager not while hide_earnings is on. */
  const seesEarnings = async (role: Role) => {
    const hidden = (await currentSettings(db()) as { hide_earnings?: boolean }).hide_earnings === true;
    return seesChatEarnings(role) && !(hidden && (role === 'model' || role === 'content_manager'));
  };

  const mediaOf = async (rows: MassMessageRow[]) => {
    const ids = [...new Set(rows.flatMap((r) => [...((r.media as { mediaId: string }[] | null) ?? []).map((m) => m.mediaId), ...(r.preview_media_id ? [r.preview_media_id] : [])]))];
    return mediaByIds(db(), ids);
  };

  const massMedia = (m: MediaRow): MassMediaView => ({ ...mediaView(m, true, services.storage), status: m.status === 'ready' || m.status === 'error' ? m.status : 'processing' });

  const views = async (rows: MassMessageRow[], role: Role): Promise<MassMessageView[]> => {
    const namesTier = rows.some((r) => (r.segment as MassSegment | null)?.kind === 'tier' || r.min_tier_id);
    const [media, promo, earnings, tiers] = await Promise.all([mediaOf(rows), massPromotion(), seesEarnings(role), namesTier ? tiersOf(db()) : null]);
    return rows.map((r) => {
      const items = ((r.media as { mediaId: string }[] | null) ?? []).map((m) => media.get(m.mediaId)).filter((m) => !!m);
      const preview = r.preview_media_id ? media.get(r.preview_media_id) : undefined;
      const price = Number(r.price_cents ?? 0);
      const promotion: MassMessagePromotion | null = promo && price > 0 && r.kind === 'mass'
        ? { _id: promo.promotion.promotionId, discount_percentage: promo.discountPercent, promotion_price_cents: lockedContentPriceCents(price, promo.discountPercent), ribbon_text: promo.promotion.ribbonText }
        : null;
      const status = r.status as MassMessageView['status'];
      // Due now with media still rendering: processing, also before the delivery pass has noted it (WaitForMedia).
      // (A scheduled message stays 'scheduled' until its time.)
      const rendering = status === 'sending' && !r.audience_at && [...items, ...(preview ? [preview] : [])].some((m) => m!.status === 'processing');
      return {
        _id: r.id,
        message: r.text ?? '',
        type: (r.type ?? 'text') as MassMessageView['type'],
        isLocked: price > 0 ? 'locked' : 'free',
        amount: dollarsFromCents(price),
        amount_cents: price,
        media: items.map((m) => massMedia(m!)),
        media_preview: preview ? massMedia(preview) : null,
        send_to: r.send_to as MassMessageView['send_to'],
        audience: r.segment ? audienceView(r.segment as MassSegment, tiers) : null,
        new_user_message_delay: r.new_user_delay as MassMessageView['new_user_message_delay'],
        delay_by_hours: r.delay_by_hours == null ? null : Number(r.delay_by_hours),
        scheduled_at: r.scheduled_at,
        status: rendering ? 'processing' : status,
        isError: status === 'error',
        error: r.error,
        created: r.created_at ?? '',
        sender: r.sender_id ?? '',
        category: r.category,
        stats: {
          recipients: r.recipients ?? 0,
          delivered: r.delivered ?? 0,
          future_delivered: r.future_delivered ?? 0,
          purchases: r.purchases ?? 0,
          revenue_cents: earnings ? Number(r.revenue_cents ?? 0) : null,
        },
        promotion,
        required_tier: r.min_tier_id ? { tier_id: r.min_tier_id, name: tiers?.get(r.min_tier_id)?.name ?? '' } : null,
      };
    });
  };

  const welcomeView = (v: MassMessageView, row: MassMessageRow): WelcomeMessageView => ({
    _id: v._id,
    message: v.message,
    type: v.type,
    amount: v.amount,
    amount_cents: v.amount_cents,
    newUserMessageDelay: v.new_user_message_delay === 'DELAY_BY_HOURS' ? 'DELAY_BY_HOURS' : 'IMMEDIATELY',
    sendTo: v.send_to,
    delayByHours: v.delay_by_hours,
    media: v.media,
    media_preview: v.media_preview,
    media_item: v.media.map((m) => m._id),
    media_preview_item: v.media_preview?._id ?? null,
    isLocked: v.isLocked,
    processing: v.status === 'processing',
    format: 'classic',
    isError: v.isError,
    error: v.isError ? v.error : null,
    current: !!row.current_welcome,
    stats: { delivered: v.stats.delivered + v.stats.future_delivered, purchases: v.stats.purchases, revenue_cents: v.stats.revenue_cents },
    updated: row.updated_at ?? v.created,
  });

  const one = async (id: string, kind: 'mass' | 'welcome'): Promise<MassMessageRow> => {
    const row = await findMassMessage(db(), id);
    if (!row || row.kind !== kind) throw new DomainError(kind === 'mass' ? MASS_MESSAGE_NOT_FOUND : 'Welcome message not found.', 'NOT_FOUND', 404);
    return row;
  };

  const report = async <M>(row: MassMessageRow, message: M, role: Role, promotionId: string | null): Promise<PurchasedByReport<M>> => {
    if (!(await seesEarnings(role))) throw new DomainError('You do not have access to this page.', 'FORBIDDEN', 403);
    const bought = await massMessagePurchases(db(), row.id, promotionId);
    const users = await Promise.all(bought.map((b) => findUser(db(), b.fan_id ?? '')));
    const items = bought.map((b, i) => ({
      user_id: b.fan_id ?? '', name: users[i]?.name ?? '', email: users[i]?.email ?? '', amount_cents: Number(b.amount_cents ?? 0), promotion_id: b.promotion_id,
      purchased_at: b.purchased_at ?? '',
    }));
    return { message, items, total_cents: items.reduce((n, x) => n + x.amount_cents, 0), count: items.length };
  };

  return {
    massPromotion,
    async view(id: string, role: Role): Promise<MassMessageView> {
      return (await views([await one(id, 'mass')], role))[0];
    },
    async page(role: Role, q: { page: number; perPage: number; status: string | null }) {
      const { rows, total } = await massMessagePage(db(), { ...q, kind: 'mass' });
      return { items: await views(rows, role), total };
    },
    async errored(role: Role) {
      const { rows } = await massMessagePage(db(), { page: 1, perPage: 200, status: 'error', kind: 'mass' });
      return { items: await views(rows, role) };
    },
    async welcome(id: string, role: Role): Promise<WelcomeMessageView> {
      const row = await one(id, 'welcome');
      return welcomeView((await views([row], role))[0], row);
    },
    /** The current welcome version, or null. */
    async currentWelcome(role: Role): Promise<WelcomeMessageView | null> {
      const { rows } = await massMessagePage(db(), { page: 1, perPage: 1000, status: null, kind: 'welcome' });
      const row = rows.find((r) => r.current_welcome);
      return row ? welcomeView((await views([row], role))[0], row) : null;
    },
    async welcomeVersions(role: Role): Promise<{ items: WelcomeMessageView[] }> {
      const { rows } = await massMessagePage(db(), { page: 1, perPage: 1000, status: null, kind: 'welcome' });
      const ordered = [...rows.filter((r) => r.current_welcome), ...rows.filter((r) => !r.current_welcome)];
      const vs = await views(ordered, role);
      return { items: vs.map((v, i) => welcomeView(v, ordered[i])) };
    },
    async purchasedBy(id: string, role: Role, promotionId: string | null) {
      const row = await one(id, 'mass');
      return report(row, (await views([row], role))[0], role, promotionId);
    },
    async welcomePurchasedBy(id: string, role: Role) {
      const row = await one(id, 'welcome');
      return report(row, welcomeView((await views([row], role))[0], row), role, null);
    },
    /** The mass message a chat message is a copy of (for the unlock paths), or null. */
    async copyOf(messageId: string): Promise<string | null> {
      const [purchase, row] = await Promise.all([purchaseOfCopy(db(), messageId), services.database.db.withSchema('rm').selectFrom('chat_messages').select('mass_message_id').where('id', '=', messageId).executeTakeFirst()]);
      return purchase?.mass_id ?? row?.mass_message_id ?? null;
    },
  };
}
