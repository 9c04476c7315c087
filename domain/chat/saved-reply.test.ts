import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { CHAT_TEXT_MAX } from './chat-message';
import { replyNameProblem, replySuggestions, savedReplyDecider, SAVED_REPLIES_MAX, SAVED_REPLY_TEXTS, type SavedReplyEvent } from './saved-reply';

const at = '2026-11-30T01:00:00.000Z';
const created = (replyId: string, name: string, text = 'Thank you!'): SavedReplyEvent => ({ type: 'SavedReplyCreated', data: { replyId, name, text, by: 'model', at } });

describe('saved replies', () => {
  it('creates one, trimmed; the same create again (a retry) records nothing', () => {
    given(savedReplyDecider).when({ type: 'CreateSavedReply', replyId: 'r1', name: ' thanks ', text: ' Thank you! ', by: 'model', at }).then([created('r1', 'thanks')]);
    given(savedReplyDecider, [created('r1', 'thanks')]).when({ type: 'CreateSavedReply', replyId: 'r1', name: 'thanks', text: 'x', by: 'model', at }).then([]);
  });

  it.each([
    ['', 'Hi', SAVED_REPLY_TEXTS.nameEmpty],
    ['two words', 'Hi', SAVED_REPLY_TEXTS.nameShape],
    ['/slash', 'Hi', SAVED_REPLY_TEXTS.nameShape],
    ['x'.repeat(31), 'Hi', SAVED_REPLY_TEXTS.nameTooLong],
    ['ok', '   ', SAVED_REPLY_TEXTS.textEmpty],
    ['THANKS', 'Hi', SAVED_REPLY_TEXTS.nameTaken],
  ])('refuses name %j text %j: %s', (name, text, message) => {
    given(savedReplyDecider, [created('r1', 'thanks')]).when({ type: 'CreateSavedReply', replyId: 'r2', name, text, by: 'model', at }).thenThrows(message);
  });

  it('a text longer than a chat message is refused', () => {
    given(savedReplyDecider).when({ type: 'CreateSavedReply', replyId: 'r2', name: 'long', text: 'x'.repeat(CHAT_TEXT_MAX + 1), by: 'model', at }).thenThrows(SAVED_REPLY_TEXTS.textTooLong);
  });

  it('edits (its own name may stay; another reply’s name is taken); an unchanged edit records nothing; deletes; unknown ids are not found', () => {
    const log = [created('r1', 'thanks'), created('r2', 'price', 'It is $10.')];
    given(savedReplyDecider, log).when({ type: 'UpdateSavedReply', replyId: 'r1', name: 'Thanks', text: 'Thanks a lot!', by: 'admin', at })
      .then([{ type: 'SavedReplyUpdated', data: { replyId: 'r1', name: 'Thanks', text: 'Thanks a lot!', by: 'admin', at } }]);
    given(savedReplyDecider, log).when({ type: 'UpdateSavedReply', replyId: 'r1', name: 'price', text: 'x', by: 'admin', at }).thenThrows(SAVED_REPLY_TEXTS.nameTaken);
    given(savedReplyDecider, log).when({ type: 'UpdateSavedReply', replyId: 'r1', name: 'thanks', text: 'Thank you!', by: 'admin', at }).then([]);
    given(savedReplyDecider, log).when({ type: 'DeleteSavedReply', replyId: 'r2', by: 'admin', at }).then([{ type: 'SavedReplyDeleted', data: { replyId: 'r2', by: 'admin', at } }]);
    given(savedReplyDecider, log).when({ type: 'UpdateSavedReply', replyId: 'nope', name: 'a', text: 'b', by: 'admin', at }).thenThrows(SAVED_REPLY_TEXTS.notFound);
    given(savedReplyDecider, [...log, { type: 'SavedReplyDeleted', data: { replyId: 'r2', by: 'admin', at } }]).when({ type: 'DeleteSavedReply', replyId: 'r2', by: 'admin', at }).thenThrows(SAVED_REPLY_TEXTS.notFound);
    // A deleted reply's name is free again.
    const afterDelete = fold(savedReplyDecider, [...log, { type: 'SavedReplyDeleted', data: { replyId: 'r2', by: 'admin', at } }]);
    expect(savedReplyDecider.decide({ type: 'CreateSavedReply', replyId: 'r3', name: 'price', text: 'New price', by: 'admin', at }, afterDelete)).toHaveLength(1);
  });

  it(`at most ${SAVED_REPLIES_MAX}`, () => {
    const log = Array.from({ length: SAVED_REPLIES_MAX }, (_, i) => created(`r${i}`, `n${i}`));
    given(savedReplyDecider, log).when({ type: 'CreateSavedReply', replyId: 'extra', name: 'extra', text: 'x', by: 'model', at }).thenThrows(SAVED_REPLY_TEXTS.tooMany);
  });

  it('names: letters (any script), digits, - and _', () => {
    expect(replyNameProblem('merci-beaucoup_2')).toBeUndefined();
    expect(replyNameProblem('привет')).toBeUndefined();
  });

  it('the "/" shortcut: replies whose name starts with what follows "/", an exact name first; no menu otherwise', () => {
    const replies = [{ name: 'thanksALot' }, { name: 'price' }, { name: 'thanks' }, { name: 'promo' }];
    expect(replySuggestions('/', replies)?.map((r) => r.name)).toEqual(['price', 'promo', 'thanks', 'thanksALot']);
    expect(replySuggestions('/TH', replies)?.map((r) => r.name)).toEqual(['thanks', 'thanksALot']);
    expect(replySuggestions('/thanks', replies)?.map((r) => r.name)).toEqual(['thanks', 'thanksALot']);
    expect(replySuggestions('/p', replies)?.map((r) => r.name)).toEqual(['price', 'promo']);
    expect(replySuggestions('/zz', replies)).toEqual([]);
    expect(replySuggestions('hello /p', replies)).toBeNull();
    expect(replySuggestions('/p more', replies)).toBeNull();
  });
});
