// Notification pages: staff at /notification/:page/:promotionId? (purchased,
// subscription, comments, likes, notification) and /purchase-notification (the purchases), fans at
// /user-notification/:page. Opening a page marks that type read (the bell's counts come back with the answer);
// an entry about a post opens /feed/:blog_id/1, which marks it read there.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { api, errorMessage } from '../api';
import { useFrame, useInvalidateOn } from '../realtime';
import { EmptyState, ErrorState, PageLoader } from '../components/StatusViews';
import { setBellCounts, useBellCounts, type BellCounts } from './counts';
import { notificationPath } from './paths';
import { NotificationThumb, type NotificationRow } from './LatestNotifications';

type Row = NotificationRow;
interface ListAnswer { rows: Row[]; total: number; currentPage: number; totalPages: number; label: string }

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function NotificationsPage({ staff, fixedType }: { staff: boolean; fixedType?: string }) {
  const params = useParams();
  const type = fixedType ?? params.page ?? 'notification';
  const promotionId = params.promotionId;
  const [page, setPage] = useState(1);
  const { types } = useBellCounts();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['notifications', 'list', type, page, promotionId ?? null],
    queryFn: async () => {
      const r = await api.get<ListAnswer>(`/api/notifications/list/${encodeURIComponent(type)}`, { page: String(page), ...(promotionId ? { promotionId } : {}) });
      // The page is open: what it shows is read.
      const read = await api.post<BellCounts>('/api/notifications/read', { type });
      setBellCounts(read.data);
      return r.data;
    },
    placeholderData: keepPreviousData,
  });
  const data = query.data ?? null;
  const error = query.isError ? errorMessage(query.error) : null;
  const load = () => query.refetch();
  useEffect(() => { setPage(1); }, [type]);
  // A new notification of this page's type: the list is stale, and the cache reads it again.
  useFrame('NOTIFICATION_RECEIVED', (d: { type?: string }) => {
    if (d.type === type || (!d.type && type === 'notification')) void client.invalidateQueries({ queryKey: ['notifications', 'list', type] });
  });
  // A live stream's end turns its "… is live" entry into "… was live · ended".
  useInvalidateOn(['GROUP_LIVE_STOPPED', 'STOP_LIVE'], ['notifications', 'list', type]);
  useEffect(() => { document.title = data?.label ?? 'Notifications'; }, [data?.label]);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }} data-testid="notifications-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1.5 }}>Notifications</Typography>
      {staff && !fixedType && types.length > 1 && (
        <Tabs value={types.some((t) => t.type === type) ? type : false} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          {types.map((t) => (
            <Tab key={t.type} value={t.type} component={RouterLink} to={notificationPath(t.type, true)} label={t.unread > 0 ? `${t.label} (${t.badge})` : t.label} data-testid={`tab-${t.type}`} />
          ))}
        </Tabs>
      )}
      {error ? (
        <ErrorState message={error} onRetry={() => void load()} />
      ) : !data ? (
        <PageLoader />
      ) : data.rows.length === 0 ? (
        <EmptyState title="No notifications yet" />
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          {data.rows.map((r, i) => (
            <Box
              key={r._id}
              {...(r.link ? { component: RouterLink, to: r.link } : {})}
              data-testid="notification-row"
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.5, color: 'text.primary', textDecoration: 'none', borderTop: i ? 1 : 0, borderColor: 'divider', bgcolor: r.is_read ? 'transparent' : 'action.hover', '&:hover': { bgcolor: 'action.selected' } }}
            >
              <NotificationThumb row={r} size={48} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body1" sx={{ fontWeight: r.is_read ? 400 : 600, overflowWrap: 'anywhere' }}>{r.message}</Typography>
                <Typography variant="caption" color="text.secondary">{when(r.created)}</Typography>
              </Box>
            </Box>
          ))}
        </Paper>
      )}
      {data && data.totalPages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2 }}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Previous</Button>
          <Typography variant="body2" color="text.secondary">Page {data.currentPage} of {data.totalPages}</Typography>
          <Button disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>Next</Button>
        </Box>
      )}
    </Box>
  );
}
