// /admin/purchased-contents/:userId: what a fan bought to open — locked posts and chat messages — with what they
// paid, how, and when; a post opens on the fan site, a message in the console's chat with the fan. Data:
// GET /api/users/purchased-contents?user_id= (the roles that see chat earnings; domain/purchased-contents/wire.ts).
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Divider, List, ListItem, ListItemAvatar, ListItemText, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import ArticleIcon from '@mui/icons-material/ArticleRounded';
import ChatIcon from '@mui/icons-material/ChatRounded';
import ArrowBackIcon from '@mui/icons-material/ArrowBackRounded';
import { NO_PURCHASES, type PurchasedContentItem, type PurchasedContentsPage as PageData, type PurchasedKind } from '../../../domain/purchased-contents/wire';
import { usePagedList } from '../../../web-shared/paging/usePagedList';
import { api } from '../api';
import { formatDate, money, relative } from '../format';

type Filter = 'all' | PurchasedKind;

const paidWith = (i: PurchasedContentItem) => (i.paid_with === 'staff' ? 'Unlocked by staff' : i.paid_with === 'card' ? 'Card' : 'Wallet');

function Row({ item }: { item: PurchasedContentItem }) {
  const isPost = item.kind === 'post';
  const { photo, video } = item.contentCount;
  const counts = [photo ? `${photo} photo${photo > 1 ? 's' : ''}` : '', video ? `${video} video${video > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ');
  // A post opens on the fan site (outside the console); a message in the console's chat.
  const link = isPost
    ? { component: 'a' as const, href: item.link, target: '_blank', rel: 'noopener' }
    : { component: RouterLink, to: item.link.replace(/^\/admin/, '') };
  return (
    <ListItem
      divider
      data-testid="purchased-row"
      data-kind={item.kind}
      secondaryAction={
        <Typography sx={{ fontWeight: 700 }} data-testid="purchased-amount">
          {item.amount_cents > 0 ? money(item.amount_cents) : 'Free'}
        </Typography>
      }
      sx={{ pr: 12 }}
    >
      <ListItemAvatar>
        <Avatar variant="rounded" src={item.thumbnail_url ?? undefined} sx={{ width: 56, height: 56, mr: 1.5, bgcolor: 'action.hover', color: 'text.secondary' }}>
          {isPost ? <ArticleIcon /> : <ChatIcon />}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={isPost ? 'Post' : 'Chat message'} />
            {item.removed && <Chip size="small" color="warning" variant="outlined" label="Removed" />}
            <Box {...link} sx={{ color: 'primary.main', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }} data-testid="purchased-title">
              {item.title || counts || (isPost ? 'Untitled post' : 'Media')}
            </Box>
          </Box>
        }
        secondary={`${relative(item.purchased_at)} (${formatDate(item.purchased_at)}) · ${paidWith(item)}${counts && item.title ? ` · ${counts}` : ''}`}
      />
    </ListItem>
  );
}

export function PurchasedContentsPage() {
  const { userId = '' } = useParams();
  const [filter, setFilter] = useState<Filter>('all');
  const paged = usePagedList({
    key: ['admin', 'purchased-contents', userId, filter],
    load: async (page: number) => {
      const q = new URLSearchParams({ user_id: userId, page_num: String(page), type: filter });
      return (await api<PageData>(`/api/users/purchased-contents?${q}`)).data;
    },
    items: (p: PageData) => p.items,
    nextPage: (last: PageData) => (last.has_more ? last.page_num + 1 : undefined),
  });
  const data = paged.first ? { ...paged.first, items: paged.items, has_more: paged.hasMore } : null;
  const error = paged.error ? (paged.error as Error).message : null;
  const loadingMore = paged.loadingMore;

  const name = data?.user.name ?? 'Fan';
  return (
    <Box sx={{ width: '100%', maxWidth: 900, minWidth: 0, mx: 'auto', mt: { xs: 1, sm: 2 } }} data-testid="admin-purchased-page">
      <Title title={`Purchased contents · ${name}`} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/private-chat/${encodeURIComponent(userId)}`} startIcon={<ArrowBackIcon />} size="small">
          Chat with {name}
        </Button>
      </Box>
      <Card variant="outlined">
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h6" component="h1">
            Purchased contents of {data ? data.user.name : '…'}
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary" data-testid="purchased-summary">
              {data.total} {data.total === 1 ? 'item' : 'items'} · spent {money(data.total_cents)}
            </Typography>
          )}
          {/* Narrow tabs, not scrollable: the page must fit a 375 px phone (a scroller's buttons widened it). */}
          <Tabs value={filter} onChange={(_, v: Filter) => setFilter(v)} sx={{ mt: 1, '& .MuiTab-root': { minWidth: 0, px: { xs: 1.25, sm: 2 } } }}>
            <Tab value="all" label="All" />
            <Tab value="post" label="Posts" />
            <Tab value="message" label="Chat messages" />
          </Tabs>
        </CardContent>
        <Divider />
        {error ? (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={paged.retry}>Retry</Button>}>
            {error}
          </Alert>
        ) : !data ? (
          <Box sx={{ p: 2 }} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : data.items.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" data-testid="purchased-empty">
            {NO_PURCHASES}
          </Typography>
        ) : (
          <List disablePadding data-testid="purchased-list">
            {data.items.map((item) => (
              <Row key={`${item.kind}-${item._id}`} item={item} />
            ))}
          </List>
        )}
        {data?.has_more && (
          <Box sx={{ p: 1.5, textAlign: 'center' }}>
            <Button onClick={paged.loadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load more'}
            </Button>
          </Box>
        )}
      </Card>
    </Box>
  );
}
