// Saved replies of the chat composer: create, edit, delete on the one `saved-replies` stream (domain/chat/saved-reply.ts).
import { DomainError } from '../domain/shared/decider';
import type { Role } from '../domain/shared/wire';
import { SAVED_REPLY_ROLES } from '../domain/chat/roles';
import { SAVED_REPLIES_STREAM, savedReplyDecider } from '../domain/chat/saved-reply';
import { handle, type CommandContext } from './handle';

const mayEdit = (role: Role) => {
  if (!SAVED_REPLY_ROLES.includes(role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
};

/** A new saved reply; its id is derived from the Idempotency-Key when there is one, so a retry is the same reply. */
export async function createSavedReply(ctx: CommandContext, by: { userId: string; role: Role }, input: { name: string; text: string }): Promise<string> {
  mayEdit(by.role);
  const replyId = ctx.idFor('saved-reply');
  await handle(ctx, SAVED_REPLIES_STREAM, savedReplyDecider, { type: 'CreateSavedReply', replyId, name: input.name, text: input.text, by: by.userId, at: ctx.now() });
  return replyId;
}

export async function updateSavedReply(ctx: CommandContext, by: { userId: string; role: Role }, replyId: string, input: { name: string; text: string }): Promise<void> {
  mayEdit(by.role);
  await handle(ctx, SAVED_REPLIES_STREAM, savedReplyDecider, { type: 'UpdateSavedReply', replyId, name: input.name, text: input.text, by: by.userId, at: ctx.now() });
}

export async function deleteSavedReply(ctx: CommandContext, by: { userId: string; role: Role }, replyId: string): Promise<void> {
  mayEdit(by.role);
  await handle(ctx, SAVED_REPLIES_STREAM, savedReplyDecider, { type: 'DeleteSavedReply', replyId, by: by.userId, at: ctx.now() });
}
