// Account self-service: forgotten password, profile details, change of email, email opt-in, photo ID.
// Emailed tokens are random (secrets.newSessionToken; `secrets` is the infra/auth port), handed back once so the caller can mail them, and recorded
// only as SHA-256 hashes; whether one is still good (expiry, single use, superseded) is the user stream's call.
// Mail goes out from the API layer after the append, so a failed append never mails a dead link.
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain/shared/decider';
import { ValidationError, isValidEmail, normaliseEmail } from '../domain/shared/validation';
import {
  EMAIL_TAKEN,
  EMAIL_VERIFICATION_TTL_MS,
  INVALID_TOKEN,
  PASSWORD_RESET_TTL_MS,
  PHOTO_ID_MAX_BYTES,
  PHOTO_ID_REQUIRED,
  PHOTO_ID_TOO_LARGE,
  PHOTO_ID_WRONG_TYPE,
  emailChangeFor,
  emailClaimDecider,
  emailClaimStream,
  isResetTokenValid,
  photoIdFileType,
  userDecider,
  userStream,
  type FanOptInChoice,
  type TokenGrant,
  type UserState,
} from '../domain/user/user';
import type { Secrets } from '../infra/auth/port';
import type { AppStorage as FileStorage } from '../infra/storage/port';
import { claimEmail, emailAvailableFor, startSession, userIdForEmail, validatePassword } from './accounts';
import { handle, loadStream, type CommandContext } from './handle';

/** Emailed tokens look like session tokens: 43 url-safe characters. Anything else is not worth a lookup. */
export const looksLikeToken = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token);

export const invalidToken = () => new DomainError(INVALID_TOKEN, 'INVALID_TOKEN', 400);

function newGrant(ctx: CommandContext, secrets: Secrets, ttlMs: number): { token: string; grant: TokenGrant } {
  const token = secrets.newSessionToken();
  return { token, grant: { tokenHash: secrets.hashToken(token), expiresAt: new Date(Date.parse(ctx.now()) + ttlMs).toISOString() } };
}

const loadUser = async (ctx: CommandContext, userId: string): Promise<UserState> => (await loadStream(ctx.store, userStream(userId), userDecider)).state;

/** On a public route the emailed token identifies the account: the events are that user's own acts. */
function actAs(ctx: CommandContext, user: UserState): void {
  if (ctx.metadata.userId == null && user.userId) ctx.metadata = { ...ctx.metadata, userId: user.userId, role: user.role };
}

// ---- forgotten password ------------------------------------------------------------------------------

/**
 * Starts a reset for the account with this email, if there is one: the token to mail, or null. The caller
 * answers the same either way (no telling which emails have accounts).
 */
export async function requestPasswordReset(ctx: CommandContext, secrets: Secrets, rawEmail: string): Promise<{ userId: string; email: string; name: string; token: string } | null> {
  const email = normaliseEmail(rawEmail);
  if (!isValidEmail(email)) return null;
  const userId = await userIdForEmail(ctx, email);
  if (!userId) return null;
  const user = await loadUser(ctx, userId);
  if (!user.userId || !user.passwordHash) return null;
  actAs(ctx, user);
  const { token, grant } = newGrant(ctx, secrets, PASSWORD_RESET_TTL_MS);
  await handle(ctx, userStream(userId), userDecider, { type: 'RequestPasswordReset', grant, at: ctx.now() });
  return { userId, email: user.email ?? email, name: user.name ?? '', token };
}

/** check_token: `userId` is the owner the token lookup found (or null). */
export async function isResetTokenLive(ctx: CommandContext, secrets: Secrets, userId: string | null, token: string): Promise<boolean> {
  if (!userId || !looksLikeToken(token)) return false;
  return isResetTokenValid(await loadUser(ctx, userId), secrets.hashToken(token), ctx.now());
}

/** Sets the new password, ends every session of the user, and logs them in (a new session token). */
export async function resetPassword(ctx: CommandContext, secrets: Secrets, userId: string | null, token: string, password: string): Promise<{ userId: string; token: string }> {
  validatePassword(password, 'password');
  if (!userId || !looksLikeToken(token)) throw invalidToken();
  const user = await loadUser(ctx, userId);
  const tokenHash = secrets.hashToken(token);
  // Checked before the (slow) password hashing; the decider checks again against the stream it appends to.
  if (!isResetTokenValid(user, tokenHash, ctx.now())) throw invalidToken();
  actAs(ctx, user);
  const passwordHash = await secrets.hashPassword(password);
  await handle(ctx, userStream(userId), userDecider, { type: 'ResetPassword', tokenHash, passwordHash, at: ctx.now() });
  const session = await startSession(ctx, secrets, userId);
  return { userId, token: session.token };
}

// ---- profile details and change of email ------------------------------------------------------------

export interface ProfileInput {
  name?: string;
  email?: string;
}

/** Validates everything before anything is written; 400 names the field. */
export function validateProfileDetails(input: ProfileInput): { name?: string; email?: string } {
  const out: { name?: string; email?: string } = {};
  if (input.name === undefined && input.email === undefined) throw new ValidationError('name', 'Please enter a name.');
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') throw new ValidationError('name', 'Please enter a name.');
    if (name.length > 50) throw new ValidationError('name', 'Name cannot be more than 50 characters.');
    out.name = name;
  }
  if (input.email !== undefined) {
    const email = normaliseEmail(input.email);
    if (email === '') throw new ValidationError('email', 'Please enter an email.');
    if (!isValidEmail(email)) throw new ValidationError('email', 'Please enter a valid email.');
    out.email = email;
  }
  return out;
}

/**
 * Changes the name at once; a new email starts a change request (the address is claimed only when the
 * link is followed). Returns the token to mail to the new address, when a request was made.
 */
export async function changeProfileDetails(ctx: CommandContext, secrets: Secrets, userId: string, input: ProfileInput): Promise<{ emailChange: { newEmail: string; token: string } | null; name: string }> {
  const valid = validateProfileDetails(input);
  const user = await loadUser(ctx, userId);
  let emailChange: { newEmail: string; grant: TokenGrant } | undefined;
  let token: string | null = null;
  if (valid.email !== undefined && valid.email !== user.email) {
    // Taken by someone else: say so now (registration says the same), and again at verification.
    if (!(await emailAvailableFor(ctx, valid.email, userId))) throw new DomainError(EMAIL_TAKEN, 'EMAIL_TAKEN', 409, { field: 'email' });
    const g = newGrant(ctx, secrets, EMAIL_VERIFICATION_TTL_MS);
    token = g.token;
    emailChange = { newEmail: valid.email, grant: g.grant };
  }
  const result = await handle(ctx, userStream(userId), userDecider, { type: 'ChangeProfileDetails', name: valid.name, emailChange, at: ctx.now() });
  const requested = result.events.some((e) => e.type === 'EmailChangeRequested');
  return { emailChange: requested && emailChange && token ? { newEmail: emailChange.newEmail, token } : null, name: result.state.name ?? '' };
}

export async function resendEmailChange(ctx: CommandContext, secrets: Secrets, userId: string): Promise<{ newEmail: string; token: string; name: string }> {
  const { token, grant } = newGrant(ctx, secrets, EMAIL_VERIFICATION_TTL_MS);
  const result = await handle(ctx, userStream(userId), userDecider, { type: 'ResendEmailChange', grant, at: ctx.now() });
  return { newEmail: result.state.emailChange!.newEmail, token, name: result.state.name ?? '' };
}

export async function dismissEmailChange(ctx: CommandContext, userId: string) {
  return handle(ctx, userStream(userId), userDecider, { type: 'DismissEmailChange', at: ctx.now() });
}

/**
 * Follows a change-email link: claims the new address (one address, one account), records the change, then
 * frees the old address so it can register again. If the change cannot be recorded, the claim is undone.
 */
export async function confirmEmailChange(ctx: CommandContext, secrets: Secrets, userId: string | null, token: string): Promise<{ userId: string; oldEmail: string; newEmail: string }> {
  if (!userId || !looksLikeToken(token)) throw invalidToken();
  const tokenHash = secrets.hashToken(token);
  const user = await loadUser(ctx, userId);
  const newEmail = emailChangeFor(user, tokenHash, ctx.now());
  if (!newEmail) throw invalidToken();
  actAs(ctx, user);
  await claimEmail(ctx, newEmail, userId);
  let oldEmail: string;
  try {
    const result = await handle(ctx, userStream(userId), userDecider, { type: 'ConfirmEmailChange', tokenHash, at: ctx.now() });
    const changed = result.events.find((e) => e.type === 'EmailChanged');
    oldEmail = changed && changed.type === 'EmailChanged' ? changed.data.oldEmail : user.email!;
  } catch (e) {
    await handle(ctx, emailClaimStream(newEmail), emailClaimDecider, { type: 'ReleaseEmail', email: newEmail, userId });
    throw e;
  }
  // Should this release fail, the old address stays claimed by an account that no longer uses it: the next
  // registration of it takes the claim over once the lease has passed (domain/user/email-claim.ts).
  await handle(ctx, emailClaimStream(oldEmail), emailClaimDecider, { type: 'ReleaseEmail', email: oldEmail, userId }).catch(() => {});
  return { userId, oldEmail, newEmail };
}

// ---- email opt-in -----------------------------------------------------------------------------------

/** The fan's answer to the opt-in prompt; link_sent returns the token to mail to the account's address. */
export async function updateOptInStatus(ctx: CommandContext, secrets: Secrets, userId: string, status: FanOptInChoice): Promise<{ mail: { to: string; name: string; token: string } | null }> {
  if (status === 'link_sent') {
    const { token, grant } = newGrant(ctx, secrets, EMAIL_VERIFICATION_TTL_MS);
    const result = await handle(ctx, userStream(userId), userDecider, { type: 'UpdateOptInStatus', status, grant, at: ctx.now() });
    return { mail: { to: result.state.email!, name: result.state.name ?? '', token } };
  }
  await handle(ctx, userStream(userId), userDecider, { type: 'UpdateOptInStatus', status, at: ctx.now() });
  return { mail: null };
}

export async function verifyOptInEmail(ctx: CommandContext, secrets: Secrets, userId: string | null, token: string) {
  if (!userId || !looksLikeToken(token)) throw invalidToken();
  const user = await loadUser(ctx, userId);
  actAs(ctx, user);
  return handle(ctx, userStream(userId), userDecider, { type: 'VerifyOptInEmail', tokenHash: secrets.hashToken(token), at: ctx.now() });
}

export async function markOptInPromptShown(ctx: CommandContext, userId: string) {
  return handle(ctx, userStream(userId), userDecider, { type: 'MarkOptInPromptShown', at: ctx.now() });
}

// ---- photo ID -----------------------------------------------------------------------------------------

/** Checks the file (by its bytes), stores it under photo-ids/<userId>/<uuid>.<ext> and records the upload. */
export async function uploadPhotoId(ctx: CommandContext, storage: FileStorage, userId: string, file: Buffer | null): Promise<{ fileKey: string; contentType: string }> {
  if (!file || file.length === 0) throw new ValidationError('photoId', PHOTO_ID_REQUIRED);
  if (file.length > PHOTO_ID_MAX_BYTES) throw new ValidationError('photoId', PHOTO_ID_TOO_LARGE);
  const type = photoIdFileType(file.subarray(0, 16));
  if (!type) throw new ValidationError('photoId', PHOTO_ID_WRONG_TYPE);
  const user = await loadUser(ctx, userId);
  if (!user.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
  const fileKey = `photo-ids/${userId}/${randomUUID()}.${type.ext}`;
  await storage.put(fileKey, file);
  await handle(ctx, userStream(userId), userDecider, { type: 'UploadPhotoId', fileKey, contentType: type.contentType, at: ctx.now() });
  return { fileKey, contentType: type.contentType };
}
