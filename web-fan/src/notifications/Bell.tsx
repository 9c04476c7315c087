// The navbar's notification bell with its unread badge capped "99+". Staff: a dropdown with Purchased,
// Subscription, Comments, Likes, Notification, each with its unread count (./BellMenu); fans: the latest
// notifications in words with their pictures (./LatestNotifications). The dropdown loads when first opened.
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '../components/LazyTooltip';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import { useBellCounts } from './counts';
import { notificationPath } from './paths';

const BellMenu = lazy(() => import('./BellMenu'));
const LatestNotifications = lazy(() => import('./LatestNotifications'));

export function NotificationBell({ staff }: { staff: boolean }) {
  const { types, total, total_badge } = useBellCounts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The dropdown loads on the first click and stays mounted, so it closes with its transition.
  const [opened, setOpened] = useState(false);
  // Support and the live-stream manager have no notification centre: no bell.
  if (types.length === 0) return null;
  const label = total > 0 ? `Notifications, ${total_badge} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton aria-label={label} aria-haspopup="menu" aria-controls="bell-menu" onClick={(e: MouseEvent<HTMLElement>) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }} data-testid="nav-bell" sx={{ color: 'text.secondary' }}>
          <Badge badgeContent={total > 99 ? '99+' : total} color="error" invisible={total === 0} data-testid="nav-bell-badge">
            <NotificationsRounded />
          </Badge>
        </IconButton>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          {staff ? (
            <BellMenu types={types} staff={staff} anchor={anchor} onClose={() => setAnchor(null)} />
          ) : (
            <LatestNotifications anchor={anchor} onClose={() => setAnchor(null)} allPath={notificationPath('notification', false)} />
          )}
        </Suspense>
      )}
    </>
  );
}
