// User aggregate (stream `user-<id>`): registration and sessions, and the account self-service around them
// (profile, password reset, email change, email opt-in, photo ID). Email uniqueness is its own tiny aggregate
// (domain/user/email-claim.ts). Tokens never appear here in the clear: commands carry their SHA-256 hash, and
// time arrives in the command.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { Role } from '../shared/wire';
import type { UtmParams } from '../reporting/reporting';
import { isExternalRegisterPage } from '../settings/register-page';

export const userStream = (userId: string) => `user-${userId}`;

export type UserEvent =
  | DomainEvent<'UserRegistered', { userId: string; email: string; name: string; passwordHash: string; role: Role; registeredAt: string; isDemo?: boolean;
      /** The UTM values the fan arrived with (the fan site's one-year cookie). */
      utm?: UtmParams }>
  /** A registration that claimed its email but never wrote the user: this id can never register (email-claim.ts). */
  | DomainEvent<'RegistrationAbandoned', { userId: string; email: string; at: string }>
  | DomainEvent<'UserLoggedIn', { userId: string; sessionId: string; tokenHash: string; expiresAt: string }>
  | DomainEvent<'UserLoggedOut', { userId: string; sessionId: string }>
  | DomainEvent<'PasswordChanged', { userId: string; passwordHash: string; changedAt: string }>
  | DomainEvent<'ProfileUpdated', { userId: string; name: string; at: string }>
  | DomainEvent<'PasswordResetRequested', { userId: string; tokenHash: string; expiresAt: string; at: string }>
  /** Follows the PasswordChanged of a reset: the reset token is used up. */
  | DomainEvent<'PasswordResetCompleted', { userId: string; at: string }>
  /** A new or resent change request; the newest token replaces any earlier one. */
  | DomainEvent<'EmailChangeRequested', { userId: string; newEmail: string; tokenHash: string; expiresAt: string; at: string }>
  | DomainEvent<'EmailChangeDismissed', { userId: string; at: string }>
  | DomainEvent<'EmailChanged', { userId: string; oldEmail: string; newEmail: string; at: string }>
  /** tokenHash and expiresAt only with status link_sent (a verification mail goes out). */
  | DomainEvent<'EmailOptInStatusChanged', { userId: string; status: OptInStatus; previousStatus: OptInStatus; tokenHash?: string; expiresAt?: string; at: string }>
  | DomainEvent<'EmailOptInVerified', { userId: string; at: string }>
  | DomainEvent<'EmailOptInPromptShown', { userId: string; at: string }>
  | DomainEvent<'PhotoIdUploaded', { userId: string; fileKey: string; contentType: string; at: string }>
  /** Staff accept (or withdraw acceptance of) the uploaded photo ID. */
  | DomainEvent<'PhotoIdAcceptanceChanged', { userId: string; accepted: boolean; at: string }>;

/** The email opt-in statuses, plus opted_in once the verification link was followed. */
export const OPT_IN_STATUSES = ['pending', 'opt_out', 'link_sent', 'dismissed', 'no_thanks', 'no_thanks_opt_out', 'opted_in'] as const;
export type OptInStatus = (typeof OPT_IN_STATUSES)[number];
/** What the fan's opt-in prompt may send. */
export const FAN_OPT_IN_CHOICES = ['link_sent', 'no_thanks', 'dismissed'] as const;
export type FanOptInChoice = (typeof FAN_OPT_IN_CHOICES)[number];

/** A fresh token, already hashed by the caller, and when it stops working. */
export interface TokenGrant {
  tokenHash: string;
  expiresAt: string;
}

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; name: string; passwordHash: string; role: Role; at: string; isDemo?: boolean; utm?: UtmParams | null }
  /** Closes a registration that never completed, so that it cannot complete late; a no-op once registered. */
  | { type: 'AbandonRegistration'; userId: string; email: string; at: string }
  | { type: 'LogIn'; sessionId: string; tokenHash: string; expiresAt: string }
  | { type: 'LogOut'; sessionId: string }
  /** "Log out everywhere": every session of the user ends, this one included. */
  | { type: 'LogOutEverywhere' }
  /** The old password was verified by the caller (hashing is I/O); other sessions end with the change. */
  | { type: 'ChangePassword'; passwordHash: string; keepSessionId: string | null; at: string }
  | { type: 'RequestPasswordReset'; grant: TokenGrant; at: string }
  /** Sets the new password with a reset token; every session ends (the caller then opens a new one). */
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; at: string }
  /** Name and/or a new email (validated and normalised by the caller; the email is not yet claimed). */
  | { type: 'ChangeProfileDetails'; name?: string; emailChange?: { newEmail: string; grant: TokenGrant }; at: string }
  | { type: 'ResendEmailChange'; grant: TokenGrant; at: string }
  | { type: 'DismissEmailChange'; at: string }
  /** The caller has already claimed the new address for this user on its `user-email-` stream. */
  | { type: 'ConfirmEmailChange'; tokenHash: string; at: string }
  /** grant is required for link_sent (a verification mail goes out), ignored otherwise. */
  | { type: 'UpdateOptInStatus'; status: FanOptInChoice | 'opt_out'; grant?: TokenGrant; at: string }
  | { type: 'VerifyOptInEmail'; tokenHash: string; at: string }
  | { type: 'MarkOptInPromptShown'; at: string }
  | { type: 'UploadPhotoId'; fileKey: string; contentType: string; at: string }
  | { type: 'SetPhotoIdAccepted'; accepted: boolean; at: string };

export interface UserState {
  userId: string | null;
  /** The registration under this id was given up before it was written (RegistrationAbandoned). */
  abandoned: boolean;
  email: string | null;
  passwordHash: string | null;
  role: Role | null;
  sessions: Set<string>;
  name: string | null;
  /** The one live reset token (a newer request replaces it). */
  passwordReset: TokenGrant | null;
  emailChange: (TokenGrant & { newEmail: string; requestedAt: string; sentAt: string }) | null;
  /** When the last change-email mail went out (the resend wait counts from it; kept after a dismissal). */
  emailChangeSentAt: string | null;
  optIn: { status: OptInStatus; token: TokenGrant | null; sentAt: string | null; promptShownAt: string | null };
  photoId: { status: 'none' | 'uploaded' | 'accepted'; fileKey: string | null };
}

// A resend is allowed two minutes after the previous mail.
export const EMAIL_RESEND_WAIT_MS = 2 * 60_000;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;

export const INVALID_TOKEN = 'Invalid token.';
export const resendWaitMessage = (seconds: number) => `Please wait ${seconds} second(s) before requesting an email resend.`;
export const NO_PENDING_EMAIL_CHANGE = 'There is no change email request.';
export const ALREADY_OPTED_IN = 'Your email is already verified.';

/** Whole seconds still to wait before another mail may go out (0 = may send now). */
export function resendWaitSeconds(lastSentAt: string | null, nowIso: string): number {
  if (!lastSentAt) return 0;
  const remaining = Date.parse(lastSentAt) + EMAIL_RESEND_WAIT_MS - Date.parse(nowIso);
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

function assertMaySend(lastSentAt: string | null, nowIso: string): void {
  const wait = resendWaitSeconds(lastSentAt, nowIso);
  if (wait > 0) throw new DomainError(resendWaitMessage(wait), 'RESEND_WAIT', 400, { waitSeconds: wait });
}

/** A token matches the live grant and has not expired (expiry is exclusive: at expiresAt it is dead). */
export const tokenMatches = (grant: TokenGrant | null | undefined, tokenHash: string, nowIso: string): boolean =>
  !!grant && grant.tokenHash === tokenHash && Date.parse(nowIso) < Date.parse(grant.expiresAt);

/** check_token: whether this reset token would be accepted now. */
export const isResetTokenValid = (state: UserState, tokenHash: string, nowIso: string): boolean =>
  !!state.userId && tokenMatches(state.passwordReset, tokenHash, nowIso);

/** The new address of a change request this token may confirm now, or null. */
export const emailChangeFor = (state: UserState, tokenHash: string, nowIso: string): string | null =>
  state.emailChange && tokenMatches(state.emailChange, tokenHash, nowIso) ? state.emailChange.newEmail : null;

const invalidToken = () => new DomainError(INVALID_TOKEN, 'INVALID_TOKEN', 400);

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({
    userId: null,
    abandoned: false,
    email: null,
    passwordHash: null,
    role: null,
    sessions: new Set(),
    name: null,
    passwordReset: null,
    emailChange: null,
    emailChangeSentAt: null,
    optIn: { status: 'pending', token: null, sentAt: null, promptShownAt: null },
    photoId: { status: 'none', fileKey: null },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, userId: event.data.userId, email: event.data.email, passwordHash: event.data.passwordHash, role: event.data.role, name: event.data.name };
      case 'RegistrationAbandoned':
        return { ...state, abandoned: true };
      case 'UserLoggedIn':
        return { ...state, sessions: new Set(state.sessions).add(event.data.sessionId) };
      case 'UserLoggedOut': {
        const sessions = new Set(state.sessions);
        sessions.delete(event.data.sessionId);
        return { ...state, sessions };
      }
      case 'PasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'ProfileUpdated':
        return { ...state, name: event.data.name };
      case 'PasswordResetRequested':
        return { ...state, passwordReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      case 'PasswordResetCompleted':
        return { ...state, passwordReset: null };
      case 'EmailChangeRequested': {
        const d = event.data;
        const requestedAt = state.emailChange?.newEmail === d.newEmail ? state.emailChange.requestedAt : d.at;
        return { ...state, emailChange: { newEmail: d.newEmail, tokenHash: d.tokenHash, expiresAt: d.expiresAt, requestedAt, sentAt: d.at }, emailChangeSentAt: d.at };
      }
      case 'EmailChangeDismissed':
        return { ...state, emailChange: null };
      case 'EmailChanged':
        return { ...state, email: event.data.newEmail, emailChange: null };
      case 'EmailOptInStatusChanged': {
        const d = event.data;
        const token = d.tokenHash && d.expiresAt ? { tokenHash: d.tokenHash, expiresAt: d.expiresAt } : null;
        return { ...state, optIn: { ...state.optIn, status: d.status, token, sentAt: token ? d.at : state.optIn.sentAt } };
      }
      case 'EmailOptInVerified':
        return { ...state, optIn: { ...state.optIn, status: 'opted_in', token: null } };
      case 'EmailOptInPromptShown':
        return { ...state, optIn: { ...state.optIn, promptShownAt: event.data.at } };
      case 'PhotoIdUploaded':
        return { ...state, photoId: { status: 'uploaded', fileKey: event.data.fileKey } };
      case 'PhotoIdAcceptanceChanged':
        return { ...state, photoId: { ...state.photoId, status: event.data.accepted ? 'accepted' : state.photoId.fileKey ? 'uploaded' : 'none' } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        if (state.userId) throw new DomainError('Invalid request.', 'USER_EXISTS', 409);
        // Given up (by this registration's own compensation, or by a later one taking the email over).
        if (state.abandoned) throw new DomainError('Registration failed. Please try again.', 'REGISTRATION_ABANDONED', 409);
        return [
          {
            type: 'UserRegistered',
            data: {
              userId: command.userId,
              email: command.email,
              name: command.name,
              passwordHash: command.passwordHash,
              role: command.role,
              registeredAt: command.at,
              ...(command.isDemo ? { isDemo: true } : {}),
              ...(command.utm ? { utm: command.utm } : {}),
            },
          },
        ];
      case 'AbandonRegistration':
        if (state.userId || state.abandoned) return [];
        return [{ type: 'RegistrationAbandoned', data: { userId: command.userId, email: command.email, at: command.at } }];
      case 'LogIn':
        if (!state.userId) throw new DomainError('Invalid email or password.', 'INVALID_CREDENTIALS', 400);
        return [{ type: 'UserLoggedIn', data: { userId: state.userId, sessionId: command.sessionId, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
      case 'LogOut':
        if (!state.userId || !state.sessions.has(command.sessionId)) return [];
        return [{ type: 'UserLoggedOut', data: { userId: state.userId, sessionId: command.sessionId } }];
      case 'LogOutEverywhere': {
        const userId = state.userId;
        if (!userId) return [];
        return [...state.sessions].map((sessionId): UserEvent => ({ type: 'UserLoggedOut', data: { userId, sessionId } }));
      }
      case 'ChangePassword': {
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        const userId = state.userId;
        const others = [...state.sessions].filter((id) => id !== command.keepSessionId);
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, changedAt: command.at } },
          ...others.map((sessionId): UserEvent => ({ type: 'UserLoggedOut', data: { userId, sessionId } })),
        ];
      }
      case 'RequestPasswordReset':
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        return [{ type: 'PasswordResetRequested', data: { userId: state.userId, tokenHash: command.grant.tokenHash, expiresAt: command.grant.expiresAt, at: command.at } }];
      case 'ResetPassword': {
        if (!isResetTokenValid(state, command.tokenHash, command.at)) throw invalidToken();
        const userId = state.userId!;
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, changedAt: command.at } },
          { type: 'PasswordResetCompleted', data: { userId, at: command.at } },
          ...[...state.sessions].map((sessionId): UserEvent => ({ type: 'UserLoggedOut', data: { userId, sessionId } })),
        ];
      }
      case 'ChangeProfileDetails': {
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        const userId = state.userId;
        const events: UserEvent[] = [];
        const change = command.emailChange;
        if (change && change.newEmail !== state.email) {
          assertMaySend(state.emailChangeSentAt, command.at);
          events.push({ type: 'EmailChangeRequested', data: { userId, newEmail: change.newEmail, tokenHash: change.grant.tokenHash, expiresAt: change.grant.expiresAt, at: command.at } });
        }
        if (command.name !== undefined && command.name !== state.name) events.unshift({ type: 'ProfileUpdated', data: { userId, name: command.name, at: command.at } });
        return events;
      }
      case 'ResendEmailChange': {
        if (!state.userId || !state.emailChange) throw new DomainError(NO_PENDING_EMAIL_CHANGE, 'NO_PENDING_EMAIL_CHANGE', 400);
        assertMaySend(state.emailChangeSentAt, command.at);
        const { newEmail } = state.emailChange;
        return [{ type: 'EmailChangeRequested', data: { userId: state.userId, newEmail, tokenHash: command.grant.tokenHash, expiresAt: command.grant.expiresAt, at: command.at } }];
      }
      case 'DismissEmailChange':
        if (!state.userId || !state.emailChange) return [];
        return [{ type: 'EmailChangeDismissed', data: { userId: state.userId, at: command.at } }];
      case 'ConfirmEmailChange': {
        const newEmail = emailChangeFor(state, command.tokenHash, command.at);
        if (!state.userId || !newEmail) throw invalidToken();
        return [{ type: 'EmailChanged', data: { userId: state.userId, oldEmail: state.email!, newEmail, at: command.at } }];
      }
      case 'UpdateOptInStatus': {
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        const previousStatus = state.optIn.status;
        const base = { userId: state.userId, previousStatus, at: command.at };
        switch (command.status) {
          case 'link_sent':
            if (previousStatus === 'opted_in') throw new DomainError(ALREADY_OPTED_IN, 'ALREADY_OPTED_IN', 400);
            if (!command.grant) throw new Error('UpdateOptInStatus link_sent needs a token grant');
            assertMaySend(state.optIn.sentAt, command.at);
            return [{ type: 'EmailOptInStatusChanged', data: { ...base, status: 'link_sent', tokenHash: command.grant.tokenHash, expiresAt: command.grant.expiresAt } }];
          case 'no_thanks': {
            const status: OptInStatus = previousStatus === 'opt_out' ? 'no_thanks_opt_out' : 'no_thanks';
            return status === previousStatus ? [] : [{ type: 'EmailOptInStatusChanged', data: { ...base, status } }];
          }
          case 'dismissed':
          case 'opt_out':
            return command.status === previousStatus ? [] : [{ type: 'EmailOptInStatusChanged', data: { ...base, status: command.status } }];
        }
        throw new Error(`unknown opt-in status ${String((command as { status: unknown }).status)}`);
      }
      case 'VerifyOptInEmail':
        if (!state.userId || state.optIn.status !== 'link_sent' || !tokenMatches(state.optIn.token, command.tokenHash, command.at)) throw invalidToken();
        return [{ type: 'EmailOptInVerified', data: { userId: state.userId, at: command.at } }];
      case 'MarkOptInPromptShown':
        if (!state.userId || state.optIn.promptShownAt) return [];
        return [{ type: 'EmailOptInPromptShown', data: { userId: state.userId, at: command.at } }];
      case 'UploadPhotoId':
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        return [{ type: 'PhotoIdUploaded', data: { userId: state.userId, fileKey: command.fileKey, contentType: command.contentType, at: command.at } }];
      case 'SetPhotoIdAccepted':
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        if ((state.photoId.status === 'accepted') === command.accepted) return [];
        return [{ type: 'PhotoIdAcceptanceChanged', data: { userId: state.userId, accepted: command.accepted, at: command.at } }];
    }
  },
};

export { EMAIL_TAKEN, emailClaimDecider, emailClaimStream, type EmailClaimCommand, type EmailClaimEvent, type EmailClaimState } from './email-claim';

/**
 * After registration: the creator's external page in the new-register-page flow, else /subscribe for the card
 * REST API and subscription-billing flows, else /membership.
 */
export const routeAfterRegistration = (flags: { cardRestApi: boolean; billingProvider: boolean; newRegisterPage?: string }): string =>
  flags.newRegisterPage && isExternalRegisterPage(flags.newRegisterPage) ? flags.newRegisterPage : flags.cardRestApi || flags.billingProvider ? '/subscribe' : '/membership';


// Photo ID: an image or a PDF, recognised by its first bytes (the declared type is not trusted).
export const PHOTO_ID_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_ID_REQUIRED = 'Please select photo ID file.';
export const PHOTO_ID_WRONG_TYPE = 'Please upload a JPEG or PNG image or a PDF file.';
export const PHOTO_ID_TOO_LARGE = 'The photo ID file cannot be larger than 10 MB.';
export const PHOTO_ID_UPLOADED = 'Photo ID uploaded. Your transaction limit has now been increased.';

export function photoIdFileType(head: Uint8Array): { contentType: 'image/jpeg' | 'image/png' | 'application/pdf'; ext: 'jpg' | 'png' | 'pdf' } | null {
  const starts = (...bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { contentType: 'image/png', ext: 'png' };
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { contentType: 'application/pdf', ext: 'pdf' }; // %PDF-
  return null;
}
