// Saved replies (stream `saved-replies`): the site's short answers staff insert in the chat composer with a click
// or by typing "/" and the reply's name. ONE stream holds them all, so a name is unique by construction (two staff
// racing for one name conflict on the expected revision and the second is decided again). A site has tens of them.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import { CHAT_TEXT_MAX } from './chat-message';

export const SAVED_REPLIES_STREAM = 'saved-replies';
export const SAVED_REPLY_NAME_MAX = 30;
export const SAVED_REPLIES_MAX = 200;

export const SAVED_REPLY_TEXTS = {
  nameEmpty: 'Enter a name for the saved reply.',
  nameTooLong: `The name can be at most ${SAVED_REPLY_NAME_MAX} characters.`,
  nameShape: 'The name may hold letters, digits, - and _ only (it is typed after "/").',
  nameTaken: 'A saved reply with this name exists already.',
  textEmpty: 'Enter the text of the saved reply.',
  textTooLong: `The text can be at most ${CHAT_TEXT_MAX} characters.`,
  tooMany: `At most ${SAVED_REPLIES_MAX} saved replies.`,
  notFound: 'Saved reply not found.',
  created: 'Saved reply added.',
  updated: 'Saved reply updated.',
  deleted: 'Saved reply deleted.',
} as const;

/** One saved reply as the console reads it. */
export interface SavedReplyView {
  _id: string;
  name: string;
  text: string;
  updated: string;
}

export type SavedReplyEvent =
  | DomainEvent<'SavedReplyCreated', { replyId: string; name: string; text: string; by: string; at: string }>
  | DomainEvent<'SavedReplyUpdated', { replyId: string; name: string; text: string; by: string; at: string }>
  | DomainEvent<'SavedReplyDeleted', { replyId: string; by: string; at: string }>;

export type SavedReplyCommand =
  | { type: 'CreateSavedReply'; replyId: string; name: string; text: string; by: string; at: string }
  | { type: 'UpdateSavedReply'; replyId: string; name: string; text: string; by: string; at: string }
  | { type: 'DeleteSavedReply'; replyId: string; by: string; at: string };

export interface SavedReplyState {
  /** id → the current name and text. */
  replies: Map<string, { name: string; text: string }>;
}

/** Names compare without case: "/Thanks" and "/thanks" are one reply. */
export const replyKey = (name: string) => name.trim().toLowerCase();

/** The name rule both the console and the server apply; undefined when acceptable. */
export function replyNameProblem(name: string): string | undefined {
  const n = name.trim();
  if (!n) return SAVED_REPLY_TEXTS.nameEmpty;
  if (n.length > SAVED_REPLY_NAME_MAX) return SAVED_REPLY_TEXTS.nameTooLong;
  if (!/^[\p{L}\p{N}_-]+$/u.test(n)) return SAVED_REPLY_TEXTS.nameShape;
  return undefined;
}

export function replyTextProblem(text: string): string | undefined {
  if (!text.trim()) return SAVED_REPLY_TEXTS.textEmpty;
  if (text.length > CHAT_TEXT_MAX) return SAVED_REPLY_TEXTS.textTooLong;
  return undefined;
}

function checked(state: SavedReplyState, replyId: string, name: string, text: string): { name: string; text: string } {
  const nameProblem = replyNameProblem(name);
  if (nameProblem) throw new ValidationError('name', nameProblem);
  const textProblem = replyTextProblem(text);
  if (textProblem) throw new ValidationError('text', textProblem);
  const key = replyKey(name);
  for (const [id, r] of state.replies) if (id !== replyId && replyKey(r.name) === key) throw new ValidationError('name', SAVED_REPLY_TEXTS.nameTaken);
  return { name: name.trim(), text: text.trim() };
}

const notFound = () => new DomainError(SAVED_REPLY_TEXTS.notFound, 'SAVED_REPLY_NOT_FOUND', 404, { field: 'id' });

export const savedReplyDecider: Decider<SavedReplyCommand, SavedReplyEvent, SavedReplyState> = {
  initialState: () => ({ replies: new Map() }),
  evolve(state, event) {
    const replies = new Map(state.replies);
    if (event.type === 'SavedReplyDeleted') replies.delete(event.data.replyId);
    else replies.set(event.data.replyId, { name: event.data.name, text: event.data.text });
    return { replies };
  },
  decide(command, state) {
    const { replyId, by, at } = command;
    switch (command.type) {
      case 'CreateSavedReply': {
        const same = state.replies.get(replyId);
        if (same) return []; // the same create repeated (Idempotency-Key)
        if (state.replies.size >= SAVED_REPLIES_MAX) throw new ValidationError('name', SAVED_REPLY_TEXTS.tooMany);
        const r = checked(state, replyId, command.name, command.text);
        return [{ type: 'SavedReplyCreated', data: { replyId, ...r, by, at } }];
      }
      case 'UpdateSavedReply': {
        const current = state.replies.get(replyId);
        if (!current) throw notFound();
        const r = checked(state, replyId, command.name, command.text);
        if (r.name === current.name && r.text === current.text) return [];
        return [{ type: 'SavedReplyUpdated', data: { replyId, ...r, by, at } }];
      }
      case 'DeleteSavedReply':
        if (!state.replies.has(replyId)) throw notFound();
        return [{ type: 'SavedReplyDeleted', data: { replyId, by, at } }];
    }
  },
};

/**
 * The composer's "/" shortcut: when the text is "/" followed by part of a name (and nothing else), the replies
 * whose name starts with it, best first (an exact name first, then by name); otherwise null (no menu).
 */
export function replySuggestions<R extends { name: string }>(text: string, replies: readonly R[]): R[] | null {
  const m = /^\/([\p{L}\p{N}_-]*)$/u.exec(text);
  if (!m) return null;
  const typed = m[1].toLowerCase();
  return replies
    .filter((r) => r.name.toLowerCase().startsWith(typed))
    .sort((a, b) => Number(b.name.toLowerCase() === typed) - Number(a.name.toLowerCase() === typed) || a.name.localeCompare(b.name));
}
