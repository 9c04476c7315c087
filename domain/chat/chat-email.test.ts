// Chat emails: one email per unread streak, decided by the conversation stream; the mail names no message.
import { describe, expect, it } from 'vitest';
import { chatEmail } from './chat-email';
import { conversationDecider } from './conversation';

const since = '2026-11-26T10:00:00.000Z';

describe('chat emails', () => {
  it('a streak is emailed once; a new streak again', () => {
    const first = conversationDecider.decide({ type: 'NotifyByEmail', fanId: 'f', unreadSince: since, unread: 2, at: '2026-11-26T10:20:00.000Z' }, conversationDecider.initialState());
    expect(first).toEqual([{ type: 'ChatEmailNotified', data: { fanId: 'f', unreadSince: since, unread: 2, notifiedAt: '2026-11-26T10:20:00.000Z' } }]);
    const state = conversationDecider.evolve(conversationDecider.initialState(), first[0]);
    expect(conversationDecider.decide({ type: 'NotifyByEmail', fanId: 'f', unreadSince: since, unread: 3, at: '2026-11-26T11:00:00.000Z' }, state)).toEqual([]);
    expect(conversationDecider.decide({ type: 'NotifyByEmail', fanId: 'f', unreadSince: '2026-11-26T12:00:00.000Z', unread: 1, at: '2026-11-26T12:20:00.000Z' }, state)).toHaveLength(1);
  });

  it('the mail counts messages and escapes names in its HTML', () => {
    const one = chatEmail({ fanName: 'Ann', creatorName: 'Mia', unread: 1, link: 'https://x.test/private-chat' });
    expect(one.subject).toBe('Mia sent you a new message');
    const many = chatEmail({ fanName: '<b>Ann</b>', creatorName: 'Mia & Co', unread: 4, link: 'https://x.test/private-chat' });
    expect(many.subject).toBe('Mia & Co sent you 4 new messages');
    expect(many.html).not.toContain('<b>Ann</b>');
    expect(many.html).toContain('Mia &#38; Co');
  });
});
