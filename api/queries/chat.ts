// Chat reads: a conversation's messages as one viewer sees them, the staff list and header, and
// the pay-per-message terms. What each shows is decided in domain/chat/views.ts; here the reads and the signed links.
import { liveSessionOnAir } from '../../projections/live-sessions';
import { DomainError } from '../../domain/shared/decider';
import { isStaffRole, type Role } from '../../domain/shared/wire';
import type { SiteSettings } from '../../domain/settings/settings';
import { CHAT_NOT_ALLOWED } from '../../domain/chat/chat-message';
import {
  CHAT_LIST_PAGE_SIZE, chatLastSeen, chatListStatus, chatMessageMediaIds, chatMessagePage, chatMessageShownTo, chatMessageViews, chatUserDetails,
  chatUserListPage, payPerMessageStatus, type MassCopyPromotion,
} from '../../domain/chat/views';
import {
  CHAT_PAGE_SIZE, type ChatMessagePage, type ChatMessageView, type ChatUserDetails, type ChatUserListPage, type ChatUserSort, type PayPerMessageStatus,
} from '../../domain/chat/wire';
import { findChatMessage, type ChatMessageRow } from '../../projections/chat-messages';
import { chatViewSettings } from '../../domain/chat/roles';
import { findConversation, staffUnreadTotal, type ConversationRow } from '../../projections/chat-conversations';
import { chatUserList, fanReversals, type ChatListId } from '../../projections/chat-queries';
import { mediaByIds, type MediaRow } from '../../projections/media';
import { chatPageBundle, chatPageWithSession, type ChatPageBundle } from '../../projections/chat-page-query';
import { tiersOf } from '../../projections/feed-query';
import { tierRankOf } from '../../domain/post/visibility';
import { requireCaller, type PendingSession } from '../auth';
import type { FastifyRequest } from 'fastify';
import { createReadCache, readCacheOptions } from '../read-cache';
import { currentSettings } from '../../projections/settings';
import { findSubscriber, subscriptionMeFields, type SubscriberRow } from '../../projections/subscribers';
import { findUser } from '../../projections/users';
import { findWallet } from '../../projections/wallet';
import { findMember } from '../../projections/members';
import { findLastSeen } from '../../projections/last-seen';
import { mediaView } from '../views';
import { massCopyPromotionOf } from './mass-messages';
import { CHAT_WRITERS } from '../../commands/chat';
import { isEligible, promotionViewerOf, type PromotionState } from '../../domain/promotion/promotion';
import { promotionStateOf } from '../../projections/promotions';
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
  /** The running promotion that covers mass messages and this fan, or null. */
  promotion: MassCopyPromotion | null;
  /** The fan's membership tier (null: the base tier or none): what a message limited to a tier asks of them. */
  fanTierId: string | null;
}

export function chatQueries(services: Services) {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  // A conversation page's rows (the one statement of projections/chat-page-query.ts), kept like the feed's pages:
  // while the read models are unchanged (any event anywhere moves the version), at most 10 s. Who may read it,
  // the running promotion and the signed media links are worked out on every request, from the clock of now.
  const pageBundles = createReadCache<ChatPageBundle>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 2_000 });
  const pageKey = (o: Parameters<typeof chatPageBundle>[1]) => `${o.forStaff ? 's' : 'f'}|${o.fanId}|${o.page}|${o.pageSize}`;
  const pageBundle = async (o: Parameters<typeof chatPageBundle>[1]): Promise<ChatPageBundle> => {
    const key = pageKey(o);
    const hit = pageBundles.get(key, Date.now());
    if (hit) return hit;
    const version = pageBundles.version();
    const b = await chatPageBundle(services.database, o);
    pageBundles.set(key, b, version, Date.now());
    return b;
  };
  /**
   * A request's pending session (api/auth.ts) admitted with the fan's own page read in the same statement: the page,
   * kept like any other, or null when the statement read none for this caller (then read as usual).
   */
  const admitWithOwnPage = async (pending: PendingSession, page: number): Promise<ChatPageBundle | null> => {
    const version = pageBundles.version();
    const r = await chatPageWithSession(services.database, { tokenHash: pending.tokenHash, nowIso: nowIso(), page, pageSize: CHAT_PAGE_SIZE });
    await pending.admitWith(r.session);
    if (r.bundle && r.session) pageBundles.set(pageKey({ fanId: r.session.user_id, page, pageSize: CHAT_PAGE_SIZE, forStaff: false }), r.bundle, version, Date.now());
    return r.bundle;
  };
  /**
   * The running promotion that discounts this fan's locked mass-message copies, or null: from the read models (the
   * latest locked-content promotion and the fan's membership), never from the streams — a read loads no stream. A
   * purchase checks the promotion again against its stream (commands/promotions.ts).
   */
  const massCopyPromotion = (settings: SiteSettings, state: PromotionState, subscriber: SubscriberRow | undefined): ConversationFacts['promotion'] => {
    if (!settings.enable_promotion) return null;
    const now = nowIso();
    const p = massCopyPromotionOf(state, now);
    if (!p) return null;
    const membership = subscriber ? { expiresAt: subscriber.expires_at || null, periods: subscriber.periods } : null;
    if (!isEligible(p.promotion, promotionViewerOf({ isStaff: false, membership, now }), 'mass_message')) return null;
    return { promotionId: p.promotion.promotionId, discountPercent: p.discountPercent, ribbonText: p.promotion.ribbonText };
  };

  const conversationFacts = async (fanId: string): Promise<ConversationFacts> => {
    const [conversation, settings, fan, promotion, subscriber] = await Promise.all([
      findConversation(db(), fanId), currentSettings(db()), findUser(db(), fanId), promotionStateOf(db(), 'LOCKED_CONTENT'), findSubscriber(db(), fanId),
    ]);
    return { conversation, settings, fanName: fan?.name ?? '', promotion: massCopyPromotion(settings, promotion, subscriber), fanTierId: subscriber?.tier_id ?? null };
  };

  /** Rows → what this viewer sees (domain/chat/views.ts); only the media reads and the signed links are done here. */
  const messageViews = async (viewer: ChatViewer, rows: ChatMessageRow[], facts: ConversationFacts, known?: Map<string, MediaRow>): Promise<ChatMessageView[]> => {
    const ids = chatMessageMediaIds(rows);
    // The tiers are read only for a page that has a message limited to one (most have none).
    const [media, tiers] = await Promise.all([
      known ?? (ids.length ? mediaByIds(db(), ids) : new Map<string, MediaRow>()),
      rows.some((r) => r.min_tier_id) ? tiersOf(db()) : undefined,
    ]);
    return chatMessageViews(rows, {
      forStaff: viewer.isStaff, conversation: facts.conversation, settings: facts.settings, fanName: facts.fanName,
      massCopyDiscountPercent: facts.promotion?.discountPercent ?? null, media, mediaView: (m, open) => mediaView(m, open, services.storage),
      tiers, fanTierRank: tiers ? tierRankOf(tiers, facts.fanTierId) : 0,
    });
  };

  /** The fan's membership status code ('0' none, '1' active, '2' cancelled but paid). */
  const fanStatus = async (fanId: string) => subscriptionMeFields(await findSubscriber(db(), fanId), nowIso()).ccbillSubscriptionStatus;

  const sendStatus = async (fanId: string | null, canChat: boolean): Promise<PayPerMessageStatus> => {
    const [settings, conversation] = await Promise.all([currentSettings(db()), fanId ? findConversation(db(), fanId) : undefined]);
    // A fan cannot write while normal chat is off (chat_settings.disabled_normal_chat).
    return payPerMessageStatus(settings, conversation?.credits ?? 0, canChat && !(fanId && settings.chat_settings?.disabled_normal_chat));
  };

  /** The pay-per-message terms a caller is shown (POST get_user_send_message_status, the IS_ENABLE_PAY_PER_MESSAGE
   *  frame): staff may write when their role writes chat, a fan while subscribed. */
  const sendStatusFor = async (caller: { userId: string; role: Role }): Promise<PayPerMessageStatus> =>
    isStaffRole(caller.role)
      ? sendStatus(null, CHAT_WRITERS.includes(caller.role))
      : sendStatus(caller.userId, caller.role === 'user' && (await fanStatus(caller.userId)) !== '0');

  return {
    messageViews,
    fanStatus,
    sendStatus,
    sendStatusFor,

    /** A fan may chat while subscribed ('1' or '2'); a proxy session reads the fan's chat but never writes. */
    async requireChatFan(caller: { userId: string; role: Role }) {
      if (caller.role !== 'user' && caller.role !== 'proxy_user') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
      if ((await fanStatus(caller.userId)) === '0') throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
    },

    /**
     * A page of a conversation: the fan's own (refused unless they may chat, as requireChatFan) or, for staff,
     * any fan's. Everything comes from one statement (projections/chat-page-query.ts).
     */
    async page(viewer: ChatViewer & { role?: Role }, fanId: string, pageNumber: number, read?: ChatPageBundle): Promise<ChatMessagePage> {
      const b = read ?? (await pageBundle({ fanId, page: pageNumber, pageSize: CHAT_PAGE_SIZE, forStaff: viewer.isStaff }));
      if (!viewer.isStaff) {
        const mayChat = (viewer.role === 'user' || viewer.role === 'proxy_user') && subscriptionMeFields(b.subscriber, nowIso()).ccbillSubscriptionStatus !== '0';
        if (!mayChat) throw new DomainError(CHAT_NOT_ALLOWED, 'CHAT_NOT_ALLOWED', 403);
      }
      const facts: ConversationFacts = {
        conversation: b.conversation, settings: b.settings, fanName: b.fanName, promotion: massCopyPromotion(b.settings, b.lockedContentPromotion, b.subscriber),
        fanTierId: b.subscriber?.tier_id ?? null,
      };
      const messages = await messageViews(viewer, b.rows, facts, b.media);
      return chatMessagePage(messages, pageNumber, { ...facts, forStaff: viewer.isStaff, hiddenFromChat: b.hiddenFromChat });
    },

    /**
     * The caller's own conversation page (GET get_messages): as page() for the fan, with the session read in the page's
     * statement when the request's was left pending (api/auth.ts).
     */
    async ownPage(request: FastifyRequest, pageNumber: number): Promise<ChatMessagePage> {
      const read = request.pendingSession ? await admitWithOwnPage(request.pendingSession, pageNumber) : null;
      const caller = requireCaller(request);
      return this.page({ userId: caller.userId, isStaff: false, role: caller.role }, caller.userId, pageNumber, read ?? undefined);
    },

    /** One message as this viewer sees it, or undefined (not there yet, or under process for a fan). */
    async messageView(viewer: ChatViewer, id: string): Promise<ChatMessageView | undefined> {
      const row = await findChatMessage(db(), id);
      return row ? (await messageViews(viewer, [row], await conversationFacts(row.fan_id)))[0] : undefined;
    },

    /**
     * One message as the fan of its conversation and as staff see it (the real-time MESSAGE_RECEIVE), each only when
     * asked for; a side it is hidden from (not sent, deleted, staff media still rendering for the fan) gets null.
     * The row and its conversation are read once for both. Undefined: the message is not in the read model.
     */
    async messageSights(id: string, want: { fan: boolean; staff: boolean }): Promise<{ fan: ChatMessageView | null; staff: ChatMessageView | null } | undefined> {
      const row = await findChatMessage(db(), id);
      if (!row) return undefined;
      if (row.status !== 'sent') return { fan: null, staff: null };
      const facts = await conversationFacts(row.fan_id);
      const ids = chatMessageMediaIds([row]);
      const media = ids.length ? await mediaByIds(db(), ids) : new Map<string, MediaRow>();
      const as = async (isStaff: boolean) => (await messageViews({ userId: isStaff ? '' : row.fan_id, isStaff }, [row], facts, media))[0] ?? null;
      return { fan: want.fan ? await as(false) : null, staff: want.staff ? await as(true) : null };
    },

    async oneMessage(viewer: ChatViewer, id: string): Promise<ChatMessageView> {
      const row = await findChatMessage(db(), id);
      if (!row || row.status !== 'sent' || !chatMessageShownTo(row, viewer.isStaff) || (!viewer.isStaff && row.fan_id !== viewer.userId)) throw new DomainError('Message not found.', 'MESSAGE_NOT_FOUND', 404);
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
          page: q.page, pageSize: CHAT_LIST_PAGE_SIZE, search: q.search, sort: q.sort, status: chatListStatus(q.sort, q.bySubscribers), nowIso: nowIso(), list: q.list ?? null,
        }),
        currentSettings(db()),
      ]);
      return chatUserListPage(rows, total, q.page, role, chatViewSettings(settings));
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
        lastSeen: chatLastSeen(await findLastSeen(db(), fanId), conversation?.last_fan_message_at ?? null),
        credits: conversation?.credits ?? 0,
        status: subscriptionMeFields(sub, nowIso()).ccbillSubscriptionStatus,
        reversals,
        liveStreamAvailable: !!onAir && !onAir.is_group && onAir.fan_id === fanId,
      }, role, chatViewSettings(settings));
    },
  };
}

export type ChatQueries = ReturnType<typeof chatQueries>;
