// The chat's pages as the read cache holds them (web-admin/src/query.ts useLivePages), and the changes the screen
// makes to them: the user list's rows and one conversation's messages. Pure: each change gives the same pages when
// applied twice, as a change replayed over a read that was under way must.
import type { ChatMessagePage, ChatMessageView, ChatUserListEntry, ChatUserListPage } from '../../../domain/chat/wire';
import { uniqueBy } from '../../../web-shared/paging/usePagedList';
import type { Pages } from '../query';
import { mergeMessages } from './rules';

/** Each page through `change`; the same pages when nothing changed. */
function eachPage<P>(held: Pages<P>, change: (page: P) => P): Pages<P> {
  const pages = held.pages.map(change);
  return pages.every((p, i) => p === held.pages[i]) ? held : { ...held, pages };
}

// ---- the user list ------------------------------------------------------------------------------------------

/** The rows held, in order; a row that moved between two pages' reads is kept where the newer page put it. */
export const usersOf = (held: Pages<ChatUserListPage>): ChatUserListEntry[] => uniqueBy(held.pages.flatMap(p => p.users), u => u._id);

/**
 * Page 1 read again (a row's last message, unread count or money moved): it replaces page 1. With more pages held,
 * the rows page 1 no longer has stay after it until their page is read again, so no row leaves the list.
 */
export const withFirstUsers = (fresh: ChatUserListPage) => (held: Pages<ChatUserListPage>): Pages<ChatUserListPage> => {
  if (held.pages.length <= 1) return { ...held, pages: [fresh] };
  const ids = new Set(fresh.users.map(u => u._id));
  const left = held.pages[0].users.filter(u => !ids.has(u._id));
  return { ...held, pages: [{ ...fresh, users: [...fresh.users, ...left] }, ...held.pages.slice(1)] };
};

/** One row changed where it is (a nickname, a mute, the unread count). */
export const patchUser = (id: string, patch: Partial<ChatUserListEntry>) => (held: Pages<ChatUserListPage>) =>
  eachPage(held, p => (p.users.some(u => u._id === id) ? { ...p, users: p.users.map(u => (u._id === id ? { ...u, ...patch } : u)) } : p));

/** One row taken off the list (blocked, hidden from chat). */
export const withoutUser = (id: string) => (held: Pages<ChatUserListPage>) =>
  eachPage(held, p => (p.users.some(u => u._id === id) ? { ...p, users: p.users.filter(u => u._id !== id) } : p));

// ---- one conversation ---------------------------------------------------------------------------------------

/** The messages held, oldest first; where two pages' reads hold one message, the newer page's copy. */
export const messagesOf = (held: Pages<ChatMessagePage>): ChatMessageView[] =>
  mergeMessages<ChatMessageView>([], [...held.pages].reverse().flatMap(p => p.messages));

/** Messages put in: each in place of its copy where one is held, else in page 1 (the newest). */
export const withMessages = (messages: readonly ChatMessageView[]) => (held: Pages<ChatMessagePage>): Pages<ChatMessagePage> => {
  if (messages.length === 0 || held.pages.length === 0) return held;
  const byId = new Map(messages.map(m => [m._id, m]));
  const placed = new Set<string>();
  const pages = held.pages.map(p =>
    p.messages.some(m => byId.has(m._id))
      ? {
          ...p,
          messages: p.messages.map(m => {
            const newer = byId.get(m._id);
            if (!newer) return m;
            placed.add(m._id);
            return newer;
          }),
        }
      : p
  );
  const rest = messages.filter(m => !placed.has(m._id));
  if (rest.length) pages[0] = { ...pages[0], messages: mergeMessages(pages[0].messages, rest) };
  return { ...held, pages };
};

/** Page 1 read again: its messages merged in (none dropped), and its pay-per-message status. */
export const withFirstMessages = (fresh: ChatMessagePage) => (held: Pages<ChatMessagePage>) => {
  const merged = withMessages(fresh.messages)(held);
  if (merged.pages.length === 0) return merged;
  const [first, ...older] = merged.pages;
  return { ...merged, pages: [{ ...first, pay_per_message: fresh.pay_per_message ?? first.pay_per_message }, ...older] };
};

/** Whether a message is held. */
export const holds = (held: Pages<ChatMessagePage>, id: string) => held.pages.some(p => p.messages.some(m => m._id === id));

/** Each page's messages through `change`, which gives back the same array when it changes nothing. */
export const editMessages = (change: (messages: ChatMessageView[]) => ChatMessageView[]) => (held: Pages<ChatMessagePage>) =>
  eachPage(held, p => {
    const messages = change(p.messages);
    return messages === p.messages ? p : { ...p, messages };
  });

/** A message gone from the conversation (deleted from all, or no longer there). */
export const withoutMessage = (id: string) => editMessages(ms => (ms.some(m => m._id === id) ? ms.filter(m => m._id !== id) : ms));
