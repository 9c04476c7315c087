import { forwardRef } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { AppBar, Logout, TitlePortal, UserMenu, useBasename, usePermissions, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { PROFILE_PAGE } from '../profile/paths';
import { ReconnectingChip } from './Live';

/** "My profile" in the user menu: the own password and, for the creator's roles, the creator's profile. */
const MyProfileItem = forwardRef<HTMLAnchorElement>((props, ref) => {
  const { onClose } = useUserMenu() ?? {};
  const basename = useBasename();
  return (
    <MenuItem ref={ref} {...props} component={Link} to={`${basename}/profile`} onClick={onClose} data-testid="menu-my-profile">
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>My profile</ListItemText>
    </MenuItem>
  );
});
MyProfileItem.displayName = 'MyProfileItem';

function AppUserMenu() {
  const { permissions } = usePermissions();
  return (
    <UserMenu>
      {mayOpenPage(permissions, PROFILE_PAGE) ? <MyProfileItem /> : null}
      <Logout />
    </UserMenu>
  );
}

export function AppAppBar() {
  return (
    <AppBar userMenu={<AppUserMenu />}>
      <TitlePortal />
      <ReconnectingChip />
    </AppBar>
  );
}
