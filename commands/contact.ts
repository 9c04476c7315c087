// Contact and feedback messages (issue 16): recorded as events first, then mailed to the creator (the outbox keeps
// every mail; with SMTP_URL it is also sent). The console's Contact inbox reads the contact_messages read model.
import { contactMail, contactMessageDecider, contactStream, type ContactInput, type ContactStatus } from '../domain/contact/contact-message';
import { handle, type CommandContext } from './handle';

export async function receiveContactMessage(ctx: CommandContext, deps: { send: (mail: { to: string; subject: string; text: string }) => Promise<unknown>; to: string; siteName: string }, input: ContactInput, userId: string | null) {
  const messageId = ctx.newId();
  const at = ctx.now();
  const r = await handle(ctx, contactStream(messageId), contactMessageDecider, { type: 'Receive', messageId, input, userId, at });
  const received = r.events[0];
  if (received?.type === 'ContactMessageReceived') await deps.send({ to: deps.to, ...contactMail(received.data, deps.siteName) });
  return { messageId };
}

export const setContactStatus = (ctx: CommandContext, messageId: string, status: ContactStatus, by: string) =>
  handle(ctx, contactStream(messageId), contactMessageDecider, { type: 'SetStatus', messageId, status, by, at: ctx.now() });
