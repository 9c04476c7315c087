import { Divider, ListSubheader } from '@mui/material';
import { Menu, useBasename, usePermissions, useSidebarState } from 'react-admin';
import { menuFor, type MenuEntry } from './menu';

const entry = (e: MenuEntry, basename: string) =>
  e.resource ? (
    <Menu.ResourceItem key={e.to} name={e.resource} data-testid={`menu-${e.resource}`} />
  ) : (
    <Menu.Item key={e.to} to={`${basename}${e.to}`} primaryText={e.label} leftIcon={<e.icon />} data-testid={e.testId} />
  );

/** The menu, grouped by area (Money also by sub-group), showing only what the signed-in role may use (see menu.ts). */
export function AppMenu() {
  const { permissions } = usePermissions();
  const [open] = useSidebarState();
  const basename = useBasename();
  return (
    <Menu data-testid="app-menu">
      <Menu.DashboardItem />
      {/* A flat array (MUI's menu list does not accept Fragments as children). */}
      {menuFor(permissions).flatMap(group => [
        open ? (
          <ListSubheader
            key={`group-${group.label}`}
            component="div"
            disableSticky
            sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent', textTransform: 'uppercase', fontSize: 11, letterSpacing: '.08em' }}
          >
            {group.label}
          </ListSubheader>
        ) : (
          <Divider key={`group-${group.label}`} sx={{ my: 1 }} />
        ),
        ...group.sections.flatMap(section => [
          // A sub-group's name, lighter than the group's; the folded menu (icons only) shows none.
          ...(open && section.label
            ? [
                <ListSubheader
                  key={`section-${group.label}-${section.label}`}
                  component="div"
                  disableSticky
                  data-testid="menu-section"
                  sx={{ lineHeight: '28px', mt: 0.5, bgcolor: 'transparent', fontSize: 12, fontWeight: 500 }}
                >
                  {section.label}
                </ListSubheader>,
              ]
            : []),
          ...section.entries.map(e => entry(e, basename)),
        ]),
      ])}
    </Menu>
  );
}
