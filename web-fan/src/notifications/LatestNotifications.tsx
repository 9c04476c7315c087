// The fan's bell dropdown: the latest notifications, each a line in words with its picture (a post's thumbnail,
// the creator's avatar), newest first, then "View all". Opening it marks them read (the badge clears); it follows
// new entries and a live stream's end while mounted.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { api, errorMessage } from '../api';
import { relativeTime } from '../format';
import { useInvalidateOn } from '../realtime';
import { setBellCounts, type BellCounts } from './counts';

export interface NotificationRow {
  _id: string; kind: string; action: string; message: string; created: string; is_read: boolean; link: string | null;
  post_id?: string | null; thumbnail_url?: string | null; actor_name?: string | null;
}

const LATEST_KEY = ['notifications', 'latest'] as const;
const SHOWN = 8;
/** What changes the list: a new entry, a live stream starting or ending, a post going live or away. */
const LIST_NEWS = ['NOTIFICATION_RECEIVED', 'GROUP_LIVE_STARTED', 'GO_LIVE', 'GROUP_LIVE_STOPPED', 'STOP_LIVE', 'POST_PUBLISHED', 'POST_REMOVED'] as const;

export function NotificationThumb({ row, size = 44 }: { row: NotificationRow; size?: number }) {
  const letter = (row.actor_name || row.message).trim().slice(0, 1).toUpperCase();
  return (
    <Avatar src={row.thumbnail_url ?? undefined} alt="" variant={row.post_id ? 'rounded' : 'circular'} sx={{ width: size, height: size, flexShrink: 0, bgcolor: 'action.selected', color: 'text.secondary' }} data-testid="notification-thumb">
      {row.thumbnail_url ? null : letter || <NotificationsNoneRounded />}
    </Avatar>
  );
}

export default function LatestNotifications({ anchor, onClose, allPath }: { anchor: HTMLElement | null; onClose: () => void; allPath: string }) {
  const navigate = useNavigate();
  const open = !!anchor;
  const query = useQuery({
    queryKey: LATEST_KEY,
    queryFn: async () => (await api.get<{ rows: NotificationRow[] }>('/api/notifications/list/notification', { page: '1' })).data.rows.slice(0, SHOWN),
  });
  useInvalidateOn(LIST_NEWS, LATEST_KEY);
  // Opened: what it shows is read (the badge clears; the rows keep their "new" look until the next open).
  useEffect(() => {
    if (!open) return;
    void query.refetch();
    api.post<BellCounts>('/api/notifications/read', { type: 'notification' }).then((r) => setBellCounts(r.data), () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const rows = query.data ?? [];
  return (
    <Menu
      id="bell-menu" anchorEl={anchor} open={open} onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)', borderRadius: 3 } }, list: { sx: { py: 0 } } }}
    >
      <Box sx={{ px: 2, py: 1.25, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>Notifications</Typography>
        <Button component={RouterLink} to={allPath} onClick={onClose} size="small" data-testid="bell-view-all">View all</Button>
      </Box>
      <Divider />
      {query.isPending ? (
        <Box role="status" aria-label="Loading notifications" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}><CircularProgress size={24} /></Box>
      ) : query.isError && rows.length === 0 ? (
        <Typography variant="body2" color="error" sx={{ px: 2, py: 2 }}>{errorMessage(query.error)}</Typography>
      ) : rows.length === 0 ? (
        <Box sx={{ px: 2, py: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="bell-empty">
          <NotificationsNoneRounded sx={{ fontSize: 32, mb: 0.5 }} />
          <Typography variant="body2">No notifications yet. New posts and live streams show up here.</Typography>
        </Box>
      ) : (
        rows.map((r) => (
          <MenuItem
            key={r._id}
            data-testid="bell-row"
            onClick={() => {
              onClose();
              navigate(r.link ?? allPath);
            }}
            sx={{ gap: 1.5, py: 1.25, alignItems: 'flex-start', whiteSpace: 'normal', bgcolor: r.is_read ? undefined : 'action.hover' }}
          >
            <NotificationThumb row={r} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: r.is_read ? 400 : 600, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }} data-testid="bell-row-text">
                {r.message}
              </Typography>
              <Typography variant="caption" color="text.secondary">{relativeTime(r.created)}</Typography>
            </Box>
            {!r.is_read && <Box aria-label="New" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }} />}
          </MenuItem>
        ))
      )}
    </Menu>
  );
}
