// /purchased-contents/:id? (linked from the chat header): what the fan bought to open — locked posts and
// locked chat messages — newest first, with a picture, what was paid and a link to where it is seen. Filter by
// All / Posts / Chat messages; more load on demand. Data: GET /api/users/purchased-contents (own only). The creator's
// purchased_content_settings (followed live) turn the page off, leave a list out or hide the prices; the server
// enforces the same (domain/purchased-contents/rules.ts).
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import LocalMallRounded from '@mui/icons-material/LocalMallRounded';
import PhotoRounded from '@mui/icons-material/PhotoRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import { formatMoney } from '../../../domain/shared/money';
import { PURCHASED_CONTENTS_OFF } from '../../../domain/purchased-contents/rules';
import { NO_PURCHASES, type PurchasedContentItem, type PurchasedContentsPage, type PurchasedKind } from '../../../domain/purchased-contents/wire';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { fullDate, relativeTime } from '../format';
import { Column, EmptyState, ErrorState } from '../components/StatusViews';
import { DigitalPurchases } from './DigitalPurchases';

type Filter = 'all' | PurchasedKind;

const paidWith = (i: PurchasedContentItem) =>
  i.paid_with === 'staff' ? 'Unlocked for you' : i.paid_with === 'wallet' || i.paid_with === 'crypto' ? 'Wallet' : 'Card';

function Thumb({ item }: { item: PurchasedContentItem }) {
  const Icon = item.kind === 'post' ? ArticleRounded : ChatRounded;
  return (
    <Box sx={{ position: 'relative', width: { xs: 64, sm: 76 }, height: { xs: 64, sm: 76 }, borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover', flexShrink: 0, display: 'grid', placeItems: 'center' }}>
      {item.thumbnail_url ? (
        <Box component="img" src={item.thumbnail_url} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Icon color="disabled" aria-hidden />
      )}
      {item.contentCount.video > 0 && (
        <VideocamRounded sx={{ position: 'absolute', right: 3, bottom: 3, fontSize: 16, color: '#fff', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.8))' }} aria-hidden />
      )}
    </Box>
  );
}

function ItemRow({ item, prices }: { item: PurchasedContentItem; prices: boolean }) {
  const what = item.kind === 'post' ? 'Post' : 'Chat message';
  const { photo, video } = item.contentCount;
  const counts = [photo ? `${photo} photo${photo > 1 ? 's' : ''}` : '', video ? `${video} video${video > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ');
  const title = item.title || (item.kind === 'post' ? 'Untitled post' : counts || 'Media');
  return (
    <ListItemButton
      component={RouterLink}
      to={item.link}
      divider
      disabled={item.removed}
      sx={{ gap: { xs: 1.5, sm: 2 }, py: 1.5, alignItems: 'center' }}
      data-testid="purchased-row"
      data-kind={item.kind}
      aria-label={`${what}: ${title}, ${prices ? `${formatMoney(item.amount_cents)}, ` : ''}${fullDate(item.purchased_at)}`}
    >
      <Thumb item={item} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 0.25, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" icon={item.kind === 'post' ? <ArticleRounded /> : <ChatRounded />} label={what} data-testid="purchased-kind" />
          {item.removed && <Chip size="small" color="warning" variant="outlined" label="Removed" />}
        </Box>
        <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }} data-testid="purchased-title">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          <Tooltip title={fullDate(item.purchased_at)}>
            <span>{relativeTime(item.purchased_at)}</span>
          </Tooltip>
          {' · '}
          {paidWith(item)}
          {counts && item.title ? (
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {' · '}
              <PhotoRounded sx={{ fontSize: 14, verticalAlign: '-2px' }} aria-hidden /> {counts}
            </Box>
          ) : null}
        </Typography>
      </Box>
      {prices && (
        <Typography sx={{ fontWeight: 700, flexShrink: 0 }} data-testid="purchased-amount">
          {item.amount_cents > 0 ? formatMoney(item.amount_cents) : 'Free'}
        </Typography>
      )}
    </ListItemButton>
  );
}

function ListSkeleton() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mx: { xs: 1.5, sm: 0 } }} aria-busy="true" data-testid="purchased-loading">
      {[0, 1, 2].map((i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.25 }}>
          <Skeleton variant="rounded" width={64} height={64} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="30%" />
            <Skeleton width="70%" />
          </Box>
          <Skeleton width={50} />
        </Box>
      ))}
    </Paper>
  );
}

export default function PurchasedContentsPage() {
  const { id } = useParams();
  const { me, settings } = useAuth();
  const pcs = settings?.purchased_content_settings;
  const pageOn = pcs?.enabled !== false;
  const kinds: PurchasedKind[] = [...(pcs?.show_posts !== false ? (['post'] as const) : []), ...(pcs?.show_chat_messages !== false ? (['message'] as const) : [])];
  const [filter, setFilter] = useState<Filter>('all');
  // The fan's own: /purchased-contents and /purchased-contents/{own id} are the same page.
  const userId = id && id !== me?._id ? id : undefined;
  // A filter whose list went away (the settings changed, followed live) falls back to All; a settings change
  // reads the list again (its key holds them).
  const shownFilter: Filter = filter !== 'all' && !kinds.includes(filter) ? 'all' : filter;
  const paged = usePagedList({
    key: ['purchased-contents', userId ?? 'own', shownFilter, JSON.stringify(pcs ?? null)],
    load: async (pageNum: number, signal: AbortSignal) =>
      (await api.get<PurchasedContentsPage>('/api/users/purchased-contents', { page_num: pageNum, type: shownFilter, user_id: userId }, signal)).data,
    items: (p: PurchasedContentsPage) => p.items,
    nextPage: (last: PurchasedContentsPage) => (last.has_more ? last.page_num + 1 : undefined),
    enabled: pageOn,
  });
  const list = paged.first ? { ...paged.first, items: paged.items, has_more: paged.hasMore } : null;
  const error = paged.error ? errorMessage(paged.error) : null;
  const loadingMore = paged.loadingMore;
  const prices = !(list?.prices_hidden ?? pcs?.show_prices === false);
  // Bought in the shop: listed with the first page.
  const digital = paged.first?.digital_items ?? [];

  if (!pageOn)
    return (
      <Column width={720}>
        <Box data-testid="purchased-off">
          <EmptyState title={PURCHASED_CONTENTS_OFF} icon={<LocalMallRounded />}>
            <Button component={RouterLink} to="/" variant="outlined">
              Go to the feed
            </Button>
          </EmptyState>
        </Box>
      </Column>
    );

  return (
    <Column width={720}>
      <Box sx={{ mx: { xs: 2, sm: 0 }, mb: 1 }}>
        <Typography variant="h5" component="h1">
          Purchased contents
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {kinds.length === 2 ? 'Posts and chat messages' : kinds[0] === 'post' ? 'Posts' : 'Chat messages'} you unlocked. Receipts are under{' '}
          <Box component={RouterLink} to="/profile/payments" sx={{ color: 'primary.main' }}>
            Payments
          </Box>
          .
        </Typography>
      </Box>
      {digital.length > 0 && <DigitalPurchases items={digital} prices={prices} own={!userId} />}
      {kinds.length === 2 && (
        <Tabs
          value={shownFilter}
          onChange={(_, v: Filter) => setFilter(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mx: { xs: 1, sm: 0 }, mb: 1.5, minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none', fontWeight: 600 } }}
          aria-label="Show"
        >
          <Tab value="all" label="All" data-testid="purchased-tab-all" />
          <Tab value="post" label="Posts" data-testid="purchased-tab-post" />
          <Tab value="message" label="Chat messages" data-testid="purchased-tab-message" />
        </Tabs>
      )}
      {error && !list ? (
        <ErrorState title="Could not load your purchased contents" message={error} onRetry={paged.retry} />
      ) : !list ? (
        <ListSkeleton />
      ) : list.total === 0 && digital.length > 0 ? null : list.total === 0 ? (
        <Box data-testid="purchased-empty">
          <EmptyState title={NO_PURCHASES} icon={<LocalMallRounded />}>
            Locked posts and chat messages you unlock will be listed here, to open again any time.
            <Box sx={{ mt: 2 }}>
              <Button component={RouterLink} to="/" variant="outlined">
                Go to the feed
              </Button>
            </Box>
          </EmptyState>
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, mx: { xs: 1.5, sm: 0 }, overflow: 'hidden' }} data-testid="purchased-list">
          <Box sx={{ px: 2, py: 1.5, display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {list.total} {list.total === 1 ? 'item' : 'items'}
            </Typography>
            {prices && (
              <Typography variant="body2" color="text.secondary">
                Spent{' '}
                <Box component="strong" sx={{ color: 'text.primary' }} data-testid="purchased-total">
                  {formatMoney(list.total_cents)}
                </Box>
              </Typography>
            )}
          </Box>
          <Divider />
          <List disablePadding>
            {list.items.map((item) => (
              <ItemRow key={`${item.kind}-${item._id}`} item={item} prices={prices} />
            ))}
          </List>
          {list.has_more && (
            <Box sx={{ p: 1.5, textAlign: 'center' }}>
              <Button onClick={paged.loadMore} disabled={loadingMore} data-testid="purchased-more">
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            </Box>
          )}
        </Paper>
      )}
    </Column>
  );
}
