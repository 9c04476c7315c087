// The conversation row after a message is deleted by staff (commands/chat-staff.ts: delete from the subscriber or from all).
import { describe, expect, it } from 'vitest';
import { afterDelete, type ConversationRow } from './chat-conversations';

const at = '2026-11-25T10:00:00.000Z';

describe('a deleted message in the conversation row', () => {
  it('the conversation row follows: fan unread, page counts, staff unread and the last message', () => {
    const c: ConversationRow = {
      fan_id: 'f1', last_message: 'Photo', last_message_at: at, last_fan_message_at: null, fan_unread: 2, staff_unread: 1, fan_read_at: null, staff_read_at: null,
      credits: 0, message_count: 5, fan_deleted: 0, fan_unread_since: at, emailed_for: null,
    };
    const fan = afterDelete(c, { scope: 'fan', fromStaff: true, sentAt: at, wasDeletedForFan: false });
    expect(fan).toMatchObject({ fan_unread: 1, fan_deleted: 1, message_count: 5, last_message: 'Photo' });
    const all = afterDelete(fan, { scope: 'all', fromStaff: true, sentAt: at, wasDeletedForFan: true });
    expect(all).toMatchObject({ fan_unread: 1, fan_deleted: 0, message_count: 4, last_message: 'Message deleted', fan_unread_since: at });
    // Nothing unread any more: the unread streak (chat emails) ends with it.
    expect(afterDelete(all, { scope: 'fan', fromStaff: true, sentAt: at, wasDeletedForFan: false })).toMatchObject({ fan_unread: 0, fan_unread_since: null });
    expect(afterDelete(c, { scope: 'all', fromStaff: false, sentAt: at, wasDeletedForFan: false })).toMatchObject({ staff_unread: 0, message_count: 4 });
  });
});
