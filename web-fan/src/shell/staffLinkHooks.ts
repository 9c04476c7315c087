// Whose staff links show and whether the navbar is reduced: read by the navbar, its menus and the account menu.
import { hasReducedNavbar, type StaffLink } from '../../../domain/access/staff-links';
import { useAuth, useIsProxy } from '../auth';

/** The signed-in staff member's console links (none in a proxy view: the admin is seeing the site as the fan). */
export function useStaffLinks(): StaffLink[] {
  const { me } = useAuth();
  const proxy = useIsProxy();
  if (!me || proxy) return [];
  return me.staff_links ?? [];
}

/** Support sees a reduced navbar. */
export function useReducedNavbar(): boolean {
  const { me } = useAuth();
  const proxy = useIsProxy();
  return !proxy && hasReducedNavbar(me?.role);
}
