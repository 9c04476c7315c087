import { describe, expect, it } from 'vitest';
import { AUDIT_LABELS, auditActionLabel } from './audit-labels';

/** The event types of domain/chat/*.ts (DomainEvent<'…'>), as of the chat completion. */
const CHAT_EVENTS = [
  'ChatEmailNotified', 'ChatMarkedUnreadByStaff', 'ChatMessageDeleted', 'ChatMessageMediaChanged', 'ChatMessageSendFailed', 'ChatMessageSendRequested', 'ChatMessageSent', 'ChatMessageUnlockFailed',
  'ChatMessageUnlockRequested', 'ChatMessageUnlockRevoked', 'ChatMessageUnlocked', 'ChatReadByFan', 'ChatReadByStaff', 'MassMessageAudienceChosen',
  'MassMessageCancelled', 'MassMessageCopiesDelivered', 'MassMessageCopyRecorded', 'MassMessageCreated', 'MassMessageFailed', 'MassMessageResent',
  'MassMessageSendCompleted', 'MassMessageWaitingForMedia', 'PayPerMessageCreditUsed', 'PayPerMessageCreditsGranted', 'WelcomeMessageSet',
];

describe('audit action labels', () => {
  it('every chat and mass-message event has its own label', () => {
    expect(CHAT_EVENTS.filter((t) => !Object.hasOwn(AUDIT_LABELS, t))).toEqual([]);
  });

  it('the row-menu actions have theirs', () => {
    for (const t of ['NicknameSet', 'MassMessagesMutedSet', 'HiddenFromChatSet', 'MemberBlocked', 'MemberUnblocked']) expect(Object.hasOwn(AUDIT_LABELS, t), t).toBe(true);
    expect(auditActionLabel('ChatMarkedUnreadByStaff')).toBe('Chat marked as unread');
  });

  it('other events fall back to their type in words', () => {
    expect(auditActionLabel('PasswordResetRequested')).toBe('Password reset requested');
    expect(auditActionLabel('UserLoggedIn')).toBe('User logged in');
  });
});
