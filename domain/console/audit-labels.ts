// The console's Audit page (GET /admin-api/audit): a readable label for each staff action, i.e. event type. Events
// named here get their label; any other falls back to its type split into words ('MemberBlocked' → 'Member blocked').
// The list names the staff's chat and mass-message actions (domain/chat/*.ts, domain/member, domain/settings).

export const AUDIT_LABELS: Readonly<Record<string, string>> = {
  // Chat (domain/chat/chat-message.ts): staff writing, deleting, unlocking, reading
  ChatMessageSent: 'Chat message sent',
  ChatMessageSendRequested: 'Chat message send requested',
  ChatMessageSendFailed: 'Chat message send failed',
  ChatMessageDeleted: 'Chat message deleted',
  ChatMessageMediaChanged: 'Chat message media changed (rotate, blur, reprocess)',
  ChatMessageUnlocked: 'Chat message unlocked',
  ChatMessageUnlockRequested: 'Chat message unlock requested',
  ChatMessageUnlockFailed: 'Chat message unlock failed',
  ChatMessageUnlockRevoked: 'Chat message unlock revoked',
  ChatReadByStaff: 'Chat read by staff',
  ChatReadByFan: 'Chat read by the fan',
  ChatMarkedUnreadByStaff: 'Chat marked as unread',
  ChatEmailNotified: 'Chat email sent to the fan',
  PayPerMessageCreditsGranted: 'Pay-per-message credits granted',
  PayPerMessageCreditUsed: 'Pay-per-message credit used',
  // Chat row menu (domain/member)
  NicknameSet: 'Nickname updated',
  MassMessagesMutedSet: 'Mass messages muted / unmuted',
  HiddenFromChatSet: 'Hidden from / shown in the chat list',
  MemberBlocked: 'User blocked',
  MemberUnblocked: 'User unblocked',
  // Mass and welcome messages (domain/chat/mass-message.ts)
  MassMessageCreated: 'Mass message created',
  MassMessageWaitingForMedia: 'Mass message waiting for media',
  MassMessageAudienceChosen: 'Mass message audience chosen',
  MassMessageCopiesDelivered: 'Mass message copies delivered',
  MassMessageCopyRecorded: 'Mass message copy recorded',
  MassMessageSendCompleted: 'Mass message sent',
  MassMessageFailed: 'Mass message failed',
  MassMessageResent: 'Mass message resent',
  MassMessageCancelled: 'Mass message cancelled',
  WelcomeMessageSet: 'Welcome message saved',
  // Saved replies of the chat composer (domain/chat/saved-reply.ts)
  SavedReplyCreated: 'Saved reply added',
  SavedReplyUpdated: 'Saved reply edited',
  SavedReplyDeleted: 'Saved reply deleted',
  // Settings (chat settings, hide earnings, purchased contents included)
  SiteSettingsUpdated: 'Site settings updated',
};

/** The label of an audit action (an event type). */
export function auditActionLabel(type: string): string {
  if (Object.hasOwn(AUDIT_LABELS, type)) return AUDIT_LABELS[type];
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
