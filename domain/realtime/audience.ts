// Who receives which frame: a pure rule from a committed event to frames and their audience, and
// from an audience to a reader. Beside the route table because it is the same kind of rule: deny by default.
//
// Frames are thin: ids, states and counts. The exception is a new chat message (MESSAGE_RECEIVE), which every open
// chat shows at once: it carries the message whole, as that reader sees it in get_messages — the same view
// (domain/chat/views.ts chatMessageView), so a fan's locked message comes without its originals and staff see
// what staff see. The rule names the message (`wholeMessage`); the gateway reads it once the read models have
// it and makes each reader's copy (`messageSight`, `messageReceiveData`); `data` stays the thin fallback, used
// when the message cannot be read. Everything else a client reads over HTTP with its own session.
import type { Role } from '../shared/wire';
import type { ChatMessageView } from '../chat/wire';
import { STAFF_ROLES } from '../shared/wire';
import { seesChatEarnings, seesChatWallets } from '../chat/roles';
import { SEES_ANONYMOUS_TIPPERS, SEES_LIVE_TIP_TOTAL } from '../live/live-session';

/** Which staff may see a frame: every chat reader, or only those who see wallets / earnings in the chat list. */
export type StaffAudience = 'chat' | 'wallets' | 'earnings';

export interface Audience {
  /** The fan it concerns (and a proxy view of that fan); null: no fan. */
  fanId: string | null;
  /** Staff that may see it; null: no staff. */
  staff: StaffAudience | null;
  /** Every fan (public news only, e.g. "the public settings changed"; such a frame carries no data). */
  allFans?: boolean;
  /** These people, whatever their role (a live session's viewers, its publisher). */
  users?: readonly string[];
  /** Only these staff roles (within `staff`), e.g. who sees a live tip total or an anonymous tipper. */
  roles?: readonly Role[];
  /** The creator's presence: fans receive it only while the creator shows it (show_creator_presence). */
  creatorPresence?: boolean;
}

export interface Reader {
  userId: string;
  role: Role;
}

export interface ReaderSettings {
  /** The model and the content manager do not see earnings while `hide_earnings` is on. */
  hideEarnings: boolean;
  /** show_creator_presence is off: fans get no frame about the creator's presence. */
  hideCreatorPresence?: boolean;
}

const isStaff = (role: Role) => STAFF_ROLES.includes(role);

/** Deny by default: a fan only its own frames, staff only what their role sees in the chat list and header. */
export function mayReceive(audience: Audience, reader: Reader, settings: ReaderSettings): boolean {
  if (audience.users?.includes(reader.userId)) return true;
  if (!isStaff(reader.role) && audience.creatorPresence && settings.hideCreatorPresence) return false;
  if (!isStaff(reader.role)) return audience.allFans === true || (audience.fanId !== null && audience.fanId === reader.userId);
  if (audience.staff === null) return false;
  if (audience.roles && !audience.roles.includes(reader.role)) return false;
  if (audience.staff === 'chat') return true;
  if (audience.staff === 'wallets') return seesChatWallets(reader.role);
  return seesChatEarnings(reader.role, settings.hideEarnings);
}

export interface FrameOut {
  type: string;
  data: Record<string, unknown>;
  audience: Audience;
  /** The chat message this frame carries whole, as each reader sees it; `data` is then the fallback. */
  wholeMessage?: string;
  /**
   * A POST_PUBLISHED for each post this event first made visible to fans (media done, listed, created ready), read
   * from the posts read model once it has the event; none when the event showed no post.
   */
  shownPosts?: true;
}

/** Which view of a chat message a reader gets: staff see staff's, anyone else (the fan, a proxy view of them) the fan's. */
export const messageSight = (reader: Pick<Reader, 'role'>): 'fan' | 'staff' => (isStaff(reader.role) ? 'staff' : 'fan');

/** MESSAGE_RECEIVE's data: the message as the reader sees it, plus the conversation's fan (as every chat frame names it). */
export const messageReceiveData = (view: ChatMessageView): Record<string, unknown> => ({ ...view, fanId: view.userId });

/** The apps' side of MESSAGE_RECEIVE: the message it carries, or null for the thin fallback (then read it over HTTP). */
export function receivedMessage(data: Record<string, unknown>): ChatMessageView | null {
  const whole = typeof data._id === 'string' && typeof data.udid === 'string' && typeof data.message === 'string' && typeof data.isLocked === 'string'
    && typeof data.created === 'string' && Array.isArray(data.media);
  if (!whole) return null;
  const { fanId: _fan, ...view } = data;
  return view as unknown as ChatMessageView;
}

type Data = Record<string, unknown>;
const fan = (fanId: string): Audience => ({ fanId, staff: null });
/** The staff who run the shop (the console's Shop pages). */
const SHOP_MANAGERS: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model'];
const staff = (kind: StaffAudience): Audience => ({ fanId: null, staff: kind });
const both = (fanId: string, kind: StaffAudience): Audience => ({ fanId, staff: kind });
const allFans: Audience = { fanId: null, staff: null, allFans: true };
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

// ---- live streaming (domain/live) -------------------------------------------------------------------------------
// A group session's news goes to every fan as an empty GROUP_LIVE_STARTED / GROUP_LIVE_STOPPED (like every allFans
// frame: the fan site asks GET /api/stream/current); staff get the same frame with the session. What happens inside
// a session (joins, the viewer count, comments, tips) goes only to the fans watching it (the event's viewerIds, which
// the session decides from the tokens it issued) and to staff. The publisher's own frames (LIVE_STARTED with their
// token, STOP_CAMERA_AUDIO) go to the publisher only. Anonymous tippers: named to admins and to the tipper, hidden
// from everyone else.
// The one exception to "frames carry no words": a live comment (GROUP_MESSAGE) carries its text, because every
// viewer shows it at once in the overlay and a read-back per comment per viewer would multiply the load by the
// audience. It is never locked content and goes only to the session's viewers and staff.
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const OTHER_STAFF: readonly Role[] = STAFF_ROLES.filter((r) => !SEES_ANONYMOUS_TIPPERS.includes(r));
const inSession = (d: Data, extra: string[] = []): Audience => ({ fanId: null, staff: 'chat', users: [...new Set([...strs(d.viewerIds), ...extra])] });
/** A session started or stopped: group → an empty frame to every fan and the full one to staff; one-to-one → its fan and staff. */
const liveNews = (type: string, d: Data, data: Data): FrameOut[] =>
  d.isGroup === true
    ? [{ type, data: {}, audience: allFans }, { type, data, audience: staff('chat') }]
    : [{ type, data, audience: both(str(d.fanId), 'chat') }];
const groupMessage = (d: Data, extra: Data) => ({ sessionId: str(d.sessionId), isGroup: d.isGroup === true, ...extra });

const LIVE_RULES: Record<string, (d: Data) => FrameOut[]> = {
  LiveSessionStarted: (d) => {
    const data = { sessionId: str(d.sessionId), isGroup: d.isGroup === true, userId: d.isGroup === true ? null : str(d.fanId), publisherName: str(d.publisherName), startedAt: str(d.startedAt) };
    const room = (d.room ?? {}) as Data;
    return [
      ...liveNews(d.isGroup === true ? 'GROUP_LIVE_STARTED' : 'GO_LIVE', d, data),
      {
        type: 'LIVE_STARTED',
        data: { sessionId: str(d.sessionId), isGroup: d.isGroup === true, room: num(room.room), streamToken: str(d.publisherToken), tabToken: str(d.tabToken), pubId: null, pubPvtId: null, isLiveStreamStarted: true },
        audience: { fanId: null, staff: null, users: [str(d.publisherId)] },
      },
    ];
  },
  // The publisher's feed is up (set_stream_data): viewers holding a token get the feed id to subscribe to; every other
  // fan (group) an empty frame to read GET /api/stream/current again; one-to-one: its fan. Staff get the feed too.
  LiveStreamDataSet: (d) => {
    const data = { sessionId: str(d.sessionId), isGroup: d.isGroup === true, pubId: str(d.pubId) };
    if (d.isGroup !== true) return [{ type: 'LIVE_STREAM_DATA', data, audience: both(str(d.fanId), 'chat') }];
    return [
      { type: 'LIVE_STREAM_DATA', data: {}, audience: allFans },
      { type: 'LIVE_STREAM_DATA', data, audience: inSession(d) },
    ];
  },
  LiveViewerJoined: (d) => {
    const audience = inSession(d);
    return [
      { type: 'USER_JOIN_STREAM', data: { sessionId: str(d.sessionId), userId: str(d.userId), name: str(d.name), connections: num(d.connections) }, audience },
      { type: 'SET_VIEWER', data: { sessionId: str(d.sessionId), count: num(d.viewers) }, audience },
    ];
  },
  LiveViewerLeft: (d) => {
    const audience = inSession(d, [str(d.userId)]);
    const frames: FrameOut[] = [
      { type: 'USER_LEFT_STREAM', data: { sessionId: str(d.sessionId), userId: str(d.userId), reason: str(d.reason), connections: num(d.connections) }, audience },
      { type: 'SET_VIEWER', data: { sessionId: str(d.sessionId), count: num(d.viewers) }, audience },
    ];
    // Put out (removed, blocked, logged out, subscription ended, wallet empty): that viewer's screens close the stream.
    // A tab whose connection was lost is gone on its own; the viewer's other tabs go on.
    if (d.reason !== 'left' && d.reason !== 'disconnected') frames.push({ type: 'STOP_LIVE', data: { sessionId: str(d.sessionId), userId: str(d.userId), reason: str(d.reason) }, audience: fan(str(d.userId)) });
    return frames;
  },
  LiveCommentPosted: (d) => [
    {
      type: 'GROUP_MESSAGE',
      data: groupMessage(d, { _id: str(d.commentId), type: 'text', message: str(d.message), sender_id: str(d.userId), name: str(d.name), from_admin: d.fromAdmin === true, amount: 0, is_anonymous: false, created: str(d.postedAt) }),
      audience: inSession(d),
    },
  ],
  LiveTipReceived: (d) => {
    const tipper = str(d.userId);
    const named = groupMessage(d, { _id: str(d.tipId), type: 'tips', message: '', sender_id: tipper, name: str(d.name), from_admin: false, amount: num(d.amountCents) / 100, amount_cents: num(d.amountCents), is_anonymous: d.isAnonymous === true, created: str(d.receivedAt) });
    const total: FrameOut = { type: 'SET_TIP_AMOUNT', data: { sessionId: str(d.sessionId), totalCents: num(d.totalCents), total: num(d.totalCents) / 100 }, audience: { fanId: null, staff: 'chat', roles: SEES_LIVE_TIP_TOTAL } };
    if (d.isAnonymous !== true) return [{ type: 'GROUP_MESSAGE', data: named, audience: inSession(d) }, total];
    const others = strs(d.viewerIds).filter((id) => id !== tipper);
    return [
      { type: 'GROUP_MESSAGE', data: named, audience: { fanId: null, staff: 'chat', roles: SEES_ANONYMOUS_TIPPERS, users: [tipper] } },
      { type: 'GROUP_MESSAGE', data: { ...named, sender_id: null, name: null }, audience: { fanId: null, staff: 'chat', roles: OTHER_STAFF, users: others } },
      total,
    ];
  },
  // A billed one-to-one's call time started or stopped running: the fan's screen and the staff who see wallets.
  LiveBillingStarted: (d) => [{ type: 'LIVE_CALL_TIME', data: { sessionId: str(d.sessionId), running: true, since: str(d.from) }, audience: both(str(d.fanId), 'wallets') }],
  LiveBillingStopped: (d) => [
    { type: 'LIVE_CALL_TIME', data: { sessionId: str(d.sessionId), running: false, since: str(d.since), until: str(d.until), reason: str(d.reason) }, audience: both(str(d.fanId), 'wallets') },
  ],
  LiveMinuteCharged: (d) => [
    { type: 'LIVE_MINUTE_CHARGED', data: { sessionId: str(d.sessionId), minute: num(d.minute), amountCents: num(d.amountCents), from: str(d.from), to: str(d.to) }, audience: both(str(d.fanId), 'wallets') },
  ],
  LiveSessionStopped: (d) => [
    ...liveNews(d.isGroup === true ? 'GROUP_LIVE_STOPPED' : 'STOP_LIVE', d, { sessionId: str(d.sessionId), isGroup: d.isGroup === true, userId: d.isGroup === true ? null : str(d.fanId), reason: str(d.reason) }),
    { type: 'STOP_CAMERA_AUDIO', data: { sessionId: str(d.sessionId), reason: str(d.reason) }, audience: { fanId: null, staff: null, users: [str(d.publisherId)] } },
  ],
  LiveRecordingReady: (d) => [{ type: 'LIVE_RECORDING_READY', data: { sessionId: str(d.sessionId), mediaId: typeof d.mediaId === 'string' ? d.mediaId : null }, audience: staff('chat') }],
};

// ---- notification centre (domain/notification) --------------------------------------------------------------------
// A new entry rings the bell: NOTIFICATION_RECEIVED carries only its type (the bell reads its counts again with its
// own session, GET /api/notifications/unread-counts). Staff entries go to the roles that have the staff pages; fan
// entries (a new post, a promotion) to every fan as an empty frame (like every allFans frame); a live start already
// reaches fans as GROUP_LIVE_STARTED / GO_LIVE.
const NOTIFIED_STAFF: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model', 'content_manager'];
const bell = (type: string): FrameOut => ({ type: 'NOTIFICATION_RECEIVED', data: { type }, audience: { fanId: null, staff: 'chat', roles: NOTIFIED_STAFF } });
const NOTIFICATION_RULES: Record<string, (d: Data) => FrameOut[]> = {
  PostUnlocked: () => [bell('purchased')],
  SubscriptionStarted: () => [bell('subscription')],
  FreeSubscriptionStarted: () => [bell('subscription')],
  PostCommentAdded: (d) => [bell('comments'), postNews('POST_COUNTS', d.postId)],
  PostLiked: (d) => [bell('likes'), postNews('POST_COUNTS', d.postId)],
  // Demo posts and new versions of a reused post ring no bell. The feed's news of a post is POST_PUBLISHED when fans
  // can first see it (postsShown, below), or when its time comes (api/realtime/scheduled-posts.ts).
  PostCreated: (d) =>
    d.isDemo === true ? [] : typeof d.reuseOf === 'string' ? [postsShown] : [{ type: 'NOTIFICATION_RECEIVED', data: {}, audience: allFans }, postsShown],
  PromotionCreated: () => [{ type: 'NOTIFICATION_RECEIVED', data: {}, audience: allFans }],
};

// ---- the live feed (domain/post, domain/engagement) ----------------------------------------------------------------
// Post news goes to every fan carrying only the post's id: POST_PUBLISHED (a new post may be on the feed: the fan
// site reads it with its own session and offers "N new posts"; a post the fan may not see answers 404 there),
// POST_REMOVED (deleted: drop it), POST_UPDATED (edited or reviewed: read it again), POST_COUNTS (a like or a
// comment moved its counts: read them again, as that fan may see them). No words, no media, no one who liked.
// A post is announced once, when fans can first see it and its time has come: the event that showed it (created
// with its media ready, listed as a version, its last media item processed, reviewed free of errors) names no post
// itself, so its frame is `shownPosts` and the feed reads which posts it showed (projections/posts.ts shown_by).
export const postNews = (type: 'POST_PUBLISHED' | 'POST_REMOVED' | 'POST_UPDATED' | 'POST_COUNTS', postId: unknown): FrameOut => ({ type, data: { postId: str(postId) }, audience: allFans });
const postsShown: FrameOut = { type: 'POST_PUBLISHED', data: {}, audience: allFans, shownPosts: true };
const FEED_RULES: Record<string, (d: Data) => FrameOut[]> = {
  PostVersionAdded: () => [postsShown],
  MediaProcessed: () => [postsShown],
  PostDeleted: (d) => [postNews('POST_REMOVED', d.postId)],
  PostEdited: (d) => [postNews('POST_UPDATED', d.postId), postsShown],
  PostReviewed: (d) => [postNews('POST_UPDATED', d.postId), postsShown],
  PostUnliked: (d) => [postNews('POST_COUNTS', d.postId)],
  PostCommentRemoved: (d) => [postNews('POST_COUNTS', d.postId)],
  PostCommentHidden: (d) => [postNews('POST_COUNTS', d.postId)],
  PostCommentUnhidden: (d) => [postNews('POST_COUNTS', d.postId)],
};

/** The one piece of data an every-fan frame may carry besides a public switch: the id of a post every fan may list. */
export const PUBLIC_FRAME_FIELDS: readonly string[] = ['postId'];

/** Event type → the frames it makes. Only events named here ever reach a socket. */
const RULES: Record<string, (d: Data) => FrameOut[]> = {
  ChatMessageSent: (d) => [
    {
      type: 'MESSAGE_RECEIVE',
      data: { _id: str(d.messageId), fanId: str(d.fanId), fromAdmin: d.fromStaff === true, type: str(d.type), isLocked: num(d.priceCents) > 0, amount: num(d.priceCents) / 100, created: str(d.sentAt) },
      audience: both(str(d.fanId), 'chat'),
      wholeMessage: str(d.messageId),
    },
    {
      type: 'UPDATE_USER_LAST_MESSAGE',
      data: { userId: str(d.fanId), messageId: str(d.messageId), fromAdmin: d.fromStaff === true, created: str(d.sentAt) },
      audience: staff('chat'),
    },
  ],
  ChatMessageSendFailed: (d) => [
    { type: 'SEND_MESSAGE_RES', data: { _id: str(d.messageId), uniqueId: typeof d.uniqueId === 'string' ? d.uniqueId : null, success: false, failureCode: str(d.failureCode) }, audience: fan(str(d.fanId)) },
  ],
  ChatMessageUnlocked: (d) => [
    { type: 'UPDATE_MESSAGE', data: { _id: str(d.messageId), fanId: str(d.fanId), isLocked: false }, audience: both(str(d.fanId), 'chat') },
  ],
  ChatMessageUnlockRevoked: (d) => [
    { type: 'UPDATE_MESSAGE', data: { _id: str(d.messageId), fanId: str(d.fanId), isLocked: true }, audience: both(str(d.fanId), 'chat') },
  ],
  // The fan read the conversation: staff see it in the list; the fan's other tabs clear their unread badge.
  ChatReadByFan: (d) => [
    { type: 'UPDATE_USER_LAST_MESSAGE', data: { userId: str(d.fanId), readByUserAt: str(d.readAt) }, audience: staff('chat') },
    { type: 'UPDATE_MESSAGE', data: { fanId: str(d.fanId), isRead: true, readBy: 'user', readAt: str(d.readAt) }, audience: fan(str(d.fanId)) },
  ],
  ChatReadByStaff: (d) => [
    { type: 'UPDATE_MESSAGE', data: { fanId: str(d.fanId), isRead: true, readBy: 'staff', readAt: str(d.readAt) }, audience: fan(str(d.fanId)) },
    { type: 'UPDATE_USER_LAST_MESSAGE', data: { userId: str(d.fanId), unread: 0 }, audience: staff('chat') },
  ],
  PayPerMessageCreditsGranted: (d) => [
    { type: 'PAY_PER_MESSAGE_STATUS', data: { payPerMessageCredit: num(d.balance) }, audience: fan(str(d.fanId)) },
  ],
  PayPerMessageCreditUsed: (d) => [
    { type: 'PAY_PER_MESSAGE_STATUS', data: { payPerMessageCredit: num(d.balance) }, audience: fan(str(d.fanId)) },
  ],
  // A tip from the chat shows in the conversation as a message (older TipSent events carry no tipFrom: no frame).
  TipSent: (d) =>
    d.tipFrom !== 'chat'
      ? []
      : [
          { type: 'MESSAGE_RECEIVE', data: { _id: str(d.tipId), fanId: str(d.userId), fromAdmin: false, type: 'tip', isLocked: false, amount: num(d.amountCents) / 100, created: str(d.sentAt) }, audience: both(str(d.userId), 'chat'), wholeMessage: str(d.tipId) },
          { type: 'UPDATE_USER_LAST_MESSAGE', data: { userId: str(d.userId), messageId: str(d.tipId), fromAdmin: false, created: str(d.sentAt) }, audience: staff('chat') },
        ],
  // Mass and welcome messages (domain/chat/mass-message.ts): each fan gets MESSAGE_RECEIVE for its copy; staff get
  // one MASS_MESSAGE_UPDATED per batch (at most every DELIVERY_BATCH copies) and per status change, not a frame per fan.
  MassMessageCopiesDelivered: (d) => {
    const content = (d.content ?? {}) as Data;
    const copies = Array.isArray(d.copies) ? (d.copies as Data[]) : [];
    const frames: FrameOut[] = copies.map((c) => ({
      type: 'MESSAGE_RECEIVE',
      data: {
        _id: str(c.messageId), fanId: str(c.fanId), fromAdmin: true, type: str(content.type), isLocked: num(content.priceCents) > 0, amount: num(content.priceCents) / 100,
        created: str(d.deliveredAt), isMassMessage: true, massMessageType: typeof c.massMessageType === 'string' ? c.massMessageType : null,
      },
      audience: fan(str(c.fanId)),
      wholeMessage: str(c.messageId),
    }));
    if (d.future !== true) frames.push(massUpdate(d, 'sending', { delivered: num(d.deliveredTotal), recipients: num(d.recipients) }));
    // Open staff chat lists: one thin frame per batch (no fan id: the list reads page 1 again, once per burst),
    // not one per fan; a conversation open on one of these fans polls on its MESSAGE_RECEIVE-less path as before.
    if (copies.length) frames.push({ type: 'UPDATE_USER_LAST_MESSAGE', data: { massMessageId: str(d.massId), batch: true, copies: copies.length, created: str(d.deliveredAt) }, audience: staff('chat') });
    return frames;
  },
  MassMessageCreated: (d) => [massUpdate(d, typeof d.scheduledAt === 'string' && d.scheduledAt > str(d.createdAt) ? 'scheduled' : 'sending', { delivered: 0, recipients: 0 })],
  MassMessageWaitingForMedia: (d) => [massUpdate(d, 'processing')],
  MassMessageFailed: (d) => [massUpdate(d, 'error', { error: str(d.error) })],
  MassMessageResent: (d) => [massUpdate(d, 'sending')],
  MassMessageAudienceChosen: (d) => [massUpdate(d, 'sending', { delivered: 0, recipients: Array.isArray(d.fanIds) ? d.fanIds.length : 0 })],
  MassMessageSendCompleted: (d) => [massUpdate(d, 'sent', { delivered: num(d.delivered) })],
  MassMessageCancelled: (d) => [massUpdate(d, 'cancelled')],
  // Staff deleted a message (DELETE_MESSAGE, DELETE_MESSAGE_FROM_ALL with udid): the fan's screens drop it;
  // "from subscriber" leaves it on staff screens, marked (UPDATE_MESSAGE), "from all" drops it there too.
  ChatMessageDeleted: (d) =>
    d.scope === 'all'
      ? [
          { type: 'DELETE_MESSAGE_FROM_ALL', data: { _id: str(d.messageId), fanId: str(d.fanId), udid: str(d.udid) }, audience: both(str(d.fanId), 'chat') },
          { type: 'UPDATE_USER_LAST_MESSAGE', data: { userId: str(d.fanId), messageId: str(d.messageId), deleted: true }, audience: staff('chat') },
        ]
      : [
          { type: 'DELETE_MESSAGE', data: { _id: str(d.messageId), fanId: str(d.fanId) }, audience: fan(str(d.fanId)) },
          { type: 'UPDATE_MESSAGE', data: { _id: str(d.messageId), fanId: str(d.fanId), deletedForUser: true }, audience: staff('chat') },
        ],
  // Staff rotated / re-blurred / sent for reprocessing a message's media: the fan's open chat and staff's read it again.
  ChatMessageMediaChanged: (d) => [{ type: 'UPDATE_MESSAGE', data: { _id: str(d.messageId), fanId: str(d.fanId), mediaChanged: true }, audience: both(str(d.fanId), 'chat') }],
  // Row-menu actions (Mark As Unread, nickname, mute, block, hidden from chat): the staff list reads the row again.
  ChatMarkedUnreadByStaff: (d) => [{ type: 'UPDATE_USER_LAST_MESSAGE', data: { userId: str(d.fanId), unread: num(d.unread) }, audience: staff('chat') }],
  NicknameSet: (d) => [{ type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  MassMessagesMutedSet: (d) => [{ type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  HiddenFromChatSet: (d) => [{ type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  MemberBlocked: (d) => [{ type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  MemberUnblocked: (d) => [{ type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  // Chat settings or hide_earnings changed: open consoles read the settings again (menus, amounts, sorts).
  // Any change: every fan's site reads the public settings again (GET /api/app_settings/get); the frame is empty.
  // The socket debug switch reaches every socket with its value (the one allFans frame with data: the switch is
  // public and names nobody): open pages start or stop logging frames at once.
  SiteSettingsUpdated: (d) => {
    const changes = (d.changes ?? {}) as Data;
    const fans: FrameOut = { type: 'SETTINGS_UPDATED', data: {}, audience: allFans };
    const debug: FrameOut[] = 'enable_socket_debug' in changes
      ? [{ type: 'SOCKET_DEBUG', data: { enabled: changes.enable_socket_debug === true }, audience: { ...staff('chat'), allFans: true } }]
      : [];
    return 'chat_settings' in changes || 'hide_earnings' in changes || 'purchased_content_settings' in changes
      ? [{ type: 'CHAT_SETTINGS_UPDATED', data: {}, audience: staff('chat') }, fans, ...debug]
      : [fans, ...debug];
  },
  // The creator came online, went offline or is still online (domain/creator/presence.ts): every fan's profile
  // header and chat header, and staff. Only the creator's presence ever reaches a fan; a fan's presence goes to
  // staff only (USER_ONLINE / USER_OFFLINE from the hub).
  CreatorPresenceRecorded: (d) => [
    { type: 'CREATOR_PRESENCE', data: { online: d.online === true, lastSeenAt: str(d.at) }, audience: { fanId: null, staff: 'chat', allFans: true, creatorPresence: true } },
  ],
  // The fan's own balance; staff who see wallets in the chat list get the new balance of that fan's row.
  WalletCredited: (d) => walletFrames(d),
  WalletDebited: (d) => walletFrames(d),
  WalletRefunded: (d) => walletFrames(d),
  // The fan's cart changed (any tab, or a checkout took its lines): their navbar count and cart page read it again.
  ...Object.fromEntries(['ShopCartLineAdded', 'ShopCartLineChanged', 'ShopCartLineRemoved', 'ShopCartCheckedOut'].map((t) => [t, (d: Data) => [
    { type: 'SHOP_CART_UPDATED', data: { userId: str(d.userId) }, audience: fan(str(d.userId)) },
  ]])),
  // An order of the fan's was placed or moved on (paid, shipped, cancelled, refunded…): their order pages read it
  // again, and so do the console's order pages of the staff who manage the shop.
  ...Object.fromEntries(['ShopOrderPlaced', 'ShopOrderPaid', 'ShopOrderPaymentFailed', 'ShopOrderDelivered', 'ShopOrderShipped', 'ShopOrderTrackingChanged', 'ShopOrderCompleted', 'ShopOrderCancelled', 'ShopOrderLineRefunded', 'ShopOrderReversed', 'ShopDigitalDownloaded'].map((t) => [t, (d: Data) => [
    { type: 'SHOP_ORDER_UPDATED', data: { orderId: str(d.orderId), userId: str(d.userId) }, audience: { ...both(str(d.userId), 'earnings'), roles: SHOP_MANAGERS } },
  ]])),
  // A chat booking moved on (paid, began, ended, cancelled, moved…): the fan's and the staff's countdown and booking
  // lists read it again; the frame says what happened and the slot, so a countdown can start or stop at once.
  ...Object.fromEntries(['ChatBookingConfirmed', 'ChatBookingStarted', 'ChatBookingCompleted', 'ChatBookingNoShow', 'ChatBookingCancelled', 'ChatBookingRescheduled', 'ChatBookingReversed', 'ChatBookingPaymentFailed'].map((t) => [t, (d: Data) => {
    const data = { bookingId: str(d.bookingId), userId: str(d.fanId), event: t, start: typeof d.start === 'string' ? d.start : null, end: typeof d.end === 'string' ? d.end : null };
    return [{ type: 'CHAT_BOOKING_UPDATED', data, audience: fan(str(d.fanId)) }, { type: 'CHAT_BOOKING_UPDATED', data, audience: staff('chat') }];
  }])),
  ChatUserAllowed: (d) => [{ type: 'CHAT_ACCESS_UPDATED', data: { userId: str(d.userId), allowed: true }, audience: fan(str(d.userId)) }, { type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  ChatUserDisallowed: (d) => [{ type: 'CHAT_ACCESS_UPDATED', data: { userId: str(d.userId), allowed: false }, audience: fan(str(d.userId)) }, { type: 'UPDATE_CHAT_USER', data: { userId: str(d.userId) }, audience: staff('chat') }],
  ...LIVE_RULES,
  ...NOTIFICATION_RULES,
  ...FEED_RULES,
  // Money a fan spent moved: the earnings roles refresh that fan's "amount spent".
  PaymentCaptured: (d) => [{ type: 'UPDATE_USER_AMOUNT', data: { userId: str(d.userId), spentChanged: true }, audience: staff('earnings') }],
  PaymentReversed: (d) => [{ type: 'UPDATE_USER_AMOUNT', data: { userId: str(d.userId), spentChanged: true }, audience: staff('earnings') }],
  PaymentPartlyRefunded: (d) => [{ type: 'UPDATE_USER_AMOUNT', data: { userId: str(d.userId), spentChanged: true }, audience: staff('earnings') }],
};

function massUpdate(d: Data, status: string, extra: Data = {}): FrameOut {
  return { type: 'MASS_MESSAGE_UPDATED', data: { _id: str(d.massId), status, ...extra }, audience: staff('chat') };
}

function walletFrames(d: Data): FrameOut[] {
  const data = { userId: str(d.userId), walletBalanceCents: num(d.balanceCents), walletBalance: num(d.balanceCents) / 100 };
  return [{ type: 'UPDATE_USER_AMOUNT', data, audience: both(str(d.userId), 'wallets') }];
}

/** The frames an event makes (none for most events). Frames without a fan and without staff are dropped. */
export function framesFor(event: { type: string; data: Data }): FrameOut[] {
  const rule = Object.hasOwn(RULES, event.type) ? RULES[event.type] : undefined;
  if (!rule) return [];
  return rule(event.data).filter((f) => f.audience.staff !== null || f.audience.allFans === true || (f.audience.fanId !== null && f.audience.fanId !== '') || (f.audience.users?.length ?? 0) > 0);
}

/** Event types that make frames (for tests and the relay's filter). */
export const FRAME_EVENT_TYPES: readonly string[] = Object.keys(RULES);
