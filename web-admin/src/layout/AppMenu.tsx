import { Fragment } from 'react';
import { Divider, ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { MENU_GROUPS, resourcesFor } from '../access';

/** The menu, grouped by area, showing only what the signed-in role may use (see access.ts). */
export function AppMenu() {
  const { permissions } = usePermissions();
  const [open] = useSidebarState();
  const allowed = resourcesFor(permissions);
  return (
    <Menu data-testid="app-menu">
      <Menu.DashboardItem />
      {MENU_GROUPS.map(group => {
        const items = group.resources.filter(r => allowed.includes(r));
        if (items.length === 0) return null;
        return (
          <Fragment key={group.label}>
            {open ? (
              <ListSubheader
                component="div"
                disableSticky
                sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent', textTransform: 'uppercase', fontSize: 11, letterSpacing: '.08em' }}
              >
                {group.label}
              </ListSubheader>
            ) : (
              <Divider sx={{ my: 1 }} />
            )}
            {items.map(name => (
              <Menu.ResourceItem key={name} name={name} data-testid={`menu-${name}`} />
            ))}
          </Fragment>
        );
      })}
    </Menu>
  );
}
