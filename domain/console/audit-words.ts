// The Audit page's rows in words: one sentence per event, from its type and the fields it carries
// ('PushNotificationAttempted' with three sent results → "Push notification sent to 3 devices"). The record names
// every event type the audit log can hold, so a new event without words fails the type check.
import type { AnyDomainEvent } from '../events';
import type { EmailConfigEvent } from '../site-config/email-config';
import type { ConsoleSetupEvent } from './setup';
import type { HelpEvent } from '../help/help';
import type { NotificationEvent } from '../notification/notification';
import type { PushEvent } from '../push/push';
import type { SubscriptionEmailEvent } from '../subscription-email/subscription-email';
import type { ShopEmailEvent } from '../shop-email/shop-email';
import { formatMoney } from '../shared/money';
import { auditActionLabel } from './audit-labels';
import { PURCHASE_FACTS, type PurposeKind } from '../payment/purchase-kinds';

/** Every event the audit log records (it keeps every event of the log). */
export type AuditedEvent = AnyDomainEvent | EmailConfigEvent | ConsoleSetupEvent | HelpEvent | NotificationEvent | PushEvent | SubscriptionEmailEvent | ShopEmailEvent;
export type AuditedEventType = AuditedEvent['type'];

/** An audit row's data as stored (redacted JSON): fields are read defensively, since old rows may lack some. */
type Data = Record<string, unknown>;
type Words = string | ((d: Data) => string);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const money = (v: unknown): string => (num(v) === null ? '' : ` of ${formatMoney(num(v)!)}`);
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const len = (v: unknown): number => (Array.isArray(v) ? v.length : 0);
const quoted = (v: unknown): string => (str(v) ? ` "${str(v)!.slice(0, 60)}"` : '');
const obj = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
const keysOf = (v: unknown): string => {
  const keys = Object.keys(obj(v));
  return keys.length ? `: ${keys.slice(0, 4).map(k => k.replace(/_/g, ' ')).join(', ')}${keys.length > 4 ? ` and ${keys.length - 4} more` : ''}` : '';
};
const reversal = (v: unknown): string => ({ refund: 'refunded', void: 'voided', chargeback: 'charged back' })[str(v) ?? ''] ?? 'reversed';

/** What a payment was for, in a few words. */
function purposeWords(v: unknown): string {
  const kind = str(obj(v).kind);
  if (kind && kind in PURCHASE_FACTS) return PURCHASE_FACTS[kind as PurposeKind].inWords;
  return kind ? kind.replace(/_/g, ' ') : 'a purchase';
}

function pushWords(d: Data): string {
  const results = Array.isArray(d.results) ? d.results.map(obj) : [];
  const sent = results.filter(r => r.outcome === 'sent').length;
  if (d.reason === 'disabled') return 'Push notification not sent: web push is turned off';
  if (d.reason === 'expired') return 'Push notification given up: it was too old to send';
  if (!results.length) return 'Push notification: no devices to send to';
  const failed = results.length - sent;
  return sent ? `Push notification sent to ${count(sent, 'device')}${failed ? ` (${failed} failed)` : ''}` : `Push notification could not be sent to ${count(results.length, 'device')}`;
}

export const AUDIT_WORDS: Readonly<Record<AuditedEventType, Words>> = {
  // Accounts
  UserRegistered: d => `Account registered${str(d.email) ? ` for ${str(d.email)}` : ''}${d.isDemo ? ' (demo)' : ''}`,
  RegistrationAbandoned: 'Unfinished registration removed',
  UserLoggedIn: 'Signed in',
  UserLoggedOut: 'Signed out',
  PasswordChanged: 'Password changed',
  ProfileUpdated: d => `Profile name changed${str(d.name) ? ` to "${str(d.name)}"` : ''}`,
  PasswordResetRequested: 'Password reset link requested',
  PasswordResetCompleted: 'Password reset with an emailed link',
  EmailChangeRequested: d => `Email change to ${str(d.newEmail) ?? 'a new address'} requested`,
  EmailChangeDismissed: 'Email change cancelled',
  EmailChanged: d => `Email changed${str(d.newEmail) ? ` to ${str(d.newEmail)}` : ''}`,
  EmailClaimed: d => `Email address ${str(d.email) ?? ''} taken by an account`.replace('  ', ' '),
  EmailReleased: d => `Email address ${str(d.email) ?? ''} freed`.replace('  ', ' '),
  EmailOptInStatusChanged: d => `Email opt-in changed${str(d.status) ? ` to ${str(d.status)!.replace(/_/g, ' ')}` : ''}`,
  EmailOptInVerified: 'Email opt-in confirmed',
  EmailOptInPromptShown: 'Email opt-in prompt shown',
  PhotoIdUploaded: 'Photo ID uploaded',
  PhotoIdAcceptanceChanged: d => (d.accepted ? 'Photo ID accepted' : 'Photo ID refused'),
  // Members (staff actions on a fan)
  MemberBlocked: 'Fan blocked',
  MemberUnblocked: 'Fan unblocked',
  MemberDeleted: 'Account deleted',
  MemberRoleChanged: d => `Role changed${str(d.role) ? ` to ${str(d.role)!.replace(/_/g, ' ')}` : ''}`,
  NicknameSet: d => (str(d.nickname) ? `Nickname set to "${str(d.nickname)}"` : 'Nickname removed'),
  HiddenFromChatSet: d => (d.hidden ? 'Hidden from the chat list' : 'Shown in the chat list again'),
  MassMessagesMutedSet: d => (d.muted ? 'Mass messages muted for this fan' : 'Mass messages unmuted for this fan'),
  PhotoIdOverrideSet: d => (d.accepted ? 'Photo ID requirement waived' : 'Photo ID requirement restored'),
  MigrationSubscriptionSet: d => (d.migrate ? 'Marked for membership migration' : 'Membership migration mark removed'),
  EmailPreferencesSet: 'Email preferences saved',
  ProxySessionStarted: 'Admin logged in as this fan',
  ProxySessionEnded: 'Admin left the fan\'s session',
  FanLastSeen: 'Fan seen on the site',
  DataExported: d => `CSV of ${str(d.resource)?.replace(/[-_]/g, ' ') ?? 'a list'} downloaded${num(d.rows) !== null ? ` (${count(num(d.rows)!, 'row')})` : ''}`,
  UserBlockedFromCommenting: 'Fan blocked from commenting',
  UserUnblockedFromCommenting: 'Fan may comment again',
  // Posts and media
  PostCreated: d => `Post created${quoted(d.caption)}`,
  PostEdited: d => `Post edited${quoted(d.caption)}`,
  PostDeleted: 'Post deleted',
  PostReviewed: 'Post reviewed',
  PostVersionAdded: 'Post reused as a new version',
  PostLiked: 'Post liked',
  PostUnliked: 'Post like taken back',
  PostCommentAdded: d => `Comment added${quoted(d.comment)}`,
  PostCommentRemoved: 'Comment removed',
  PostCommentHidden: 'Comment hidden',
  PostCommentUnhidden: 'Comment shown again',
  FeedTagCreated: d => `Feed tag${quoted(d.name)} created`,
  FeedTagRenamed: d => `Feed tag renamed to${quoted(d.name) || ' a new name'}`,
  FeedTagDeleted: 'Feed tag deleted',
  FeedPostTagsChanged: d => `Post tags changed (${len(d.added)} added, ${len(d.removed)} removed)`,
  MediaUploaded: d => `${str(d.kind) === 'video' ? 'Video' : str(d.kind) === 'image' ? 'Photo' : 'File'} uploaded${quoted(d.fileName)}`,
  MediaProcessed: 'Upload ready to show',
  MediaProcessingAttemptFailed: d => `Upload could not be processed${num(d.attempt) ? ` (attempt ${num(d.attempt)})` : ''}; it will be tried again`,
  MediaProcessingFailed: 'Upload could not be processed',
  MediaRemoved: 'Upload removed',
  MediaRotated: d => `Photo or video rotated${num(d.angle) !== null ? ` by ${num(d.angle)}°` : ''}`,
  MediaBlurRefreshed: 'Blurred preview made again',
  MediaReprocessRequested: 'Upload sent to be processed again',
  MediaCategoryCreated: d => `Media category${quoted(d.name)} created`,
  MediaCategoryRenamed: d => `Media category renamed to${quoted(d.name) || ' a new name'}`,
  MediaCategoryDeleted: 'Media category deleted',
  MediaAddedToCategory: d => `${count(len(d.mediaIds), 'file')} added to a media category`,
  MediaTakenOutOfCategory: d => `${count(len(d.mediaIds), 'file')} taken out of a media category`,
  // Money
  PaymentRequested: d => `Payment${money(d.amountCents)} for ${purposeWords(d.purpose)} started`,
  PaymentCaptured: d => `Paid${money(d.amountCents).replace(' of', '')} for ${purposeWords(d.purpose)}`,
  PaymentFailed: d => `Payment${money(d.amountCents)} for ${purposeWords(d.purpose)} failed${str(d.message) ? `: ${str(d.message)}` : ''}`,
  PaymentReversed: d => `Payment${money(d.amountCents)} for ${purposeWords(d.purpose)} ${reversal(d.kind)}`,
  PaymentPartlyRefunded: d => `Part of a payment refunded:${money(d.amountCents)} for ${purposeWords(d.purpose)}`,
  CardAdded: d => `Card${str(d.last4) ? ` ending ${str(d.last4)}` : ''} saved`,
  PrimaryCardSet: 'Primary card changed',
  CardRemoved: 'Saved card removed',
  DefaultPaymentMethodChanged: d => `Default payment method set to ${d.method === 'crypto_currency' ? 'crypto' : 'card'}`,
  WalletCredited: d => `Wallet topped up${money(d.amountCents).replace(' of', ' with')}`,
  WalletDebited: d => `Paid${money(d.amountCents).replace(' of', '')} from the wallet`,
  WalletRefunded: d => `Wallet refunded${money(d.amountCents).replace(' of', '')}`,
  CryptoPaymentCreated: d => `Crypto top-up${money(d.amountCents)} started`,
  CryptoPaymentStarted: 'Crypto payment address handed out',
  CryptoPaymentUnderpaid: d => `Crypto top-up underpaid${num(d.receivedCents) !== null ? ` (${formatMoney(num(d.receivedCents)!)} received)` : ''}`,
  CryptoPaymentExpired: 'Crypto top-up expired unpaid',
  CryptoPaymentFailed: 'Crypto top-up failed',
  CryptoPaymentPaid: 'Crypto top-up paid',
  GuestPurchaseRequested: d => `Guest${str(d.email) ? ` ${str(d.email)}` : ''} started buying a post${money(d.amountCents).replace(' of', ' for')}`,
  GuestPurchaseMatched: d => (d.created ? 'Guest purchase: account made for the buyer' : 'Guest purchase: matched to an existing account'),
  GuestPurchaseReleased: d => `Guest purchase ${str(d.reason) === 'declined' ? 'declined' : str(d.reason) === 'refused' ? 'refused' : 'abandoned'}`,
  PostUnlockRequested: d => `Post unlock${money(d.amountCents)} started`,
  PostUnlocked: d => `Post unlocked${money(d.amountCents).replace(' of', ' for')}`,
  PostUnlockFailed: 'Post unlock failed',
  PostUnlockRevoked: d => `Post unlock taken back (payment ${reversal(d.reason)})`,
  TipRequested: d => `Tip${money(d.amountCents)} started`,
  TipSent: d => `Tip${money(d.amountCents)} sent`,
  TipFailed: 'Tip failed',
  TipReversed: d => `Tip${money(d.amountCents)} ${reversal(d.kind)}`,
  SubscriptionRequested: d => `Membership${money(d.amountCents)} started`,
  SubscriptionStarted: d => `Membership started${money(d.amountCents).replace(' of', ' at')}`,
  FreeSubscriptionStarted: 'Free membership started',
  SubscriptionPaymentFailed: d => (d.final ? 'Membership payment failed for the last time' : 'Membership payment failed'),
  SubscriptionCancelled: 'Membership cancelled',
  SubscriptionRevoked: d => `Membership taken back (payment ${reversal(d.reason)})`,
  SubscriptionReactivated: 'Membership turned back on',
  ComplimentarySubscriptionGiven: d => `Free membership given${num(d.months) ? ` for ${count(num(d.months)!, 'month')}` : ''}`,
  ComplimentarySubscriptionCancelled: 'Free membership cancelled',
  RebillNotificationDateUpdated: 'Renewal reminder sent',
  MigrationConditionsAccepted: 'Membership migration terms accepted',
  SubscriptionEmailSent: d => `Membership email sent${str(d.kind) ? ` (${str(d.kind)!.replace(/_/g, ' ')})` : ''}`,
  SubscriptionLinkGenerated: d => `Subscription link made${money(d.initialCents).replace(' of', ' at')}`,
  SubscriptionLinkUsed: 'Subscription link used',
  CouponCreated: d => `Coupon${quoted(d.code)} created`,
  CouponUpdated: d => `Coupon${quoted(d.code)} changed`,
  CouponDisabled: d => `Coupon${quoted(d.code)} turned off`,
  CouponEnabled: d => `Coupon${quoted(d.code)} turned on`,
  PromotionCreated: d => `${str(d.type) ? `${str(d.type)!.replace(/_/g, ' ')} promotion` : 'Promotion'} created`.replace(/^./, c => c.toUpperCase()),
  PromotionEnded: 'Promotion ended',
  PromotionSettingsUpdated: d => `Promotion settings saved${keysOf(d.changes)}`,
  ResubscribeOfferSettingsSaved: d => `Resubscribe offer saved${keysOf(d.changes)}`,
  PaymentProviderSettingsSaved: d => `${str(d.provider) ?? 'Payment provider'} settings saved`,
  PaymentProviderSettingsCleared: d => `${str(d.provider) ?? 'Payment provider'} settings removed`,
  // Chat and messages
  ChatMessageSendRequested: d => `Paid message${money(d.amountCents)} started`,
  ChatMessageSent: d => (num(d.priceCents) ? `Chat message sent, locked at ${formatMoney(num(d.priceCents)!)}` : 'Chat message sent'),
  ChatMessageSendFailed: 'Paid message could not be sent',
  ChatMessageUnlockRequested: d => `Chat message unlock${money(d.amountCents)} started`,
  ChatMessageUnlocked: d => (str(d.byStaff) ? 'Chat message unlocked for the fan by staff' : `Chat message unlocked${money(d.amountCents).replace(' of', ' for')}`),
  ChatMessageUnlockFailed: 'Chat message unlock failed',
  ChatMessageUnlockRevoked: d => `Chat message unlock taken back (payment ${reversal(d.reason)})`,
  ChatMessageDeleted: d => (d.scope === 'everyone' ? 'Chat message deleted for everyone' : 'Chat message deleted'),
  ChatMessageMediaChanged: 'Chat message media changed',
  ChatReadByFan: 'Fan read the chat',
  ChatReadByStaff: 'Staff read the chat',
  ChatMarkedUnreadByStaff: 'Chat marked as unread',
  ChatEmailNotified: d => `Fan emailed about ${count(num(d.unread) ?? 1, 'unread message')}`,
  PayPerMessageCreditsGranted: d => `${count(num(d.credits) ?? 0, 'free message credit')} given`,
  PayPerMessageCreditUsed: 'Free message credit used',
  MassMessageCreated: 'Mass message created',
  MassMessageWaitingForMedia: 'Mass message waiting for its media',
  MassMessageAudienceChosen: d => `Mass message audience chosen: ${count(len(d.fanIds), 'fan')}`,
  MassMessageCopiesDelivered: d => `Mass message delivered to ${count(len(d.fanIds) || num(d.delivered) || 0, 'fan')}`,
  MassMessageCopyRecorded: 'Mass message copy delivered',
  MassMessageSendCompleted: d => `Mass message sent to ${count(num(d.delivered) ?? 0, 'fan')}`,
  MassMessageFailed: d => `Mass message failed${str(d.error) ? `: ${str(d.error)}` : ''}`,
  MassMessageResent: 'Mass message sent again',
  MassMessageCancelled: d => (d.reason === 'superseded' ? 'Scheduled message replaced' : 'Mass message cancelled'),
  WelcomeMessageSet: 'Welcome message saved',
  ContactMessageReceived: d => `Contact form message received${str(d.subject) ? `: "${str(d.subject)}"` : ''}`,
  ContactMessageStatusChanged: d => `Contact message marked ${str(d.status)?.replace(/_/g, ' ') ?? 'changed'}`,
  // Notifications and push
  NotificationsRead: 'Notifications read',
  NotificationOpened: 'Notification opened',
  PurchaseNotificationSettingsSaved: 'Purchase notification settings saved',
  PushSubscriptionRegistered: 'Device signed up for push notifications',
  PushSubscriptionRemoved: d => (d.reason === 'gone' ? 'Push device removed (it no longer answers)' : 'Device turned push notifications off'),
  PushPreferencesSaved: d => (d.allow ? 'Push notifications allowed' : 'Push notifications turned off'),
  WebPushSettingsSaved: d => (d.enabled ? 'Web push turned on' : 'Web push turned off'),
  PushNotificationAttempted: pushWords,
  DeviceInfoReported: 'Device details reported',
  // Live
  LiveStudioTaken: 'Studio taken for a live stream',
  LiveStudioReleased: 'Studio free again',
  LiveSessionStarted: d => (d.isGroup === false || str(d.fanId) ? 'One-to-one live call started' : 'Live stream started'),
  LiveStreamDataSet: 'Live stream connected to the media server',
  LiveViewerJoined: d => `${str(d.name) ?? 'A viewer'} joined the live stream${num(d.viewers) !== null ? ` (${count(num(d.viewers)!, 'viewer')})` : ''}`,
  LiveViewerLeft: d => `A viewer left the live stream${num(d.viewers) !== null ? ` (${count(num(d.viewers)!, 'viewer')} left)` : ''}`,
  LiveViewerConnected: 'Viewer\'s video connected',
  LivePublisherConnected: 'Creator\'s video connected',
  LivePublisherLost: 'Creator\'s video dropped',
  LiveBillingStarted: 'Per-minute billing started',
  LiveBillingStopped: 'Per-minute billing stopped',
  LiveMinuteDelivered: d => `Live minute ${num(d.minute) ?? ''} delivered`.replace('  ', ' '),
  LiveMinuteCharged: d => `Live minute charged${money(d.amountCents).replace(' of', '')}`,
  LiveCommentPosted: d => `Live comment${quoted(d.message)}`,
  LiveTipOffered: d => `Live tip${money(d.amountCents)} offered`,
  LiveTipReceived: d => `Live tip${money(d.amountCents)} received`,
  LiveSessionStopped: 'Live stream ended',
  LiveRecordingReady: d => `Live recording saved${num(d.durationSeconds) ? ` (${Math.round(num(d.durationSeconds)! / 60)} min)` : ''}`,
  LiveRecordingMissing: 'Live recording could not be saved',
  // Settings and the site
  SiteSettingsUpdated: d => `Settings saved${keysOf(d.changes)}`,
  EmailConfigurationSet: d => `Mail server set${str(d.host) ? ` to ${str(d.host)}` : ''}`,
  EmailConfigurationCleared: 'Mail server removed',
  ConsoleSetupCompleted: 'Console setup finished',
  ConsoleSetupDismissed: d => `Console setup put off${str(d.step) ? ` at the ${str(d.step)} step` : ''}`,
  RedirectUrlSaved: d => `Redirect ${str(d.path) ?? ''} → ${str(d.target) ?? ''} saved`,
  RedirectUrlDeleted: d => `Redirect ${str(d.path) ?? ''} removed`.replace('  ', ' '),
  HelpItemSaved: d => `Help item${quoted(d.title)} ${d.created ? 'added' : 'changed'}`,
  HelpItemDeleted: 'Help item deleted',
  HelpItemRead: 'Help item read',
  HelpSettingsSaved: d => (d.influencerHelpEnabled ? 'Help for the creator turned on' : 'Help for the creator turned off'),
  // Chat tools
  SavedReplyCreated: d => `Saved reply${quoted(d.name)} added`,
  SavedReplyUpdated: d => `Saved reply${quoted(d.name)} changed`,
  SavedReplyDeleted: 'Saved reply deleted',
  // A provider's second sale for a payment already paid, and its refund
  PaymentDuplicateSaleCaptured: d => `Paid twice for ${purposeWords(d.purpose)}: a second sale${money(d.amountCents)} taken`,
  PaymentDuplicateSaleRefunded: d => `Second sale${money(d.amountCents)} refunded`,
  // Membership tiers
  SubscriptionTierChanged: d => `Membership ${str(d.reason) === 'upgrade' ? 'upgraded' : 'tier changed'}${str(d.tierId) ? ` to ${str(d.tierId)}` : ''}${num(d.amountCents) ? ` for ${formatMoney(num(d.amountCents)!)}` : ''}`,
  SubscriptionTierChangeScheduled: d => `Membership change${str(d.tierId) ? ` to ${str(d.tierId)}` : ''} scheduled for the next renewal`,
  MembershipTierSaved: d => `Membership tier${quoted(d.name)} saved${num(d.priceCents) ? ` at ${formatMoney(num(d.priceCents)!)} a month` : ''}`,
  MembershipTierArchived: 'Membership tier no longer offered',
  SubscriptionBundlesSet: d => `Bundles set: ${[3, 6, 12].map(m => `${m} months ${num(obj(d.discounts)[m]) ? `${num(obj(d.discounts)[m])} % off` : 'not offered'}`).join(', ')}`,
  // The shop
  ShopProductCreated: d => `Product${quoted(d.title)} added`,
  ShopProductUpdated: d => `Product${quoted(d.title)} changed`,
  ShopProductPublished: 'Product published',
  ShopProductUnpublished: 'Product taken back to draft',
  ShopProductDeleted: 'Product deleted',
  ShopStockSet: d => (num(d.onHand) === null ? 'Stock set to unlimited' : `Stock set to ${num(d.onHand)}`),
  ShopStockReserved: d => `${count(num(d.quantity) ?? 0, 'item')} held for an order`,
  ShopStockReleased: d => `${count(num(d.quantity) ?? 0, 'item')} released${str(d.reason) === 'expired' ? ' (the hold ran out)' : ''}`,
  ShopStockSold: d => `${count(num(d.quantity) ?? 0, 'item')} sold`,
  ShopStockReturned: d => `${count(num(d.quantity) ?? 0, 'item')} back in stock`,
  ShopCartLineAdded: d => `${count(num(d.quantity) ?? 0, 'item')} added to the cart`,
  ShopCartLineChanged: d => `Cart quantity changed to ${num(d.quantity) ?? 0}`,
  ShopCartLineRemoved: 'Item removed from the cart',
  ShopCartCheckedOut: 'Cart checked out',
  ShopOrderPlaced: d => `Order placed${money(d.totalCents)}`,
  ShopOrderPaid: d => `Order paid${money(d.totalCents)}`,
  ShopOrderPaymentFailed: 'Order payment failed',
  ShopOrderDelivered: 'Digital items of an order delivered',
  ShopDigitalDownloaded: 'A digital item of an order downloaded',
  ShopOrderShipped: d => `Order shipped${str(d.carrier) ? ` with ${str(d.carrier)}` : ''}${str(d.trackingNumber) ? ` (${str(d.trackingNumber)})` : ''}`,
  ShopOrderTrackingChanged: d => `Order tracking changed${str(d.trackingNumber) ? ` to ${str(d.trackingNumber)}` : ''}`,
  ShopOrderCompleted: 'Order completed',
  ShopOrderCancelled: d => `Order cancelled${d.paid ? ' and refunded' : ''}`,
  ShopOrderLineRefunded: d => `Order line refunded${money(d.amountCents)}`,
  ShopOrderReversed: d => `Order ${reversal(d.kind)}`,
  ShopEmailSent: d => `Shop email sent${str(d.kind) ? ` (${str(d.kind)!.replace(/_/g, ' ')})` : ''}`,
  ShippingAddressAdded: 'Shipping address added',
  ShippingAddressChanged: 'Shipping address changed',
  ShippingAddressRemoved: 'Shipping address removed',
  // Chat booking
  ChatAvailabilitySet: 'Chat booking availability changed',
  ChatBookingRequested: d => `Chat slot booked${money(d.priceCents)}, waiting for the payment`,
  ChatBookingConfirmed: d => `Chat booking paid${money(d.priceCents)}`,
  ChatBookingPaymentFailed: 'Chat booking payment failed',
  ChatBookingStarted: 'Booked chat began',
  ChatBookingAttended: 'Fan came to their booked chat',
  ChatBookingCompleted: 'Booked chat completed',
  ChatBookingNoShow: d => `Fan did not come to their booked chat${d.refund ? ' (refunded)' : ''}`,
  ChatBookingCancelled: d => `Chat booking cancelled by the ${str(d.by) === 'fan' ? 'fan' : str(d.by) === 'creator' ? 'creator' : 'system'}${d.refund ? ' and refunded' : ''}`,
  ChatBookingRescheduled: 'Chat booking moved to another slot',
  ChatBookingReversed: d => `Chat booking ${reversal(d.kind)}`,
  ChatBookingReminded: 'Chat booking reminder sent',
  ChatBookingEmailSent: d => `Chat booking email sent${str(d.kind) ? ` (${str(d.kind)!.replace(/_/g, ' ')})` : ''}`,
  ChatSlotHeld: 'Chat slot held for a payment',
  ChatSlotBooked: 'Chat slot booked',
  ChatSlotMoved: 'Chat slot moved',
  ChatSlotReleased: d => `Chat slot given back${str(d.reason) === 'expired' ? ' (the hold ran out)' : ''}`,
  ChatUserAllowed: 'Fan allowed to chat',
  ChatUserDisallowed: 'Fan no longer allowed to chat',
  // Presence
  CreatorPresenceRecorded: d => (d.online ? 'Creator came online' : 'Creator went offline'),
};

/** The sentence for an audit row: its event's words, or (an unknown type, or data too odd to read) its label. */
export function auditSentence(type: string, data: unknown): string {
  if (!Object.hasOwn(AUDIT_WORDS, type)) return auditActionLabel(type);
  const words = AUDIT_WORDS[type as AuditedEventType];
  if (typeof words === 'string') return words;
  try {
    return words(obj(data));
  } catch {
    return auditActionLabel(type);
  }
}
