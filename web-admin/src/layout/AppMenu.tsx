import { Divider, ListSubheader } from '@mui/material';
import { Menu, useBasename, usePermissions, useSidebarState } from 'react-admin';
import { MENU_GROUPS, mayOpenPage, resourcesFor } from '../access';
import { CHAT_CONSOLE_PAGES } from '../chat/paths';
import { CONSOLE_PAGES } from '../content-manager';
import { PROMOTION_CONSOLE_PAGES } from '../promotions/paths';
import { SUBSCRIPTION_CONSOLE_PAGES } from '../cancellations';
import { MASS_CONSOLE_PAGES } from '../mass-messages/paths';
import { LIVE_CONSOLE_PAGES } from '../live/paths';
import { REPORT_CONSOLE_PAGES } from '../reports/paths';
import { SHELL_CONSOLE_PAGES } from '../shell/paths';
import { PUSH_CONSOLE_PAGES } from '../push/paths';
import { HELP_CONSOLE_PAGES } from '../help/paths';
import { TOOLS_CONSOLE_PAGES } from '../tools/paths';
import { SETTINGS_INDEX_PATHS, settingsMenuGroups } from '../settings-index/menu';

/** The menu, grouped by area, showing only what the signed-in role may use (see access.ts). */
export function AppMenu() {
  const { permissions } = usePermissions();
  const [open] = useSidebarState();
  const allowed = resourcesFor(permissions);
  const basename = useBasename();
  return (
    <Menu data-testid="app-menu">
      <Menu.DashboardItem />
      {/* A flat array (MUI's menu list does not accept Fragments as children). */}
      {MENU_GROUPS.flatMap(group => {
        const items = group.resources.filter(r => allowed.includes(r));
        // Pages the settings index lists are left out of the Settings group only (it has an entry per settings area);
        // Promotions and Coupons stay under Money, where staff use them every day.
        const pages = [...CONSOLE_PAGES, ...CHAT_CONSOLE_PAGES, ...PROMOTION_CONSOLE_PAGES, ...SUBSCRIPTION_CONSOLE_PAGES, ...MASS_CONSOLE_PAGES, ...LIVE_CONSOLE_PAGES, ...SHELL_CONSOLE_PAGES, ...PUSH_CONSOLE_PAGES, ...HELP_CONSOLE_PAGES].filter(p => p.group === group.label && mayOpenPage(permissions, p.page) && !(group.label === 'Settings' && SETTINGS_INDEX_PATHS.has(p.to)));
        if (items.length === 0 && pages.length === 0) return [];
        return [
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
          ...items.map(name => <Menu.ResourceItem key={name} name={name} data-testid={`menu-${name}`} />),
          // Settings: the index (the settings resource) and one entry per area of the settings registry.
          ...(group.label === 'Settings' ? settingsMenuGroups(permissions).map(g => <Menu.Item key={g.to} to={`${basename}${g.to}`} primaryText={g.label} leftIcon={<g.icon />} data-testid={g.testId} />) : []),
          ...pages.map(p => <Menu.Item key={p.to} to={`${basename}${p.to}`} primaryText={p.label} leftIcon={<p.icon />} data-testid={p.testId} />),
          ...TOOLS_CONSOLE_PAGES.filter(p => p.group === group.label && mayOpenPage(permissions, p.page)).map(p => <Menu.Item key={p.to} to={`${basename}${p.to}`} primaryText={p.label} leftIcon={<p.icon />} data-testid={p.testId} />),
          ...REPORT_CONSOLE_PAGES.filter(p => p.group === group.label && mayOpenPage(permissions, p.page)).map(p => <Menu.Item key={p.to} to={`${basename}${p.to}`} primaryText={p.label} leftIcon={<p.icon />} data-testid={p.testId} />),
        ];
      })}
    </Menu>
  );
}
