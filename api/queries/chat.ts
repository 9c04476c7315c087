// Chat reads (spec 3 §2.1, §4, §6): a conversation's messages as one viewer sees them (originals only when free,
// bought or to staff, with signed links), the staff list and header, and the pay-per-message terms.
import { liveSessionOnAir } from '../../projections/live-sessions';
import { DomainError } from '../../domain/shared/decider';
import { dollarsFromCents } from '../../domain/shared/money';
import type { Role } from '../../domain/shared/wire';
import type { SiteSettings } from '../../domain/settings/settings';
import { CHAT_NOT_ALLOWED, lockStateOf } from '../../domain/chat/chat-message';
import { chatListEntry, chatListStatus, chatUserDetails, payPerMessageStatus } from '../../domain/chat/views';
import {
  CHAT_PAGE_SIZE, type ChatMessagePage, type ChatMessageView, type ChatUserDetails, type ChatUserListPage, type ChatUserSort, type PayPerMessageStatus,
} from '../../domain/chat/wire';
import { findChatMessage, visibleTo, type ChatMessageRow } from '../../projections/chat-messages';
import { chatViewSettings } from '../../domain/chat/roles';
import type { ChatListId } from '../../projections/chat-queries';
import { findConversation, staffUnreadTotal, type ConversationRow } from '../../projections/chat-conversations';
import { chatUserList, fanReversals } from '../../projections/chat-queries';
import { mediaByIds, type MediaRow } from '../../projections/media';
import { chatPageBundle, type ChatPageBundle } from '../../projections/chat-page-query';
import { createReadCache, readCacheOptions } from '../read-cache';
import { currentSettings } from '../../projections/settings';
import { findSubscriber, subscriptionMeFields } from '../../projections/subscribers';
import { findUser } from '../../projections/users';
import { findWallet } from '../../projections/wallet';
import { findMember } from '../../projections/members';
import { findLastSeen } from '../../projections/last-seen';
import { mediaView } from '../views';
import { massCopyPromotionOf } from './mass-messages';
import { loadPromotion, promotionViewerFor } from '../../commands/promotions';
import type { PromotionState } from '../../domain/promotion/promotion';
import { isEligible } from '../../domain/promotion/promotion';
import { lockedContentPriceCents } from '../../domain/pricing/pricing';
import type { Services } from '../services';

export interface ChatViewer {
  userId: string;
  isStaff: boolean;
}

/** What the views of one conversation's messages need besides the rows (read once per request). */
interface ConversationFacts {
  conversation: ConversationRow | undefined;
  settings: SiteSettings;
  /** The fan's name: every message not from staff is theirs. */
  fanName: string;
  /** The running promotion that covers mass messages and this fan (api/queries/mass-messages.ts), or null. */
  promotion: { promotionId: string; discountPercent: number; ribbonText: string } | null;
}

const STAFF_LIST_PAGE_SIZE = 30;

/** The later of two times (either may be missing): when the fan was last on the site or last wrote. */
const latestOf = (a: string | null, b: string | null) => (!a ? b : !b ? a : Date.parse(a) >= Date.parse(b) ? a : b);

export function chatQueries(services: Services) {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  // The locked-content promotion's stream, kept while the read models are unchanged (at most 10 s): folding it
  // from the event store on every page open would cost more than the page itself. Whether it runs now is
  // worked out on every request.
  const promotionStreams = createReadCache<PromotionState>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 1 });
  const lockedContentPromotion = async (): Promise<PromotionState> => {
    const hit = promotionStreams.get('LOCKED_CONTENT', Date.now());
    if (hit) return hit;
    const version = promotionStreams.version();
    const { state } = await loadPromotion(services.store, 'LOCKED_CONTENT');
    promotionStreams.set('LOCKED_CONTENT', state, version, Date.now());
    return state;
  };
  // A conversation page's rows (the one statement of projections/chat-page-query.ts), kept like the feed's pages:
  // while the read models are unchanged (any event anywhere moves the version), at most 10 s. Who may read it,
  // the running promotion and the signed media links are worked out on every request, from the clock of now.
  const pageBundles = createReadCache<ChatPageBundle>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 2_000 });
  const pageBundle = async (o: Parameters<typeof chatPageBundle>[1]): Promise<ChatPageBundle> => {
    const key = `${o.forStaff ? 's' : 'f'}|${o.fanId}|${o.page}|${o.pageSize}`;
    const hit = pageBundles.get(key, Date.now());
    if (hit) return hit;
    const version = pageBundles.version();
    const b = await chatPageBundle(db(), o);
    pageBundles.set(key, b, version, Date.now());
    return b;
  };
  /** The running promotion that discounts this fan's locked mass-message copies (spec 3 §4), or null. */
  const massCopyPromotion = async (fanId: string, settings: SiteSettings): Promise<ConversationFacts['promotion']> => {
    if (!settings.enable_promotion) return null;
    const p = massCopyPromotionOf(await lockedContentPromotion(), nowIso());
    if (!p || !isEligible(p.promotion, await promotionViewerFor(services.store, fanId, 'user', nowIso()), 'mass_message')) return null;
    return { promotionId: p.promotion.promotionId, discountPercent: p.discountPercent, ribbonText: p.promotion.ribbonText };
  };

  const conversationFacts = async (fanId: string): Promise<ConversationFacts> => {
    const [conversation, settings, fan] = await Promise.all([findConversation(db(), fanId), currentSettings(db()), findUser(db(), fanId)]);
    return { conversation, settings, fanName: fan?.name ?? '', promotion: await massCopyPromotion(fanId, settings) };
  };

  /** Rows → what this viewer sees: originals only when free, bought by this fan, or to staff; processing hidden from fans. */
  const messageViews = async (viewer: ChatViewer, rows: ChatMessageRow[], facts: ConversationFacts, known?: Map<string, MediaRow>): Promise<ChatMessageView[]> => {
    const ids = [...new Set(rows.flatMap((r) => [...r.media.map((m) => m.mediaId), ...(r.preview_media_id ? [r.preview_media_id] : [])]))];
    const media = known ?? (ids.length ? await mediaByIds(db(), ids) : new Map<string, MediaRow>());
    const { conversation, settings } = facts;
    const readBy = (r: ChatMessageRow) => (r.from_staff ? conversation?.fan_read_at : conversation?.staff_read_at);
    return rows.flatMap((r): ChatMessageView[] => {
      const items = r.media.map((m) => media.get(m.mediaId)).filter((m) => !!m);
      const processing = items.some((m) => m!.status === 'processing');
      // Staff media still rendering are hidden from the fan; the fan's own upload shows, marked processing.
      if (processing && !viewer.isStaff && r.from_staff) return [];
      const open = viewer.isStaff || r.price_cents <= 0 || r.unlocked;
      const preview = r.preview_media_id ? media.get(r.preview_media_id) : undefined;
      const read = readBy(r);
      // Deleted by staff: gone for the fan (and for everyone after "from all"); staff see "from subscriber" marked.
      if (!visibleTo(r, viewer.isStaff)) return [];
      return [{
        ...(viewer.isStaff && r.deleted === 'fan' ? { deletedForUser: true } : {}),
        _id: r.id,
        uniqueId: r.unique_id,
        type: r.type as ChatMessageView['type'],
        message: r.text,
        tipMessage: r.tip_message,
        fromAdmin: r.from_staff,
        senderId: r.sender_id,
        userId: r.fan_id,
        name: r.from_staff ? settings.model_name : facts.fanName,
        isLocked: lockStateOf(r.price_cents, r.unlocked),
        amount: dollarsFromCents(r.type === 'tips' ? r.paid_cents : r.price_cents),
        amount_cents: r.type === 'tips' ? r.paid_cents : r.price_cents,
        isRead: !!read && Date.parse(read) >= Date.parse(r.created_at),
        media: items.map((m) => mediaView(m!, open, services.storage)),
        media_preview: preview ? mediaView(preview, true, services.storage) : null,
        contentCount: { photo: r.media.filter((m) => m.kind === 'photo').length, video: r.media.filter((m) => m.kind === 'video').length },
        processing,
        is_pay_per_message: r.is_pay_per_message,
        paid_cents: r.paid_cents,
        is_anonymous: r.is_anonymous,
        created: r.created_at,
        udid: r.id,
        messageFrom: r.from_staff ? 'admin' : 'user',
        image: r.from_staff ? settings.model_avatar_url : null,
        // A running promotion covering mass messages discounts a copy still locked (spec 3 §4: ceil(price x (100 - %) / 100)).
        promotion_price: facts.promotion && r.is_mass_message && r.price_cents > 0 && !r.unlocked ? dollarsFromCents(lockedContentPriceCents(r.price_cents, facts.promotion.discountPercent)) : null,
        isMassMessage: !!r.is_mass_message,
        massMessageType: (r.mass_message_type ?? null) as ChatMessageView['massMessageType'],
        category: null,
      }];
    });
  };

  /** The fan's membership status code ('0' none, '1' active, '2' cancelled but paid). */
  const fanStatus = async (fanId: string) => subscriptionMeFields(await findSubscriber(db(), fanId), nowIso()).ccbillSubscriptionStatus;

  const sendStatus = async (fanId: string | null, canChat: boolean): Promise<PayPerMessageStatus> => {
    const [settings, conversation] = await Promise.all([currentSettings(db()), fanId ? findConversation(db(), fanId) : undefined]);
    // A fan cannot write while normal chat is off (chat_settings.disabled_normal_chat).
    return payPerMessageStatus(settings, conversation?.credits ?? 0, canChat && !(fanId && settings.chat_settings?.disabled_normal_chat));
  };

  return {
    messageViews,
    fanStatus,
    sendStatus,

    /** A fan may chat while subscribed ('1' or '2'); a proxy session reads the fan's chat but never writes. */
    async requireChatFan(caller: { userId: string; role: Role }) {
      if (caller.role !== 'user' && caller.role !== 'proxy_user') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
      if ((await fanStatus(caller.userId)) === '0') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
    },

    /**
     * A page of a conversation: the fan's own (refused unless they may chat, as requireChatFan) or, for staff,
     * any fan's. Everything but a running promotion comes from one statement (projections/chat-page-query.ts).
     */
    async page(viewer: ChatViewer & { role?: Role }, fanId: string, pageNumber: number): Promise<ChatMessagePage> {
      const b = await pageBundle({ fanId, page: pageNumber, pageSize: CHAT_PAGE_SIZE, forStaff: viewer.isStaff });
      if (!viewer.isStaff) {
        const mayChat = (viewer.role === 'user' || viewer.role === 'proxy_user') && subscriptionMeFields(b.subscriber, nowIso()).ccbillSubscriptionStatus !== '0';
        if (!mayChat) throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
      }
      const facts: ConversationFacts = { conversation: b.conversation, settings: b.settings, fanName: b.fanName, promotion: await massCopyPromotion(fanId, b.settings) };
      const rows = b.rows;
      const member = { hidden_from_chat: b.hiddenFromChat };
      const shown = (facts.conversation?.message_count ?? 0) - (viewer.isStaff ? 0 : (facts.conversation?.fan_deleted ?? 0));
      const totalPages = Math.max(1, Math.ceil(shown / CHAT_PAGE_SIZE));
      return {
        messages: await messageViews(viewer, rows, facts, b.media),
        page_num: pageNumber,
        total_pages: totalPages,
        has_more: pageNumber < totalPages,
        promotionDetails: facts.promotion
          ? { _id: facts.promotion.promotionId, promotionId: facts.promotion.promotionId, discount_percentage: facts.promotion.discountPercent, promotionPercentage: facts.promotion.discountPercent, ribbon_text: facts.promotion.ribbonText }
          : null,
        should_hide_in_chat: !!member.hidden_from_chat,
        pay_per_message: payPerMessageStatus(facts.settings, facts.conversation?.credits ?? 0, !viewer.isStaff && !facts.settings.chat_settings?.disabled_normal_chat),
      };
    },

    /** One message as this viewer sees it, or undefined (not there yet, or under process for a fan). */
    async messageView(viewer: ChatViewer, id: string): Promise<ChatMessageView | undefined> {
      const row = await findChatMessage(db(), id);
      return row ? (await messageViews(viewer, [row], await conversationFacts(row.fan_id)))[0] : undefined;
    },

    async oneMessage(viewer: ChatViewer, id: string): Promise<ChatMessageView> {
      const row = await findChatMessage(db(), id);
      if (!row || row.status !== 'sent' || !visibleTo(row, viewer.isStaff) || (!viewer.isStaff && row.fan_id !== viewer.userId)) throw new DomainError('Message not found.', 'MESSAGE_NOT_FOUND', 404);
      const [view] = await messageViews(viewer, [row], await conversationFacts(row.fan_id));
      if (!view) throw new DomainError('This message is under process. It will be visible to you when processing is completed.', 'MESSAGE_PROCESSING', 409);
      return view;
    },

    /** Credits are granted to fans only (not staff, not unknown ids). */
    isFan: async (userId: string): Promise<boolean> => (await findUser(db(), userId))?.role === 'user',

    unreadCount: async (userId: string, isStaff: boolean): Promise<number> =>
      isStaff ? staffUnreadTotal(db()) : ((await findConversation(db(), userId))?.fan_unread ?? 0),

    unread: async (fanId: string, by: 'fan' | 'staff'): Promise<number> => {
      const c = await findConversation(db(), fanId);
      return c ? (by === 'fan' ? c.fan_unread : c.staff_unread) : 0;
    },

    /** The fan's conversation's pay-per-message credits and wallet balance, shown after sending. */
    async balances(userId: string, isStaff: boolean) {
      const [wallet, conversation] = await Promise.all([findWallet(db(), userId), isStaff ? undefined : findConversation(db(), userId)]);
      return { walletCents: Number(wallet?.balance_cents ?? 0), credits: conversation?.credits ?? 0 };
    },

    /** A fan's pay-per-message charge is taken from the wallet when crypto is their default method, else by card. */
    paysWith: async (fanId: string): Promise<'wallet' | 'card'> => ((await findWallet(db(), fanId))?.default_method === 'crypto_currency' ? 'wallet' : 'card'),

    async userList(role: Role, q: { page: number; search: string; sort: ChatUserSort; bySubscribers: string; list?: ChatListId | null }): Promise<ChatUserListPage> {
      const [{ rows, total }, settings] = await Promise.all([
        chatUserList(db(), {
          page: q.page, pageSize: STAFF_LIST_PAGE_SIZE, search: q.search, sort: q.sort, status: chatListStatus(q.sort, q.bySubscribers), nowIso: nowIso(), list: q.list ?? null,
        }),
        currentSettings(db()),
      ]);
      return { users: rows.map((r) => chatListEntry(r, role, chatViewSettings(settings))), page_num: q.page, total, has_more: q.page * STAFF_LIST_PAGE_SIZE < total };
    },

    async userDetails(role: Role, fanId: string): Promise<ChatUserDetails> {
      const [user, member, wallet, sub, reversals, conversation, settings, onAir] = await Promise.all([
        findUser(db(), fanId), findMember(db(), fanId), findWallet(db(), fanId), findSubscriber(db(), fanId), fanReversals(db(), fanId), findConversation(db(), fanId),
        currentSettings(db()), liveSessionOnAir(db()),
      ]);
      if (!user) throw new DomainError('Error occurred while getting user detail', 'USER_NOT_FOUND', 404);
      return chatUserDetails({
        id: user.id,
        name: user.name,
        nickname: member.nickname ?? null,
        spentCents: Number(user.total_spent_cents ?? 0),
        walletCents: Number(wallet?.balance_cents ?? 0),
        lastSeen: latestOf(await findLastSeen(db(), fanId), conversation?.last_fan_message_at ?? null),
        credits: conversation?.credits ?? 0,
        status: subscriptionMeFields(sub, nowIso()).ccbillSubscriptionStatus,
        reversals,
        liveStreamAvailable: !!onAir && !onAir.is_group && onAir.fan_id === fanId,
      }, role, chatViewSettings(settings));
    },
  };
}

export type ChatQueries = ReturnType<typeof chatQueries>;
