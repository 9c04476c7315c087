// Who receives which frame (issue 13): a pure rule from a committed event to frames and their audience, and
// from an audience to a reader. Beside the route table because it is the same kind of rule: deny by default.
//
// Frames are thin on purpose: they carry ids, states and counts, never a message's words or media. A client
// that needs the content asks the API with its own session (GET /api/chat/get_chat_message, get_messages), so a
// locked message, a hidden amount or another fan's conversation can't leak through a frame even if this rule
// were wrong about a field.
import type { Role } from '../shared/wire';
import { STAFF_ROLES } from '../shared/wire';
import { seesChatEarnings, seesChatWallets } from '../chat/roles';

/** Which staff may see a frame: every chat reader, or only those who see wallets / earnings in the chat list. */
export type StaffAudience = 'chat' | 'wallets' | 'earnings';

export interface Audience {
  /** The fan it concerns (and a proxy view of that fan); null: no fan. */
  fanId: string | null;
  /** Staff that may see it; null: no staff. */
  staff: StaffAudience | null;
  /** Every fan (public news only, e.g. "the public settings changed"; such a frame carries no data). */
  allFans?: boolean;
}

export interface Reader {
  userId: string;
  role: Role;
}

export interface ReaderSettings {
  /** The model and the content manager do not see earnings while `hide_earnings` is on (spec 3 §6). */
  hideEarnings: boolean;
}

const isStaff = (role: Role) => STAFF_ROLES.includes(role);

/** Deny by default: a fan only its own frames, staff only what their role sees in the chat list and header. */
export function mayReceive(audience: Audience, reader: Reader, settings: ReaderSettings): boolean {
  if (!isStaff(reader.role)) return audience.allFans === true || (audience.fanId !== null && audience.fanId === reader.userId);
  if (audience.staff === null) return false;
  if (audience.staff === 'chat') return true;
  if (audience.staff === 'wallets') return seesChatWallets(reader.role);
  return seesChatEarnings(reader.role, settings.hideEarnings);
}

export interface FrameOut {
  type: string;
  data: Record<string, unknown>;
  audience: Audience;
}

type Data = Record<string, unknown>;
const fan = (fanId: string): Audience => ({ fanId, staff: null });
const staff = (kind: StaffAudience): Audience => ({ fanId: null, staff: kind });
const both = (fanId: string, kind: StaffAudience): Audience => ({ fanId, staff: kind });
const allFans: Audience = { fanId: null, staff: null, allFans: true };
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** Event type → the frames it makes. Only events named here ever reach a socket. */
const RULES: Record<string, (d: Data) => FrameOut[]> = {
  ChatMessageSent: (d) => [
    {
      type: 'MESSAGE_RECEIVE',
      data: { _id: str(d.messageId), fanId: str(d.fanId), fromAdmin: d.fromStaff === true, type: str(d.type), isLocked: num(d.priceCents) > 0, amount: num(d.priceCents) / 100, created: str(d.sentAt) },
      audience: both(str(d.fanId), 'chat'),
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
          { type: 'MESSAGE_RECEIVE', data: { _id: str(d.tipId), fanId: str(d.userId), fromAdmin: false, type: 'tip', isLocked: false, amount: num(d.amountCents) / 100, created: str(d.sentAt) }, audience: both(str(d.userId), 'chat') },
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
  // Staff deleted a message (spec 3 §7.8 DELETE_MESSAGE, DELETE_MESSAGE_FROM_ALL with udid): the fan's screens drop it;
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
  SiteSettingsUpdated: (d) => {
    const changes = (d.changes ?? {}) as Data;
    const fans: FrameOut = { type: 'SETTINGS_UPDATED', data: {}, audience: allFans };
    return 'chat_settings' in changes || 'hide_earnings' in changes || 'purchased_content_settings' in changes
      ? [{ type: 'CHAT_SETTINGS_UPDATED', data: {}, audience: staff('chat') }, fans]
      : [fans];
  },
  // The fan's own balance; staff who see wallets in the chat list get the new balance of that fan's row.
  WalletCredited: (d) => walletFrames(d),
  WalletDebited: (d) => walletFrames(d),
  WalletRefunded: (d) => walletFrames(d),
  // Money a fan spent moved: the earnings roles refresh that fan's "amount spent".
  PaymentCaptured: (d) => [{ type: 'UPDATE_USER_AMOUNT', data: { userId: str(d.userId), spentChanged: true }, audience: staff('earnings') }],
  PaymentReversed: (d) => [{ type: 'UPDATE_USER_AMOUNT', data: { userId: str(d.userId), spentChanged: true }, audience: staff('earnings') }],
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
  return rule(event.data).filter((f) => f.audience.staff !== null || f.audience.allFans === true || (f.audience.fanId !== null && f.audience.fanId !== ''));
}

/** Event types that make frames (for tests and the relay's filter). */
export const FRAME_EVENT_TYPES: readonly string[] = Object.keys(RULES);
