// The staff links' menus: the navbar's "Console" dropdown and the same links in the account menu. Loaded when
// a menu first opens, so the menu parts stay out of the first load.
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import type { StaffLink } from '../../../domain/access/staff-links';
import { useStaffLinks } from './staffLinkHooks';

export function StaffLinksMenu({ links, anchor, onClose }: { links: StaffLink[]; anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu id="staff-links-menu" anchorEl={anchor} open={!!anchor} onClose={onClose} slotProps={{ paper: { sx: { minWidth: 200, mt: 1 } } }}>
      {links.map((l) => (
        <MenuItem key={l.key} component="a" href={l.href} onClick={onClose} data-testid={`staff-link-${l.key}`}>
          {l.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** In the account menu (phones have no top-bar links): the same links under "Console". */
export function StaffLinksMenuItems({ onClose }: { onClose: () => void }) {
  const links = useStaffLinks();
  if (!links.length) return null;
  return [
    <Divider key="d" />,
    <ListSubheader key="h" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>Console</ListSubheader>,
    ...links.map((l) => (
      <MenuItem key={l.key} component="a" href={l.href} onClick={onClose} data-testid={`menu-staff-${l.key}`}>
        <ListItemIcon>{l.key === 'go-live' ? <OpenInNewRounded fontSize="small" /> : <AdminPanelSettingsRounded fontSize="small" />}</ListItemIcon>
        {l.label}
      </MenuItem>
    )),
  ];
}
