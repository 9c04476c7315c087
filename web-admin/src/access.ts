// Who may use what in the staff console: the one place that maps a role to console resources.
// Replace this table with the server's shared route table when it exists; everything else (resource
// registration, the menu, authProvider.canAccess, the dashboard) reads from here.
import { STAFF_ROLES, type Role } from '../../domain/shared/wire';

export type ConsoleResource = 'posts' | 'transactions' | 'subscribers' | 'users' | 'events';

/** What each resource offers at all. Actions not listed here are never allowed. */
export const RESOURCE_ACTIONS: Record<ConsoleResource, readonly string[]> = {
  posts: ['list', 'create'],
  transactions: ['list', 'export'],
  subscribers: ['list', 'export'],
  users: ['list', 'show', 'export'],
  events: ['list', 'show'],
};

const ALL: readonly ConsoleResource[] = ['posts', 'transactions', 'subscribers', 'users', 'events'];

/** Role → resources it may use. Roles not listed (user, proxy_user) get nothing. */
export const ROLE_RESOURCES: Record<Role, readonly ConsoleResource[]> = {
  admin: ALL,
  super_admin: ALL,
  sub_admin: ALL,
  model: ALL,
  content_manager: ['posts'],
  support: ['transactions'],
  live_stream_manager: [],
  user: [],
  proxy_user: [],
};

/** Roles that see the money dashboard (earnings, subscribers); others get a plain welcome page. */
export const DASHBOARD_ROLES: readonly Role[] = ['admin', 'super_admin', 'sub_admin', 'model'];

/** The menu, grouped by area as the UI direction asks; empty groups are not shown. */
export const MENU_GROUPS: readonly { label: string; resources: readonly ConsoleResource[] }[] = [
  { label: 'Content', resources: ['posts'] },
  { label: 'Money', resources: ['transactions', 'subscribers'] },
  { label: 'Fans', resources: ['users'] },
  { label: 'Audit', resources: ['events'] },
];

export const isStaffRole = (role: unknown): role is Role =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);

export function resourcesFor(role: unknown): readonly ConsoleResource[] {
  if (!isStaffRole(role)) return [];
  return ROLE_RESOURCES[role] ?? [];
}

export function canUse(role: unknown, resource: string, action = 'list'): boolean {
  const allowed = resourcesFor(role) as readonly string[];
  if (!allowed.includes(resource)) return false;
  const actions = RESOURCE_ACTIONS[resource as ConsoleResource] ?? [];
  return actions.includes(action);
}

export const seesDashboard = (role: unknown): boolean =>
  isStaffRole(role) && DASHBOARD_ROLES.includes(role);
