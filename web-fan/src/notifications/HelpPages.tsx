// The help centre: fans at /user-help and /user-help/:page/:id?, staff at /help and
// /help/:page/:id? — page "home" (all items, by tag; /home/:popupId opens that popup), "notifications" (unread),
// "details/:id" (one item; opening it marks it read). The popups are in HelpPopup.tsx.
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { api, errorMessage } from '../api';
import { EmptyState, ErrorState, PageLoader } from '../components/StatusViews';
import { setHelpUnread, useHelpUnread } from './counts';
import { apiBase, base, HelpPopup, Html, markRead, type HelpItem } from './HelpPopup';

interface HelpList { rows: HelpItem[]; currentPage: number; totalPages: number; total: number; unreadCount: number; helpTagsData: Array<{ name: string; count: number }>; isChangeUnreadToAll?: boolean }

export function HelpPage({ staff }: { staff: boolean }) {
  const { page = 'home', id } = useParams();
  if (page === 'details' && id) return <HelpDetails staff={staff} id={id} />;
  return <HelpListPage staff={staff} unread={page === 'notifications'} popupId={page === 'home' ? id : undefined} />;
}

function HelpListPage({ staff, unread, popupId }: { staff: boolean; unread: boolean; popupId?: string }) {
  const [pageNum, setPageNum] = useState(1);
  const [tag, setTag] = useState<string | null>(null);
  const unreadCount = useHelpUnread();
  const query = useQuery({
    queryKey: ['help', 'list', staff, unread, pageNum, tag],
    queryFn: async () => {
      const r = await api.post<HelpList>(`${apiBase(staff)}/list${unread ? '/notifications' : ''}`, { pageNum, ...(tag && !unread ? { tag } : {}) });
      // The list's answer carries the unread count the Account badge shows.
      setHelpUnread(r.data.unreadCount);
      return r.data;
    },
    placeholderData: keepPreviousData,
  });
  const data = query.data ?? null;
  const error = query.isError ? errorMessage(query.error) : null;
  const load = () => query.refetch();
  useEffect(() => { document.title = 'Help'; }, []);
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }} data-testid="help-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>Help</Typography>
      <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={RouterLink} to={base(staff)} variant={unread ? 'outlined' : 'contained'} size="small" data-testid="help-all">All</Button>
        <Button component={RouterLink} to={`${base(staff)}/notifications`} variant={unread ? 'contained' : 'outlined'} size="small" data-testid="help-unread">
          Unread{unreadCount > 0 ? ` (${unreadCount > 99 ? '99+' : unreadCount})` : ''}
        </Button>
      </Stack>
      {!unread && data && data.helpTagsData.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label="Tags">
          {data.helpTagsData.map((t) => (
            <Chip key={t.name} label={`${t.name} (${t.count})`} color={tag === t.name ? 'primary' : 'default'} onClick={() => { setPageNum(1); setTag(tag === t.name ? null : t.name); }} data-testid={`help-tag-${t.name}`} />
          ))}
        </Stack>
      )}
      {error ? (
        <ErrorState message={error} onRetry={() => void load()} />
      ) : !data ? (
        <PageLoader />
      ) : data.rows.length === 0 ? (
        <EmptyState title={unread ? 'You have read everything' : 'No help items yet'} />
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          {data.rows.map((r, i) => (
            <Box key={r._id} component={RouterLink} to={`${base(staff)}/details/${r._id}`} data-testid="help-row" sx={{ display: 'block', px: 2, py: 1.5, color: 'text.primary', textDecoration: 'none', borderTop: i ? 1 : 0, borderColor: 'divider', '&:hover': { bgcolor: 'action.hover' } }}>
              <Stack direction="row" spacing={1} alignItems="center">
                {!r.is_read && <Box component="span" aria-label="Unread" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }} />}
                <Typography sx={{ fontWeight: r.is_read ? 400 : 600 }}>{r.title}</Typography>
              </Stack>
              {r.tags.length > 0 && <Typography variant="caption" color="text.secondary">{r.tags.join(' · ')}</Typography>}
            </Box>
          ))}
        </Paper>
      )}
      {data && data.totalPages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2 }}>
          <Button disabled={pageNum <= 1} onClick={() => setPageNum((p) => p - 1)}>Previous</Button>
          <Typography variant="body2" color="text.secondary">Page {data.currentPage} of {data.totalPages}</Typography>
          <Button disabled={pageNum >= data.totalPages} onClick={() => setPageNum((p) => p + 1)}>Next</Button>
        </Box>
      )}
      {popupId && <HelpPopup staff={staff} id={popupId} onClose={() => void load()} />}
    </Box>
  );
}

function HelpDetails({ staff, id }: { staff: boolean; id: string }) {
  const query = useQuery({
    queryKey: ['help', 'details', staff, id],
    queryFn: async () => (await api.get<HelpItem>(`${apiBase(staff)}/details/${encodeURIComponent(id)}`)).data,
  });
  const item = query.data ?? null;
  const error = query.isError ? errorMessage(query.error) : null;
  // Opened: its title on the tab, and marked read once.
  const unreadItem = item && !item.is_read ? item._id : null;
  useEffect(() => {
    if (item) document.title = item.title;
  }, [item]);
  useEffect(() => {
    if (unreadItem) void markRead(staff, unreadItem).catch(() => undefined);
  }, [staff, unreadItem]);
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }} data-testid="help-details">
      <Button component={RouterLink} to={base(staff)} size="small" sx={{ mb: 1 }}>← All help</Button>
      {error ? <ErrorState message={error} /> : !item ? <PageLoader /> : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>{item.title}</Typography>
          {item.tags.length > 0 && <Stack direction="row" spacing={1} sx={{ mb: 2 }}>{item.tags.map((t) => <Chip key={t} size="small" label={t} />)}</Stack>}
          <Html html={item.description} />
        </>
      )}
    </Box>
  );
}
