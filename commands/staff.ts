// Staff actions on members: blocking, deletion, roles, flags, complimentary memberships, staff accounts and
// proxy logins. Each writes events whose metadata names the staff member: the audit trail.
import { DomainError } from '../domain/shared/decider';
import { memberDecider, memberStream, effectiveRole, type EmailPreferences, type MemberCommand, type MemberState } from '../domain/member/member';
import { dataExportDecider, dataExportStream } from '../domain/member/data-export';
import { assertStaffAction, type StaffAction } from '../domain/access/ranks';
import { emailClaimDecider, emailClaimStream, userDecider, userStream } from '../domain/user/user';
import { isValidEmail, normaliseEmail, ValidationError } from '../domain/shared/validation';
import { subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import type { Role } from '../domain/shared/wire';
import type { Secrets } from '../infra/auth/port';
import { handle, loadStream, type CommandContext } from './handle';
import { registerUser } from './accounts';

export const PROXY_SESSION_HOURS = 2;

async function existingUser(ctx: CommandContext, userId: string) {
  const { state } = await loadStream(ctx.store, userStream(userId), userDecider);
  if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404, { field: 'user_id' });
  return state;
}

/** What the rank rule needs from outside the event store: the active admins (a read model, passed in by the API). */
export interface StaffDeps {
  activeAdminIds?: () => Promise<string[]>;
}

/**
 * The rank rule (domain/access/ranks.ts) for an action by the caller (ctx.metadata.role) on `userId`, checked
 * against the member state the command is decided on. Acting on yourself is left to the member decider (it has
 * the spec's own refusals for that).
 */
async function rankGuard(ctx: CommandContext, deps: StaffDeps, userId: string, action: StaffAction, newRole?: Role) {
  const user = await existingUser(ctx, userId);
  const selfAction = ctx.metadata.userId === userId;
  const removesAdmin = action === 'block' || action === 'delete' || action === 'change_role';
  const admins = !selfAction && removesAdmin ? await deps.activeAdminIds?.() : undefined;
  return (member: MemberState) => {
    if (selfAction) return;
    const target = effectiveRole(user.role!, member.role);
    assertStaffAction({
      action, actor: ctx.metadata.role, target, newRole,
      targetActive: !member.blocked && !member.deleted,
      otherActiveAdmins: admins ? admins.filter((id) => id !== userId).length : 0,
    });
  };
}

/** Runs a member command after checking the user exists and that the caller outranks them. */
export async function actOnMember(ctx: CommandContext, command: MemberCommand, action: StaffAction, deps: StaffDeps = {}, expectedRevision?: number) {
  const guard = await rankGuard(ctx, deps, command.userId, action, command.type === 'ChangeRole' ? command.role : undefined);
  return handle(ctx, memberStream(command.userId), memberDecider, (state) => {
    guard(state);
    return command;
  }, { expectedRevision, editing: 'user' });
}

export const setBlocked = (ctx: CommandContext, actorId: string, userId: string, blocked: boolean, deps?: StaffDeps) =>
  actOnMember(ctx, { type: 'SetBlocked', userId, blocked, actorId }, blocked ? 'block' : 'unblock', deps);
export const deleteMember = (ctx: CommandContext, actorId: string, userId: string, deps?: StaffDeps) =>
  actOnMember(ctx, { type: 'Delete', userId, actorId, at: ctx.now() }, 'delete', deps);
/** `expectedRevision`: the console's If-Match on the member stream (a stale edit is a 412). */
export const changeRole = (ctx: CommandContext, actorId: string, userId: string, role: Role, deps?: StaffDeps, expectedRevision?: number) =>
  actOnMember(ctx, { type: 'ChangeRole', userId, role, actorId }, 'change_role', deps, expectedRevision);
export const setNickname = (ctx: CommandContext, userId: string, nickname: string) => actOnMember(ctx, { type: 'SetNickname', userId, nickname }, 'edit');
export const setHiddenFromChat = (ctx: CommandContext, userId: string, hidden: boolean) => actOnMember(ctx, { type: 'SetHiddenFromChat', userId, hidden }, 'edit');
export const setMassMessagesMuted = (ctx: CommandContext, userId: string, muted: boolean) => actOnMember(ctx, { type: 'SetMassMessagesMuted', userId, muted }, 'edit');
export const setPhotoIdOverride = (ctx: CommandContext, userId: string, accepted: boolean) => actOnMember(ctx, { type: 'SetPhotoIdOverride', userId, accepted }, 'edit');
export const setEmailPreferences = (ctx: CommandContext, userId: string, preferences: EmailPreferences) =>
  actOnMember(ctx, { type: 'SetEmailPreferences', userId, preferences }, 'edit');

export async function giveComplimentary(ctx: CommandContext, userId: string, months: number) {
  const guard = await rankGuard(ctx, {}, userId, 'edit');
  guard((await loadStream(ctx.store, memberStream(userId), memberDecider)).state);
  return handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'GiveComplimentary', userId, months, at: ctx.now() });
}

/** A staff account: registered with its role; the password is generated (and returned once) unless given. */
export async function createStaffAccount(ctx: CommandContext, secrets: Secrets, input: { name: string; email: string; role: Role; password?: string }) {
  assertStaffAction({ action: 'create', actor: ctx.metadata.role, newRole: input.role });
  const password = input.password ?? secrets.randomPassword();
  const { userId } = await registerUser(ctx, secrets, { name: input.name, email: input.email, password, role: input.role });
  return { userId, generatedPassword: input.password ? null : password };
}

/** Records a staff export of member data (before the file goes out: no export without its audit record). */
export async function recordExport(ctx: CommandContext, resource: string, filter: Record<string, unknown>, rows: number) {
  const exportId = ctx.newId();
  return handle(ctx, dataExportStream(exportId), dataExportDecider, { type: 'RecordExport', exportId, resource, filter, rows, at: ctx.now() });
}

/** An admin opens a session as a fan. The token is returned once; only its hash is recorded. */
export async function startProxySession(ctx: CommandContext, secrets: Secrets, adminId: string, userId: string) {
  const user = await existingUser(ctx, userId);
  const { state: member } = await loadStream(ctx.store, memberStream(userId), memberDecider);
  // The rank rule first (as for every staff action); then the member decider allows fans only.
  if (adminId !== userId) assertStaffAction({ action: 'proxy', actor: ctx.metadata.role, target: effectiveRole(user.role!, member.role) });
  const token = secrets.newSessionToken();
  const sessionId = ctx.newId();
  const expiresAt = new Date(Date.parse(ctx.now()) + PROXY_SESSION_HOURS * 3600_000).toISOString();
  await handle(ctx, memberStream(userId), memberDecider, {
    type: 'StartProxySession', userId, adminId, targetRole: effectiveRole(user.role!, member.role), sessionId, tokenHash: secrets.hashToken(token), expiresAt,
  });
  return { token, sessionId, expiresAt };
}

export const endProxySession = (ctx: CommandContext, userId: string, sessionId: string) =>
  handle(ctx, memberStream(userId), memberDecider, { type: 'EndProxySession', userId, sessionId });

/**
 * The site's operator, on the server's console, makes an account super_admin (npm run make-super-admin): the
 * highest role, which no account may give because nobody outranks it. The account is found by its email through
 * the address's claim stream (no read model needed: the server may be stopped); an unknown, blocked or deleted
 * account is refused with a message naming it. `ctx` acts as the system (no account) and the event names the
 * operator. Repeating it changes nothing.
 */
export async function appointSuperAdmin(ctx: CommandContext, emailInput: string, operator: string) {
  const email = normaliseEmail(emailInput);
  if (!isValidEmail(email)) throw new ValidationError('email', `'${emailInput}' is not an email address: give the email of the account to make super_admin.`);
  const claim = await loadStream(ctx.store, emailClaimStream(email), emailClaimDecider);
  const holder = claim.state.userId ? (await loadStream(ctx.store, userStream(claim.state.userId), userDecider)).state : null;
  if (!holder?.userId || holder.abandoned || holder.email !== email || !holder.role)
    throw new DomainError(`No account has the email ${email}.`, 'USER_NOT_FOUND', 404, { field: 'email' });
  const userId = holder.userId;
  const registeredRole = holder.role;
  let previousRole: Role = registeredRole;
  const r = await handle(ctx, memberStream(userId), memberDecider, (state) => {
    previousRole = effectiveRole(registeredRole, state.role);
    return { type: 'AppointSuperAdmin' as const, userId, registeredRole, operator };
  });
  return { userId, email, previousRole, changed: r.events.length > 0 };
}
