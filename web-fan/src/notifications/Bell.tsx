// The navbar's notification bell: a dropdown with Purchased, Subscription, Comments, Likes, Notification for
// staff (fans: Notification), each with its unread badge capped "99+"; an entry opens its page.
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '../components/LazyTooltip';
import Chip from '@mui/material/Chip';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import { useBellCounts } from './counts';

export const notificationPath = (type: string, staff: boolean) => (staff ? `/notification/${type}` : `/user-notification/${type}`);

export function NotificationBell({ staff }: { staff: boolean }) {
  const { types, total, total_badge } = useBellCounts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  // Support and the live-stream manager have no notification centre: no bell.
  if (types.length === 0) return null;
  const label = total > 0 ? `Notifications, ${total_badge} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton aria-label={label} aria-haspopup="menu" aria-controls="bell-menu" onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)} data-testid="nav-bell" sx={{ color: 'text.secondary' }}>
          <Badge badgeContent={total > 99 ? '99+' : total} color="error" invisible={total === 0} data-testid="nav-bell-badge">
            <NotificationsRounded />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu id="bell-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {types.map((t) => (
          <MenuItem
            key={t.type}
            data-testid={`bell-${t.type}`}
            onClick={() => {
              setAnchor(null);
              navigate(notificationPath(t.type, staff));
            }}
            sx={{ minWidth: 220 }}
          >
            <ListItemText primary={t.label} />
            {t.unread > 0 && <Chip size="small" color="error" label={t.badge} data-testid={`bell-${t.type}-count`} sx={{ ml: 2, fontWeight: 700 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
