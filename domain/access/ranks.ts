// Staff ranks: who may act on whose account. Staff may block, delete, change the role of, edit (nickname,
// flags, email preferences, complimentary membership) or view through a proxy login only accounts of a LOWER
// rank, and may give only roles up to their own; nobody may lock the site out of its last admin.
//   super_admin > admin > sub_admin > model > content_manager, live_stream_manager, support > fans
import { DomainError } from '../shared/decider';
import type { Role } from '../shared/wire';

const RANKS: Record<Role, number> = {
  super_admin: 5,
  admin: 4,
  sub_admin: 3,
  model: 2,
  content_manager: 1,
  live_stream_manager: 1,
  support: 1,
  user: 0,
  proxy_user: 0,
};
/** The site itself (first start, operators' scripts): above every account. */
const SYSTEM_RANK = 100;

/** The rank of a role; 'system' outranks everyone, anything unknown ranks below fans. */
export function rankOf(role: string | null | undefined): number {
  if (role === 'system') return SYSTEM_RANK;
  return role && Object.hasOwn(RANKS, role) ? RANKS[role as Role] : -1;
}

export const outranks = (actor: string | null | undefined, target: Role): boolean => rankOf(actor) > rankOf(target);

/** Roles that run the site: the last active one of these cannot be blocked, deleted or demoted. */
export const isAdminRole = (role: Role | null | undefined): boolean => role === 'admin' || role === 'super_admin';

export const HIGHER_RANK = 'You cannot change an account of a higher or equal rank.';
export const ROLE_ABOVE_OWN = 'You cannot give a role higher than your own.';
export const LAST_ADMIN = 'The last admin cannot be blocked, deleted or demoted.';

export type StaffAction = 'block' | 'unblock' | 'delete' | 'change_role' | 'edit' | 'proxy' | 'create';

export interface StaffActionInput {
  action: StaffAction;
  /** The acting account's effective role. */
  actor: string | null;
  /** The target's effective role now (absent for 'create'). */
  target?: Role;
  /** The role given by 'change_role' or 'create'. */
  newRole?: Role;
  /** Whether the target is an active (not blocked, not deleted) account. */
  targetActive?: boolean;
  /** Active admin/super_admin accounts other than the target (needed when the target is one). */
  otherActiveAdmins?: number;
}

/** The refusal a staff action meets, or null when it may go ahead. */
export function staffActionRefusal(i: StaffActionInput): DomainError | null {
  if (i.action !== 'create') {
    if (!i.target || !outranks(i.actor, i.target)) return new DomainError(HIGHER_RANK, 'HIGHER_RANK', 403);
  }
  if ((i.action === 'change_role' || i.action === 'create') && i.newRole && rankOf(i.newRole) > rankOf(i.actor))
    return new DomainError(ROLE_ABOVE_OWN, 'ROLE_ABOVE_OWN', 403, { field: 'role' });
  const removesAdmin =
    i.action === 'block' || i.action === 'delete' || (i.action === 'change_role' && !isAdminRole(i.newRole));
  if (removesAdmin && isAdminRole(i.target) && i.targetActive !== false && (i.otherActiveAdmins ?? 0) < 1)
    return new DomainError(LAST_ADMIN, 'LAST_ADMIN', 400);
  return null;
}

/** Throws the refusal, if any. */
export function assertStaffAction(i: StaffActionInput): void {
  const refusal = staffActionRefusal(i);
  if (refusal) throw refusal;
}
