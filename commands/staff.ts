// Staff actions on members: blocking, deletion, roles, flags, complimentary memberships, staff accounts and
// proxy logins. Each writes events whose metadata names the staff member: the audit trail.
import { DomainError } from '../domain/shared/decider';
import { memberDecider, memberStream, effectiveRole, type EmailPreferences, type MemberCommand } from '../domain/member/member';
import { userDecider, userStream } from '../domain/user/user';
import { subscriptionDecider, subscriptionStream } from '../domain/subscription/subscription';
import type { Role } from '../domain/shared/wire';
import { hashToken, newSessionToken, randomPassword } from '../infra/auth/secrets';
import { handle, loadStream, type CommandContext } from './handle';
import { registerUser } from './accounts';

export const PROXY_SESSION_HOURS = 2;

async function existingUser(ctx: CommandContext, userId: string) {
  const { state } = await loadStream(ctx.store, userStream(userId), userDecider);
  if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404, { field: 'user_id' });
  return state;
}

/** Runs a member command after checking the user exists. */
export async function actOnMember(ctx: CommandContext, command: MemberCommand) {
  await existingUser(ctx, command.userId);
  return handle(ctx, memberStream(command.userId), memberDecider, command);
}

export const setBlocked = (ctx: CommandContext, actorId: string, userId: string, blocked: boolean) => actOnMember(ctx, { type: 'SetBlocked', userId, blocked, actorId });
export const deleteMember = (ctx: CommandContext, actorId: string, userId: string) => actOnMember(ctx, { type: 'Delete', userId, actorId, at: ctx.now() });
export const changeRole = (ctx: CommandContext, actorId: string, userId: string, role: Role) => actOnMember(ctx, { type: 'ChangeRole', userId, role, actorId });
export const setNickname = (ctx: CommandContext, userId: string, nickname: string) => actOnMember(ctx, { type: 'SetNickname', userId, nickname });
export const setHiddenFromChat = (ctx: CommandContext, userId: string, hidden: boolean) => actOnMember(ctx, { type: 'SetHiddenFromChat', userId, hidden });
export const setMassMessagesMuted = (ctx: CommandContext, userId: string, muted: boolean) => actOnMember(ctx, { type: 'SetMassMessagesMuted', userId, muted });
export const setPhotoIdOverride = (ctx: CommandContext, userId: string, accepted: boolean) => actOnMember(ctx, { type: 'SetPhotoIdOverride', userId, accepted });
export const setEmailPreferences = (ctx: CommandContext, userId: string, preferences: EmailPreferences) => actOnMember(ctx, { type: 'SetEmailPreferences', userId, preferences });

export async function giveComplimentary(ctx: CommandContext, userId: string, months: number) {
  await existingUser(ctx, userId);
  return handle(ctx, subscriptionStream(userId), subscriptionDecider, { type: 'GiveComplimentary', userId, months, at: ctx.now() });
}

/** A staff account: registered with its role; the password is generated (and returned once) unless given. */
export async function createStaffAccount(ctx: CommandContext, input: { name: string; email: string; role: Role; password?: string }) {
  const password = input.password ?? randomPassword();
  const { userId } = await registerUser(ctx, { name: input.name, email: input.email, password, role: input.role });
  return { userId, generatedPassword: input.password ? null : password };
}

/** An admin opens a session as a fan. The token is returned once; only its hash is recorded. */
export async function startProxySession(ctx: CommandContext, adminId: string, userId: string) {
  const user = await existingUser(ctx, userId);
  const { state: member } = await loadStream(ctx.store, memberStream(userId), memberDecider);
  const token = newSessionToken();
  const sessionId = ctx.newId();
  const expiresAt = new Date(Date.parse(ctx.now()) + PROXY_SESSION_HOURS * 3600_000).toISOString();
  await handle(ctx, memberStream(userId), memberDecider, {
    type: 'StartProxySession', userId, adminId, targetRole: effectiveRole(user.role!, member.role), sessionId, tokenHash: hashToken(token), expiresAt,
  });
  return { token, sessionId, expiresAt };
}

export const endProxySession = (ctx: CommandContext, userId: string, sessionId: string) =>
  handle(ctx, memberStream(userId), memberDecider, { type: 'EndProxySession', userId, sessionId });
