// Registration, login and logout. Passwords are hashed before the command is decided; the session token is
// returned once to the caller and only its hash is recorded. Hashing and tokens come in as `secrets` (the
// infra/auth port): the API passes the argon2id adapter.
import { DomainError } from '../domain/shared/decider';
import { ValidationError, isValidEmail, normaliseEmail, passwordProblem } from '../domain/shared/validation';
import { userDecider, userStream } from '../domain/user/user';
import { claimVerdict, emailClaimDecider, emailClaimStream, type ClaimHolder } from '../domain/user/email-claim';
import type { Role } from '../domain/shared/wire';
import type { UtmParams } from '../domain/reporting/reporting';
import type { Secrets } from '../infra/auth/port';
import { handle, loadStream, type CommandContext } from './handle';
import { BLOCKED_MESSAGE, effectiveRole, memberDecider, memberStream } from '../domain/member/member';

export const SESSION_DAYS = 30;
export const INVALID_LOGIN = 'Invalid email or password.';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  role?: Role;
  isDemo?: boolean;
  /** UTM values from the fan site's cookie (domain/reporting cleanUtm), recorded with the registration. */
  utm?: UtmParams | null;
}

export function validateRegistration(input: { name: string; email: string; password: string }): void {
  if (input.name.trim() === '') throw new ValidationError('name', 'Please enter a name.');
  if (input.name.trim().length > 50) throw new ValidationError('name', 'Name cannot be more than 50 characters.');
  const email = normaliseEmail(input.email);
  if (email === '') throw new ValidationError('email', 'Please enter an email.');
  if (!isValidEmail(email)) throw new ValidationError('email', 'Please enter a valid email.');
  validatePassword(input.password, 'password');
}

export function validatePassword(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(field, problem);
}

/**
 * Registration writes two streams: the email claim, then the user. The password is hashed before the claim
 * (the slow part stays outside the window between the appends). A failed user append releases the claim at
 * once; a claim left by a kill between the appends is taken over by the next registration after its lease
 * (domain/user/email-claim.ts). Either way the address can register again.
 */
export async function registerUser(ctx: CommandContext, secrets: Secrets, input: RegisterInput): Promise<{ userId: string }> {
  validateRegistration(input);
  const email = normaliseEmail(input.email);
  const passwordHash = await secrets.hashPassword(input.password);
  const userId = ctx.newId();
  await claimEmail(ctx, email, userId);
  try {
    await handle(ctx, userStream(userId), userDecider, {
      type: 'RegisterUser',
      userId,
      email,
      name: input.name.trim(),
      passwordHash,
      role: input.role ?? 'user',
      at: ctx.now(),
      isDemo: input.isDemo,
      utm: input.utm ?? null,
    });
  } catch (e) {
    await abandonRegistration(ctx, email, userId).catch(() => {
      // The store is failing: the claim stays until its lease passes, then the next registration takes it over.
    });
    throw e;
  }
  return { userId };
}

/** What the holder's user stream says about the address (read before the pure decision). */
async function claimHolder(ctx: CommandContext, holderId: string, email: string): Promise<ClaimHolder> {
  const { state } = await loadStream(ctx.store, userStream(holderId), userDecider);
  return { userId: holderId, registered: !!state.userId, ownsEmail: state.email === email, abandoned: state.abandoned };
}

/**
 * Claims `email` for `userId`: free, already this user's, or taken over from a holder that never became its
 * account once the lease has passed (a holder that never registered is fenced first). Throws EMAIL_TAKEN.
 */
export async function claimEmail(ctx: CommandContext, email: string, userId: string): Promise<void> {
  const stream = emailClaimStream(email);
  for (let attempt = 1; ; attempt++) {
    const { state } = await loadStream(ctx.store, stream, emailClaimDecider);
    const holder = state.userId && state.userId !== userId ? await claimHolder(ctx, state.userId, email) : undefined;
    const at = ctx.now();
    if (claimVerdict(state, userId, at, holder) === 'fence_holder' && attempt < 3) {
      // Closes the holder's registration (a no-op if it registered meanwhile), then decides again on fresh facts.
      await handle(ctx, userStream(holder!.userId), userDecider, { type: 'AbandonRegistration', userId: holder!.userId, email, at });
      continue;
    }
    // A conflict on the claim is retried by handle(); the holder facts then no longer match and the answer is EMAIL_TAKEN.
    await handle(ctx, stream, emailClaimDecider, { type: 'ClaimEmail', email, userId, at, holder });
    return;
  }
}

/** Whether `userId` could claim `email` now (a stale claim counts as free): the early check of a change of email. */
export async function emailAvailableFor(ctx: CommandContext, email: string, userId: string): Promise<boolean> {
  const { state } = await loadStream(ctx.store, emailClaimStream(email), emailClaimDecider);
  const holder = state.userId && state.userId !== userId ? await claimHolder(ctx, state.userId, email) : undefined;
  return claimVerdict(state, userId, ctx.now(), holder) !== 'taken';
}

/** Compensation: closes this registration's user stream (unless it did register after all) and frees the email. */
async function abandonRegistration(ctx: CommandContext, email: string, userId: string): Promise<void> {
  const { state } = await handle(ctx, userStream(userId), userDecider, { type: 'AbandonRegistration', userId, email, at: ctx.now() });
  if (state.userId) return; // the user append did land: the claim is rightly held
  await handle(ctx, emailClaimStream(email), emailClaimDecider, { type: 'ReleaseEmail', email, userId, abandoned: true });
}

/** The user's id for an email, read from the claim stream (the source of truth, not a read model). */
export async function userIdForEmail(ctx: CommandContext, email: string): Promise<string | null> {
  const { state } = await loadStream(ctx.store, emailClaimStream(normaliseEmail(email)), emailClaimDecider);
  return state.userId;
}

export async function startSession(ctx: CommandContext, secrets: Secrets, userId: string): Promise<{ token: string; sessionId: string }> {
  const token = secrets.newSessionToken();
  const sessionId = ctx.newId();
  const expiresAt = new Date(Date.parse(ctx.now()) + SESSION_DAYS * 86_400_000).toISOString();
  await handle(ctx, userStream(userId), userDecider, { type: 'LogIn', sessionId, tokenHash: secrets.hashToken(token), expiresAt });
  return { token, sessionId };
}

export async function logIn(ctx: CommandContext, secrets: Secrets, email: string, password: string): Promise<{ userId: string; token: string; role: Role }> {
  const userId = isValidEmail(normaliseEmail(email)) ? await userIdForEmail(ctx, email) : null;
  const user = userId ? (await loadStream(ctx.store, userStream(userId), userDecider)).state : null;
  const ok = await secrets.verifyPassword(user?.passwordHash ?? (await secrets.dummyPasswordHash()), password);
  const member = userId ? (await loadStream(ctx.store, memberStream(userId), memberDecider)).state : null;
  if (!userId || !user?.passwordHash || !ok || member?.deleted) throw new DomainError(INVALID_LOGIN, 'INVALID_CREDENTIALS', 400);
  // Checked after the password, so blocking does not reveal which emails have accounts.
  if (member?.blocked) throw new DomainError(BLOCKED_MESSAGE, 'BLOCKED', 430);
  const role = effectiveRole(user.role!, member?.role ?? null);
  const ctxAsUser = { ...ctx, metadata: { ...ctx.metadata, userId, role } };
  const { token } = await startSession(ctxAsUser, secrets, userId);
  ctx.lastPosition = ctxAsUser.lastPosition;
  return { userId, token, role };
}

export const PASSWORD_UPDATED = 'Password updated successfully.';

/** Verifies the old password, sets the new one and ends every other session of the user. */
export async function changePassword(ctx: CommandContext, secrets: Secrets, userId: string, keepSessionId: string | null, oldPassword: string, newPassword: string) {
  const { state } = await loadStream(ctx.store, userStream(userId), userDecider);
  if (!state.passwordHash || !(await secrets.verifyPassword(state.passwordHash, oldPassword)))
    throw new ValidationError('old_password', 'Your current password is not correct.');
  validatePassword(newPassword, 'new_password');
  if (oldPassword === newPassword) throw new ValidationError('new_password', 'The new password must be different from the current one.');
  const passwordHash = await secrets.hashPassword(newPassword);
  return handle(ctx, userStream(userId), userDecider, { type: 'ChangePassword', passwordHash, keepSessionId, at: ctx.now() });
}

export async function logOut(ctx: CommandContext, userId: string, sessionId: string, everywhere = false) {
  return handle(ctx, userStream(userId), userDecider, everywhere ? { type: 'LogOutEverywhere' } : { type: 'LogOut', sessionId });
}
