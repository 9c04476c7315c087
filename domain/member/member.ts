// Member standing (stream `member-<userId>`): what staff decide about a fan or a staff account — blocking,
// deletion, role, nickname, chat and mass-message flags, the photo-ID override, email preferences — and the
// proxy sessions an admin opens to see the site as that user. Every change is a staff action in the audit log.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { Role } from '../shared/wire';

export const memberStream = (userId: string) => `member-${userId}`;

export const NICKNAME_MAX = 16;
export const ASSIGNABLE_ROLES: readonly Role[] = ['user', 'admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support'];
export const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';
// The spec's text.
export const BLOCKED_REGION_MESSAGE = 'This website is blocked in your area.';

/** Region blocking applies to fans and guests; staff keep access to run the site. */
export const isRegionBlocked = (country: string | null, blockedCountries: readonly string[], role: string | null): boolean =>
  country !== null && blockedCountries.includes(country) && (role === null || role === 'user' || role === 'proxy_user');

export interface EmailPreferences {
  new_posts: boolean;
  messages: boolean;
  promotions: boolean;
}

/** Refusals of the site operator's make-super-admin command (the server console, not the API). */
export const SUPER_ADMIN_BLOCKED = 'This account is blocked: unblock it in the console first, then make it super_admin.';
export const SUPER_ADMIN_DELETED = 'This account was deleted: it cannot be made super_admin.';

export type MemberEvent =
  | DomainEvent<'MemberBlocked', { userId: string }>
  | DomainEvent<'MemberUnblocked', { userId: string }>
  | DomainEvent<'MemberDeleted', { userId: string; deletedAt: string }>
  /**
   * `operator`: set when the role was given by the site's operator on the server's console (npm run
   * make-super-admin), who is no account: it names them (the system user and machine). Absent: the acting staff
   * member is the event's metadata user.
   */
  | DomainEvent<'MemberRoleChanged', { userId: string; role: Role; operator?: string }>
  | DomainEvent<'NicknameSet', { userId: string; nickname: string | null }>
  | DomainEvent<'HiddenFromChatSet', { userId: string; hidden: boolean }>
  | DomainEvent<'MassMessagesMutedSet', { userId: string; muted: boolean }>
  | DomainEvent<'PhotoIdOverrideSet', { userId: string; accepted: boolean }>
  /** The admin flag "migration subscription": the fan is asked to move their membership to the
   *  current billing (the migration popup) even when it is not billed on the old API, e.g. moved from another site. */
  | DomainEvent<'MigrationSubscriptionSet', { userId: string; migrate: boolean }>
  | DomainEvent<'EmailPreferencesSet', { userId: string; preferences: EmailPreferences }>
  | DomainEvent<'ProxySessionStarted', { userId: string; adminId: string; sessionId: string; tokenHash: string; expiresAt: string }>
  | DomainEvent<'ProxySessionEnded', { userId: string; sessionId: string }>;

export type MemberCommand =
  | { type: 'SetBlocked'; userId: string; blocked: boolean; actorId: string }
  | { type: 'Delete'; userId: string; actorId: string; at: string }
  | { type: 'ChangeRole'; userId: string; role: Role; actorId: string }
  /**
   * The highest role, which no account may give (nobody outranks it): given by the site's operator, who runs the
   * server. `registeredRole` is the role the account was registered with (its user stream).
   */
  | { type: 'AppointSuperAdmin'; userId: string; registeredRole: Role; operator: string }
  | { type: 'SetNickname'; userId: string; nickname: string }
  | { type: 'SetHiddenFromChat'; userId: string; hidden: boolean }
  | { type: 'SetMassMessagesMuted'; userId: string; muted: boolean }
  | { type: 'SetPhotoIdOverride'; userId: string; accepted: boolean }
  | { type: 'SetMigrationSubscription'; userId: string; migrate: boolean }
  | { type: 'SetEmailPreferences'; userId: string; preferences: EmailPreferences }
  /** `targetRole` is the user's current role: only fans can be impersonated. */
  | { type: 'StartProxySession'; userId: string; adminId: string; targetRole: Role; sessionId: string; tokenHash: string; expiresAt: string }
  | { type: 'EndProxySession'; userId: string; sessionId: string };

export interface MemberState {
  blocked: boolean;
  deleted: boolean;
  role: Role | null;
  nickname: string | null;
  hiddenFromChat: boolean;
  massMessagesMuted: boolean;
  photoIdOverride: boolean;
  migrationSubscription: boolean;
  preferences: EmailPreferences | null;
  proxySessions: Set<string>;
}

const notDeleted = (state: MemberState) => {
  if (state.deleted) throw new DomainError('Invalid User Id', 'USER_DELETED', 404);
};

/** Only emits when the flag actually changes, so repeating an action writes nothing. */
const toggle = <E extends MemberEvent>(current: boolean, wanted: boolean, event: E): MemberEvent[] => (current === wanted ? [] : [event]);

export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: () => ({
    blocked: false, deleted: false, role: null, nickname: null, hiddenFromChat: false, massMessagesMuted: false,
    photoIdOverride: false, migrationSubscription: false, preferences: null, proxySessions: new Set(),
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'MemberBlocked':
        return { ...state, blocked: true };
      case 'MemberUnblocked':
        return { ...state, blocked: false };
      case 'MemberDeleted':
        return { ...state, deleted: true, proxySessions: new Set() };
      case 'MemberRoleChanged':
        return { ...state, role: event.data.role };
      case 'NicknameSet':
        return { ...state, nickname: event.data.nickname };
      case 'HiddenFromChatSet':
        return { ...state, hiddenFromChat: event.data.hidden };
      case 'MassMessagesMutedSet':
        return { ...state, massMessagesMuted: event.data.muted };
      case 'PhotoIdOverrideSet':
        return { ...state, photoIdOverride: event.data.accepted };
      case 'MigrationSubscriptionSet':
        return { ...state, migrationSubscription: event.data.migrate };
      case 'EmailPreferencesSet':
        return { ...state, preferences: event.data.preferences };
      case 'ProxySessionStarted':
        return { ...state, proxySessions: new Set(state.proxySessions).add(event.data.sessionId) };
      case 'ProxySessionEnded': {
        const proxySessions = new Set(state.proxySessions);
        proxySessions.delete(event.data.sessionId);
        return { ...state, proxySessions };
      }
    }
  },
  decide(command, state) {
    const userId = command.userId;
    switch (command.type) {
      case 'SetBlocked':
        notDeleted(state);
        if (command.actorId === userId) throw new DomainError('There was a problem in Block user.', 'CANNOT_BLOCK_SELF', 400);
        return command.blocked ? toggle(state.blocked, true, { type: 'MemberBlocked', data: { userId } }) : toggle(state.blocked, false, { type: 'MemberUnblocked', data: { userId } });
      case 'Delete':
        notDeleted(state);
        if (command.actorId === userId) throw new DomainError('There was a problem in delete user.', 'CANNOT_DELETE_SELF', 400);
        return [{ type: 'MemberDeleted', data: { userId, deletedAt: command.at } }];
      case 'ChangeRole':
        notDeleted(state);
        if (!ASSIGNABLE_ROLES.includes(command.role)) throw new ValidationError('role', 'Invalid Request');
        if (command.actorId === userId) throw new ValidationError('role', 'You cannot change your own role.');
        return state.role === command.role ? [] : [{ type: 'MemberRoleChanged', data: { userId, role: command.role } }];
      case 'AppointSuperAdmin': {
        if (state.deleted) throw new DomainError(SUPER_ADMIN_DELETED, 'USER_DELETED', 404, { field: 'email' });
        if (state.blocked) throw new DomainError(SUPER_ADMIN_BLOCKED, 'USER_BLOCKED', 409, { field: 'email' });
        const operator = command.operator.trim();
        if (!operator) throw new ValidationError('operator', 'Name the operator who gives the role.');
        if (effectiveRole(command.registeredRole, state.role) === 'super_admin') return [];
        return [{ type: 'MemberRoleChanged', data: { userId, role: 'super_admin', operator } }];
      }
      case 'SetNickname': {
        notDeleted(state);
        const nickname = command.nickname.trim();
        if (nickname.length > NICKNAME_MAX) throw new ValidationError('nickname', `Nickname can be max ${NICKNAME_MAX} characters long`);
        const value = nickname === '' ? null : nickname;
        return state.nickname === value ? [] : [{ type: 'NicknameSet', data: { userId, nickname: value } }];
      }
      case 'SetHiddenFromChat':
        notDeleted(state);
        return toggle(state.hiddenFromChat, command.hidden, { type: 'HiddenFromChatSet', data: { userId, hidden: command.hidden } });
      case 'SetMassMessagesMuted':
        notDeleted(state);
        return toggle(state.massMessagesMuted, command.muted, { type: 'MassMessagesMutedSet', data: { userId, muted: command.muted } });
      case 'SetPhotoIdOverride':
        notDeleted(state);
        return toggle(state.photoIdOverride, command.accepted, { type: 'PhotoIdOverrideSet', data: { userId, accepted: command.accepted } });
      case 'SetMigrationSubscription':
        notDeleted(state);
        return toggle(state.migrationSubscription, command.migrate, { type: 'MigrationSubscriptionSet', data: { userId, migrate: command.migrate } });
      case 'SetEmailPreferences':
        notDeleted(state);
        return JSON.stringify(state.preferences) === JSON.stringify(command.preferences) ? [] : [{ type: 'EmailPreferencesSet', data: { userId, preferences: command.preferences } }];
      case 'StartProxySession':
        notDeleted(state);
        if (command.targetRole !== 'user') throw new DomainError('Only fans can be viewed through a proxy login.', 'PROXY_TARGET_NOT_FAN', 400);
        if (command.adminId === userId) throw new DomainError('Invalid Request', 'PROXY_SELF', 400);
        return [{ type: 'ProxySessionStarted', data: { userId, adminId: command.adminId, sessionId: command.sessionId, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
      case 'EndProxySession':
        return state.proxySessions.has(command.sessionId) ? [{ type: 'ProxySessionEnded', data: { userId, sessionId: command.sessionId } }] : [];
    }
  },
};

/** The effective role: a staff-changed role wins over the one the account was created with. */
export const effectiveRole = (registered: Role, changed: Role | null): Role => changed ?? registered;
