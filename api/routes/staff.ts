// Staff user management, proxy login, staff accounts, the audit log of
// staff actions, the mail outbox and site settings. The route table decides who may call each.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminAuditRecord } from '../../domain/console/wire';
import { USER_VIEWS } from '../../domain/console/admin-tools-wire';
import type { AdminUserRecord } from '../../domain/user/wire';
import type { Role } from '../../domain/shared/wire';
import { DomainError } from '../../domain/shared/decider';
import { ASSIGNABLE_ROLES, memberStream } from '../../domain/member/member';
import type { SiteSettings } from '../../domain/settings/settings';
import {
  changeRole, createStaffAccount, deleteMember, giveComplimentary, setBlocked, setEmailPreferences, setHiddenFromChat,
  setPhotoIdOverride, startProxySession,
} from '../../commands/staff';
import { updateSiteSettings } from '../../commands/settings';
import { listAudit, listUsers, type AuditListRow, type ListParams, type UserListRow } from '../../projections/console-lists';
import { currentSettings } from '../../projections/settings';
import { activeAdminIds } from '../../projections/members';
import { listOutbox } from '../../infra/mail/mailer';
import { SITE_SETTINGS_CHANGES } from '../schemas/site-settings';
import { ok } from '../http';
import { EXPORT_RANGE, fieldColumns, sendExport } from '../csv';
import { editVersion, ifMatchRevision, versioned } from '../edit-version';
import { SETTINGS_STREAM } from '../../domain/settings/settings';
import { contextFor, requireCaller, setSessionCookie } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import type { Services } from '../services';

const userId = z.string({ error: 'user_id is required.' }).uuid({ error: 'user_id is invalid.' });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });

const userRecord = (u: UserListRow): AdminUserRecord => ({ ...u, created_at: u.created_at.toISOString(), total_spent_cents: Number(u.total_spent_cents) });

/** The users export's columns (the list's record fields). */
const USER_EXPORT_COLUMNS = fieldColumns<UserListRow>(['id', 'name', 'email', 'role', 'subscription_status', 'created_at', 'total_spent_cents', 'nickname', 'blocked', 'complimentary']);

export const staffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const nowIso = () => services.clock().toISOString();
  // The rank rule's last-admin check counts the active admins in the read model.
  const staffDeps = { activeAdminIds: () => activeAdminIds(db()) };

  /** Runs a staff command for the caller and answers with the spec's message. */
  const act = async (request: FastifyRequest, reply: FastifyReply, run: (ctx: ReturnType<typeof contextFor>, actorId: string) => Promise<unknown>, message: string) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await run(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, null, { message, position: ctx.lastPosition });
  };

  app.post('/api/users/login-as-proxy-user', { schema: { body: z.object({ user_id: userId }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const session = await startProxySession(ctx, services.secrets, caller.userId, body.user_id);
    await settle(services, ctx);
    // The fan site (same origin) signs in with this cookie; the console keeps its own session.
    setSessionCookie(request, reply, services, session.token, { expiresAt: session.expiresAt, proxy: true });
    return ok(reply, { token: session.token, expires_at: session.expiresAt });
  });

  app.post('/api/admin/update_user_block_status', { schema: { body: z.object({ user_id: userId, is_blocked: flag('is_blocked') }) } }, async (request, reply) => {
    const b = request.body;
    return act(request, reply, (ctx, actor) => setBlocked(ctx, actor, b.user_id, b.is_blocked, staffDeps), b.is_blocked ? 'User blocked.' : 'User unblocked.');
  });

  app.get('/api/admin/delete_user', { schema: { querystring: z.object({ user_id: userId }) } }, async (request, reply) => {
    const q = request.query;
    return act(request, reply, (ctx, actor) => deleteMember(ctx, actor, q.user_id, staffDeps), 'User deleted.');
  });

  app.post('/api/admin/update_is_photo_id_accepted_status', { schema: { body: z.object({ user_id: userId, is_photo_id_accepted: flag('is_photo_id_accepted') }) } }, async (request, reply) => {
    const b = request.body;
    return act(request, reply, (ctx) => setPhotoIdOverride(ctx, b.user_id, b.is_photo_id_accepted), b.is_photo_id_accepted ? 'Override limit access granted.' : 'Override limit access revoked.');
  });

  app.post('/api/admin/update_hide_from_chat_status', { schema: { body: z.object({ user_id: userId, hide_from_chat: flag('hide_from_chat') }) } }, async (request, reply) => {
    const b = request.body;
    return act(request, reply, (ctx) => setHiddenFromChat(ctx, b.user_id, b.hide_from_chat), b.hide_from_chat ? 'User hidden from chat list.' : 'User shown in chat list.');
  });

  // Mute mass messages and the nickname (the chat row menu's and the Users page's bodies): routes/chat-staff.ts.

  const emailPreferencesBody = z.object({
    user_id: userId,
    preferences: z.object({ new_posts: z.boolean(), messages: z.boolean(), promotions: z.boolean() }, { error: 'preferences is required.' }).strict(),
  });
  app.post('/api/users/save_email_preferences', { schema: { body: emailPreferencesBody } }, async (request, reply) => {
    const b = request.body;
    return act(request, reply, (ctx) => setEmailPreferences(ctx, b.user_id, b.preferences), 'Email Preferences Updated');
  });

  app.post('/api/admin/give_complimentary_subscription', { schema: { body: z.object({ user_id: userId, months: z.number({ error: 'months must be a number.' }).int().default(1) }) } }, async (request, reply) => {
    const b = request.body;
    return act(request, reply, (ctx) => giveComplimentary(ctx, b.user_id, b.months), 'Complimentary subscription given.');
  });

  // `view`: all (default), fans, subscribers ('1' or '2'), blocked, staff — domain/console/admin-tools-wire.ts.
  const usersListQuery = z.object({ page_num: z.coerce.number().int().min(1).default(1), view: z.enum(USER_VIEWS, { error: `view must be one of ${USER_VIEWS.join(', ')}.` }).default('all') });
  app.post('/api/users/get_users_list', { schema: { querystring: usersListQuery } }, async (request, reply) => {
    const q = request.query;
    const r = await listUsers(db(), { sort: ['created_at', 'DESC'], range: [(q.page_num - 1) * 20, q.page_num * 20 - 1], filter: q.view === 'all' ? {} : { view: q.view } }, nowIso());
    return ok(reply, { users: r.rows.map(userRecord), currentPage: q.page_num, totalPages: Math.max(1, Math.ceil(r.total / 20)), view: q.view });
  });

  // GET /api/pages/get_html (maintenance and the content pages) is in ./shell.ts.

  // --- console REST surface -------------------------------------------------------------------------------

  const staffAccountBody = z.object({
    name: z.string({ error: 'Please enter a name.' }),
    email: z.string({ error: 'Please enter an email.' }),
    role: z.enum(ASSIGNABLE_ROLES as [Role, ...Role[]], { error: 'role is invalid.' }),
    password: z.string().optional(),
  });
  app.post('/admin-api/users', { schema: { body: staffAccountBody } }, async (request, reply) => {
    const b = request.body;
    const ctx = contextFor(request, services);
    const { userId: id, generatedPassword } = await createStaffAccount(ctx, services.secrets, b);
    await settle(services, ctx);
    const r = await listUsers(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, nowIso());
    return reply.code(201).send({ ...userRecord(r.rows[0]), generated_password: generatedPassword });
  });

  app.put('/admin-api/users/:id', { schema: { params: z.object({ id: userId }), body: z.object({ role: z.enum(ASSIGNABLE_ROLES as [Role, ...Role[]], { error: 'role is invalid.' }) }).passthrough() } }, async (request, reply) => {
    const id = request.params.id;
    const b = request.body;
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await changeRole(ctx, caller.userId, id, b.role, staffDeps, ifMatchRevision(request));
    await settle(services, ctx);
    const r = await listUsers(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } }, nowIso());
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(versioned(reply, await editVersion(services, memberStream(id)), userRecord(r.rows[0])));
  });

  app.get('/admin-api/users/export', async (request, reply) => {
    // The same filters as the list on screen (or the selected ids), all rows.
    const { filter } = listParams(request, 'created_at');
    const r = await listUsers(db(), { sort: ['created_at', 'ASC'], range: EXPORT_RANGE, filter }, nowIso());
    return sendExport(request, reply, services, 'users', filter, r.rows, USER_EXPORT_COLUMNS);
  });

  const auditRecord = (a: AuditListRow): AdminAuditRecord => ({
    id: a.id, recorded_at: a.recorded_at.toISOString(), actor_id: a.actor_id, actor_email: a.actor_email, actor_role: a.actor_role, proxy_admin_id: a.proxy_admin_id,
    action: a.action, subject_user_id: a.subject_user_id, stream_id: a.stream_id, ip: a.ip, data: a.data,
  });
  app.get('/admin-api/audit', async (request, reply) => {
    const p = listParams(request, 'recorded_at');
    const r = await listAudit(db(), p);
    return sendList(reply, 'audit', p, r, r.rows.map(auditRecord));
  });
  app.get('/admin-api/audit/:id', async (request, reply) => {
    const r = await listAudit(db(), { sort: ['recorded_at', 'DESC'], range: [0, 0], filter: { id: (request.params as { id: string }).id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(auditRecord(r.rows[0]));
  });

  app.get('/admin-api/outbox', async (request, reply) => {
    const p: ListParams = listParams(request, 'created_at');
    const r = await listOutbox(services.database, p);
    return sendList(reply, 'outbox', p, r, r.rows);
  });
  app.get('/admin-api/outbox/:id', async (request, reply) => {
    const r = await listOutbox(services.database, { range: [0, 0], filter: { id: (request.params as { id: string }).id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });

  app.get('/admin-api/settings/:id', async (request, reply) => {
    if ((request.params as { id: string }).id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const version = await editVersion(services, SETTINGS_STREAM);
    return reply.send(versioned(reply, version, { id: 'site', ...(await currentSettings(db())) }));
  });
  // react-admin sends the whole record back: the known settings are validated, the rest (id, version, ...) dropped.
  app.put('/admin-api/settings/:id', { schema: { body: SITE_SETTINGS_CHANGES.strip() } }, async (request, reply) => {
    if ((request.params as { id: string }).id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const changes = request.body as Partial<SiteSettings>;
    const ctx = contextFor(request, services);
    // Cleans every *_html value under the shared HTML policy; removes the theme images the settings stopped using.
    await updateSiteSettings(ctx, services.sanitizeHtml, changes, ifMatchRevision(request), services.storage);
    await settle(services, ctx);
    const version = await editVersion(services, SETTINGS_STREAM);
    return reply.header('x-message', 'update settings successfully.').send(versioned(reply, version, { id: 'site', ...(await currentSettings(db())) }));
  });
};
