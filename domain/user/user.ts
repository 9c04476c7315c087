// User aggregate (stream `user-<id>`): registration and sessions. Email uniqueness is its own tiny aggregate
// (`user-email-<email>`), claimed with expected revision "no stream" so two registrations cannot both win.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import type { Role } from '../shared/wire';

export const userStream = (userId: string) => `user-${userId}`;
export const emailClaimStream = (normalisedEmail: string) => `user-email-${normalisedEmail}`;

export type UserEvent =
  | DomainEvent<'UserRegistered', { userId: string; email: string; name: string; passwordHash: string; role: Role; registeredAt: string; isDemo?: boolean }>
  | DomainEvent<'UserLoggedIn', { userId: string; sessionId: string; tokenHash: string; expiresAt: string }>
  | DomainEvent<'UserLoggedOut', { userId: string; sessionId: string }>
  | DomainEvent<'PasswordChanged', { userId: string; passwordHash: string; changedAt: string }>;

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; name: string; passwordHash: string; role: Role; at: string; isDemo?: boolean }
  | { type: 'LogIn'; sessionId: string; tokenHash: string; expiresAt: string }
  | { type: 'LogOut'; sessionId: string }
  /** The old password was verified by the caller (hashing is I/O); other sessions end with the change. */
  | { type: 'ChangePassword'; passwordHash: string; keepSessionId: string | null; at: string };

export interface UserState {
  userId: string | null;
  email: string | null;
  passwordHash: string | null;
  role: Role | null;
  sessions: Set<string>;
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ userId: null, email: null, passwordHash: null, role: null, sessions: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, userId: event.data.userId, email: event.data.email, passwordHash: event.data.passwordHash, role: event.data.role };
      case 'UserLoggedIn':
        return { ...state, sessions: new Set(state.sessions).add(event.data.sessionId) };
      case 'UserLoggedOut': {
        const sessions = new Set(state.sessions);
        sessions.delete(event.data.sessionId);
        return { ...state, sessions };
      }
      case 'PasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        if (state.userId) throw new DomainError('Invalid request.', 'USER_EXISTS', 409);
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
            },
          },
        ];
      case 'LogIn':
        if (!state.userId) throw new DomainError('Invalid email or password.', 'INVALID_CREDENTIALS', 400);
        return [{ type: 'UserLoggedIn', data: { userId: state.userId, sessionId: command.sessionId, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
      case 'LogOut':
        if (!state.userId || !state.sessions.has(command.sessionId)) return [];
        return [{ type: 'UserLoggedOut', data: { userId: state.userId, sessionId: command.sessionId } }];
      case 'ChangePassword': {
        if (!state.userId) throw new DomainError('Invalid User Id', 'USER_NOT_FOUND', 404);
        const userId = state.userId;
        const others = [...state.sessions].filter((id) => id !== command.keepSessionId);
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, changedAt: command.at } },
          ...others.map((sessionId): UserEvent => ({ type: 'UserLoggedOut', data: { userId, sessionId } })),
        ];
      }
    }
  },
};

export type EmailClaimEvent = DomainEvent<'EmailClaimed', { email: string; userId: string }>;
export type EmailClaimState = { userId: string | null };

export const EMAIL_TAKEN = 'An account with this email already exists.';

export const emailClaimDecider: Decider<{ type: 'ClaimEmail'; email: string; userId: string }, EmailClaimEvent, EmailClaimState> = {
  initialState: () => ({ userId: null }),
  evolve: (_state, event) => ({ userId: event.data.userId }),
  decide(command, state) {
    if (state.userId === command.userId) return [];
    if (state.userId) throw new DomainError(EMAIL_TAKEN, 'EMAIL_TAKEN', 409, { field: 'email' });
    return [{ type: 'EmailClaimed', data: { email: command.email, userId: command.userId } }];
  },
};

/** Staff roles see everything of a post; spec 2 §6: admins are never asked to unlock. */
export const isStaffRole = (role: Role | null | undefined): boolean =>
  !!role && role !== 'user' && role !== 'proxy_user';

/** After registration: /subscribe for the card REST API and subscription-billing flows, else /membership. */
export const routeAfterRegistration = (flags: { cardRestApi: boolean; billingProvider: boolean }): '/subscribe' | '/membership' =>
  flags.cardRestApi || flags.billingProvider ? '/subscribe' : '/membership';
