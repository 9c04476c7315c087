// The account menu under the navbar's avatar (and the bottom navigation's Account in a proxy view): profile,
// password, membership, payments, purchases, shop orders and addresses, help with its unread count, the staff links and log out. It loads
// when first opened, so its menu parts stay out of the first load.
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import EventRounded from '@mui/icons-material/EventRounded';
import Typography from '@mui/material/Typography';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import LocalMallRounded from '@mui/icons-material/LocalMallRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import LocalShippingRounded from '@mui/icons-material/LocalShippingRounded';
import { useAuth, useIsProxy } from '../auth';
import { useMayOpen } from '../components/Guard';
import { useHelpUnread } from '../notifications/counts';
import { useReducedNavbar } from './staffLinkHooks';
import { StaffLinksMenuItems } from './StaffLinksMenus';
import { useShopShown } from '../shop/shopApi';

export default function AccountMenu({
  anchorEl,
  onClose,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}) {
  const { me, logout, settings } = useAuth();
  const navigate = useNavigate();
  const may = useMayOpen();
  const helpUnread = useHelpUnread();
  const proxy = useIsProxy();
  const reduced = useReducedNavbar();
  const shopShown = useShopShown();
  return (
    <Menu
      id="account-menu"
      anchorEl={anchorEl}
      open={!!anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Welcome
        </Typography>
        <Typography variant="subtitle1" noWrap sx={{ maxWidth: 240 }} data-testid="welcome-name">
          {me?.name ?? ''}
        </Typography>
      </Box>
      <Divider />
      {may('/profile') && (
        <MenuItem component={RouterLink} to="/profile" onClick={onClose} data-testid="menu-profile">
          <ListItemIcon>
            <PersonRounded fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
      )}
      {may('/profile/change-password') && (
        <MenuItem component={RouterLink} to="/profile/change-password" onClick={onClose} data-testid="menu-change-password">
          <ListItemIcon>
            <KeyRounded fontSize="small" />
          </ListItemIcon>
          Change password
        </MenuItem>
      )}
      {!reduced && (
        <MenuItem
          component={RouterLink}
          to="/membership"
          onClick={onClose}
          data-testid="menu-membership"
        >
          <ListItemIcon>
            <WorkspacePremiumRounded fontSize="small" />
          </ListItemIcon>
          Membership
        </MenuItem>
      )}
      {may('/profile/payments') && (
        <MenuItem component={RouterLink} to="/profile/payments" onClick={onClose} data-testid="menu-payments">
          <ListItemIcon>
            <ReceiptLongRounded fontSize="small" />
          </ListItemIcon>
          Payments and receipts
        </MenuItem>
      )}
      {may('/purchased-contents/:id?') && settings?.purchased_content_settings?.enabled !== false && (
        <MenuItem component={RouterLink} to="/purchased-contents" onClick={onClose} data-testid="menu-purchased">
          <ListItemIcon>
            <LocalMallRounded fontSize="small" />
          </ListItemIcon>
          Purchased contents
        </MenuItem>
      )}
      {may('/book-slot/:page') && settings?.chat_booking_enabled && (
        <MenuItem component={RouterLink} to="/book-slot/booking-list" onClick={onClose} data-testid="menu-book-chat">
          <ListItemIcon>
            <EventRounded fontSize="small" />
          </ListItemIcon>
          Chat bookings
        </MenuItem>
      )}
      {shopShown && (
        <MenuItem component={RouterLink} to="/shop/order-history" onClick={onClose} data-testid="menu-orders">
          <ListItemIcon>
            <ShoppingBagRounded fontSize="small" />
          </ListItemIcon>
          Orders
        </MenuItem>
      )}
      {shopShown && (
        <MenuItem component={RouterLink} to="/shop/shipping-details" onClick={onClose} data-testid="menu-shipping-details">
          <ListItemIcon>
            <LocalShippingRounded fontSize="small" />
          </ListItemIcon>
          Shipping details
        </MenuItem>
      )}
      {(may('/user-help') || may('/help')) && (
        <MenuItem component={RouterLink} to={may('/user-help') ? '/user-help' : '/help'} onClick={onClose} data-testid="menu-help">
          <ListItemIcon>
            <HelpOutlineRounded fontSize="small" />
          </ListItemIcon>
          <Box component="span" sx={{ flexGrow: 1 }}>Help</Box>
          {helpUnread > 0 && <Badge badgeContent={helpUnread > 99 ? '99+' : helpUnread} color="error" sx={{ mr: 1 }} data-testid="menu-help-badge" />}
        </MenuItem>
      )}
      <StaffLinksMenuItems onClose={onClose} />
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          logout();
          navigate('/');
        }}
        data-testid="logout"
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        {proxy ? 'Log out (back to console)' : 'Log out'}
      </MenuItem>
    </Menu>
  );
}
