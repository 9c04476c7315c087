// Staff actions in the private chat (the chat list's row menu): delete a message from the subscriber or from
// everyone, Mark As Unread, Block User (v2), one fan as a chat-list row, a fan's chat email notifications and
// update_chat_settings. Who may call each: domain/access/routes.ts; the rules: commands/chat-staff.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { isStaffRole } from '../../domain/shared/wire';
import { chatRowFeatures } from '../../domain/chat/roles';
import {
  blockUserFromChat, deleteChatMessage, markChatUnread, setChatEmailNotifications, updateChatSettings,
} from '../../commands/chat-staff';
import { setMassMessagesMuted, setNickname } from '../../commands/staff';
import { activeAdminIds } from '../../projections/members';
import { currentSettings } from '../../projections/settings';
import { chatUserList } from '../../projections/chat-queries';
import { chatListEntry } from '../../domain/chat/views';
import { chatViewSettings } from '../../domain/chat/roles';
import { updateChatSettingsBody } from '../schemas/chat-settings';
import { uuid } from '../schemas/chat';
import { ok } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { chatQueries } from '../queries/chat';
import { massMessageQueries } from '../queries/mass-messages';
import type { Services } from '../services';

/** Texts in the site's usual style for failures the spec leaves unnamed (the console shows the server's message). */
export const DELETE_FROM_USER_ERROR = 'There was an error while deleting message from subscriber.';
export const DELETE_FROM_ALL_ERROR = 'There was an error while deleting message from all users.';
export const BLOCK_USER_ERROR = 'There was a problem in Block user.';
const NICKNAME_TOO_LONG = 'Nickname can be max 16 characters long';

const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });
/** The spec's userId, or user_id as the older staff routes name it. */
const fanIdOf = (b: { userId?: string; user_id?: string }) => {
  const id = b.userId ?? b.user_id;
  if (!id) throw new ValidationError('userId', 'userId is required.');
  return id;
};
const optionalId = (field: string) => z.string({ error: `${field} is invalid.` }).uuid({ error: `${field} is invalid.` }).optional();

export const chatStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const chat = chatQueries(services);
  const staffDeps = { activeAdminIds: () => activeAdminIds(db()) };
  const requireFeature = async (on: (f: ReturnType<typeof chatRowFeatures>) => boolean) => {
    if (!on(chatRowFeatures(await currentSettings(db())))) throw new DomainError('This feature is turned off in the chat settings.', 'FEATURE_OFF', 403);
  };
  const requireFan = async (id: string, field: string) => {
    if (!(await chat.isFan(id))) throw new DomainError('User not found.', 'USER_NOT_FOUND', 404, { field });
  };

  for (const [path, scope, done] of [
    ['/api/chat/delete_message_from_user', 'fan', 'Message deleted from subscriber.'],
    ['/api/chat/delete_message_from_all', 'all', 'Message deleted from all users.'],
  ] as const) {
    app.post(path, { schema: { body: z.object({ message_id: uuid('message_id') }) } }, async (request, reply) => {
      const caller = requireCaller(request);
      const ctx = contextFor(request, services);
      const massMessageId = await massMessageQueries(services).copyOf(request.body.message_id);
      const state = await deleteChatMessage(ctx, caller.userId, caller.role, request.body.message_id, scope, massMessageId);
      await settle(services, ctx);
      return ok(reply, { _id: request.body.message_id, udid: state.udid, userId: state.fanId, deleted: state.deleted }, { message: done, position: ctx.lastPosition });
    });
  }

  // Mark As Unread ({userId, modelId}: one creator here, so modelId is accepted and not needed).
  const markUnreadBody = z.object({ userId: uuid('userId'), modelId: z.string().max(100).optional() });
  app.post('/api/admin/mark-chat-as-unread', { schema: { body: markUnreadBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { userId } = request.body;
    await requireFeature((f) => f.markUnreadEnabled);
    await requireFan(userId, 'userId');
    const ctx = contextFor(request, services);
    const unread = await markChatUnread(ctx, caller.userId, userId, await chat.unread(userId, 'staff'));
    await settle(services, ctx);
    return ok(reply, unread, { message: 'Chat marked as unread.', position: ctx.lastPosition });
  });

  // Block User (the v2 call): blocks, cancels the renewal, takes the fan off the list; blockFromChat false undoes it.
  const blockBody = z.object({ userId: uuid('userId'), blockFromChat: flag('blockFromChat').optional().default(true) });
  app.post('/api/v2/admin/block-user', { schema: { body: blockBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { userId, blockFromChat } = request.body;
    await requireFeature((f) => f.blockEnabled);
    await requireFan(userId, 'userId');
    const ctx = contextFor(request, services);
    const { cancelled } = await blockUserFromChat(ctx, staffDeps, caller.userId, userId, blockFromChat);
    await settle(services, ctx);
    return ok(reply, { userId, is_blocked: blockFromChat, subscription_cancelled: cancelled }, {
      message: blockFromChat ? 'User blocked.' : 'User unblocked.', position: ctx.lastPosition,
    });
  });

  // One fan as a chat-list row (get_user_by_id), for a chat opened by link; hidden or blocked fans too.
  app.get('/api/chat/get_user_by_id', { schema: { querystring: z.object({ userId: uuid('userId') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    if (!isStaffRole(caller.role)) throw new DomainError('You do not have access to this.', 'FORBIDDEN', 403);
    const now = services.clock().toISOString();
    const [{ rows }, settings] = await Promise.all([
      chatUserList(db(), { page: 1, pageSize: 1, search: '', sort: 'latest_message', status: null, nowIso: now, userId: request.query.userId }),
      currentSettings(db()),
    ]);
    if (!rows[0]) throw new DomainError('User not found.', 'USER_NOT_FOUND', 404, { field: 'userId' });
    return ok(reply, chatListEntry(rows[0], caller.role, chatViewSettings(settings)));
  });

  // A fan's email notifications for chat messages (payload not shown: {user_id | userId, enabled}).
  const emailBody = z.object({ user_id: optionalId('user_id'), userId: optionalId('userId'), enabled: flag('enabled') });
  app.post('/api/admin/update_user_chat_email_notifications', { schema: { body: emailBody } }, async (request, reply) => {
    requireCaller(request);
    const fanId = fanIdOf(request.body);
    await requireFan(fanId, 'user_id');
    const ctx = contextFor(request, services);
    const enabled = await setChatEmailNotifications(ctx, fanId, request.body.enabled);
    await settle(services, ctx);
    return ok(reply, { user_id: fanId, chat_email_notifications: enabled }, {
      message: enabled ? 'Chat email notifications turned on.' : 'Chat email notifications turned off.', position: ctx.lastPosition,
    });
  });

  // Mute mass messages: the body {userId, muteMassMessage, muteFromChat} (the chat row menu); the Users
  // page's {user_id, muteFromChat} still works.
  const muteBody = z.object({ user_id: optionalId('user_id'), userId: optionalId('userId'), muteMassMessage: flag('muteMassMessage').optional(), muteFromChat: flag('muteFromChat').optional() });
  app.post('/api/admin/mute_message_for_user', { schema: { body: muteBody } }, async (request, reply) => {
    requireCaller(request);
    const b = request.body;
    const id = fanIdOf(b);
    const muted = b.muteMassMessage ?? b.muteFromChat;
    if (muted === undefined) throw new ValidationError('muteMassMessage', 'muteMassMessage must be true or false.');
    const ctx = contextFor(request, services);
    await setMassMessagesMuted(ctx, id, muted);
    await settle(services, ctx);
    return ok(reply, null, { message: muted ? 'Mass messages muted for user.' : 'Mass messages unmuted for user.', position: ctx.lastPosition });
  });

  // Update Nickname: the body {user_id, nick_name}; the older field `nickname` is still read.
  const nickBody = z.object({
    user_id: uuid('user_id'),
    nick_name: z.string({ error: 'nick_name is invalid.' }).max(100, { error: NICKNAME_TOO_LONG }).optional(),
    nickname: z.string({ error: 'nickname is invalid.' }).max(100, { error: NICKNAME_TOO_LONG }).optional(),
  });
  app.post('/api/users/add_nick_name', { schema: { body: nickBody } }, async (request, reply) => {
    requireCaller(request);
    const b = request.body;
    const nickname = b.nick_name ?? b.nickname;
    if (nickname === undefined) throw new ValidationError('nick_name', 'nick_name is required.');
    const ctx = contextFor(request, services);
    await setNickname(ctx, b.user_id, nickname);
    await settle(services, ctx);
    return ok(reply, null, { message: 'Nickname updated successfully', position: ctx.lastPosition });
  });

  // update_chat_settings (path not shown): a partial chat_settings and/or hide_earnings.
  app.post('/api/app_settings/update_chat_settings', { schema: { body: updateChatSettingsBody } }, async (request, reply) => {
    requireCaller(request);
    const ctx = contextFor(request, services);
    await updateChatSettings(ctx, services.sanitizeHtml, request.body);
    await settle(services, ctx);
    const s = await currentSettings(db());
    return ok(reply, { chat_settings: s.chat_settings, hide_earnings: s.hide_earnings }, { message: 'Chat settings updated successfully.', position: ctx.lastPosition });
  });
};
