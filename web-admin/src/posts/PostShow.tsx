// One post: its media (the item on show is the one the menu's rotation acts on), caption, status with the
// spec's notice, money, tags and the other versions of a reused post.
import { useState } from 'react';
import { Alert, Box, Card, CardContent, Chip, Divider, Grid, IconButton, Stack, Typography } from '@mui/material';
import ArrowBackIosNewIcon from '@mui/icons-material/ArrowBackIosNew';
import ArrowForwardIosIcon from '@mui/icons-material/ArrowForwardIos';
import ImageIcon from '@mui/icons-material/Image';
import { Link as RouterLink } from 'react-router-dom';
import { ListButton, Show, TopToolbar, useCreatePath, useGetList, useRecordContext, useRedirect } from 'react-admin';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { captionOf, PostStatus, VersionChip } from './PostList';
import { PostMenu } from './PostMenu';
import { usePostTags } from './fullPost';
import { statusNotice } from './rules';
import type { ConsolePost } from './types';

export function PostShow() {
  return (
    <Show<ConsolePost> title={<PostTitle />} actions={<TopToolbar><ListButton label="All posts" /></TopToolbar>} sx={{ '& .RaShow-card': { minWidth: 0, bgcolor: 'transparent', boxShadow: 'none', overflow: 'visible' } }}>
      <PostDetails />
    </Show>
  );
}

function PostTitle() {
  const record = useRecordContext<ConsolePost>();
  return <span>{record ? captionOf(record).slice(0, 60) : 'Post'}</span>;
}

function PostDetails() {
  const record = useRecordContext<ConsolePost>();
  const redirect = useRedirect();
  const [index, setIndex] = useState(0);
  const tags = usePostTags(record).tags ?? null;
  if (!record) return null;
  const media = record.media;
  const current = media[Math.min(index, Math.max(0, media.length - 1))];
  const notice = statusNotice(record);

  return (
    <Grid container spacing={2} sx={{ pt: 1 }}>
      <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
        <Card variant="outlined">
          <Box sx={{ position: 'relative', bgcolor: 'grey.900', aspectRatio: { xs: '1 / 1', sm: '16 / 10' }, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="post-media">
            {current ? (
              current.kind === 'video' && current.url ? (
                <video key={current.id} src={current.url} poster={current.thumbnail_url || current.blur_url} controls playsInline style={{ maxWidth: '100%', maxHeight: '100%' }} />
              ) : (
                <img key={current.id} src={current.url || current.thumbnail_url || current.blur_url} alt={`Item ${index + 1}`} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
              )
            ) : (
              <ImageIcon sx={{ color: 'grey.600', fontSize: 64 }} />
            )}
            {media.length > 1 ? (
              <>
                <IconButton aria-label="Previous item" onClick={() => setIndex(i => (i - 1 + media.length) % media.length)} sx={arrow('left')}>
                  <ArrowBackIosNewIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label="Next item" onClick={() => setIndex(i => (i + 1) % media.length)} sx={arrow('right')}>
                  <ArrowForwardIosIcon fontSize="small" />
                </IconButton>
                <Box sx={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)', px: 1, borderRadius: 1, bgcolor: 'rgba(0,0,0,.6)', color: '#fff', fontSize: 12 }}>
                  {index + 1} / {media.length}
                </Box>
              </>
            ) : null}
          </Box>
          {media.length > 1 ? (
            <Stack direction="row" spacing={1} sx={{ p: 1, overflowX: 'auto' }}>
              {media.map((m, i) => (
                <Box
                  key={m.id}
                  component="button"
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Show item ${i + 1}`}
                  aria-current={i === index}
                  sx={{ p: 0, border: 2, borderColor: i === index ? 'primary.main' : 'transparent', borderRadius: 1, overflow: 'hidden', width: 56, height: 56, flexShrink: 0, cursor: 'pointer', bgcolor: 'action.hover' }}
                >
                  <img src={m.thumbnail_url || m.blur_url} alt="" width={52} height={52} style={{ objectFit: 'cover', display: 'block' }} />
                </Box>
              ))}
            </Stack>
          ) : null}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
                <StatusChip value={record.visibility} />
                <PostStatus record={record} />
                <VersionChip record={record} />
                {record.is_demo ? <Chip size="small" label="Demo" /> : null}
              </Stack>
              <PostMenu record={record} mediaIndex={index} onDeleted={() => redirect('list', 'posts')} />
            </Stack>
            {notice ? (
              <Alert severity={record.status === 'error' ? 'error' : 'info'} sx={{ mt: 1.5 }} data-testid="post-notice">
                {notice}
              </Alert>
            ) : null}
            <Typography variant="body1" sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-caption">
              {record.caption?.trim() || <Box component="span" sx={{ color: 'text.secondary' }}>No caption</Box>}
            </Typography>
            <Divider sx={{ my: 2 }} />
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, textAlign: 'right' } }}>
              <dt>Price</dt>
              <dd>{record.visibility === 'locked' ? money(record.price_cents) : 'Free'}</dd>
              <dt>Unlocks</dt>
              <dd>{record.unlock_count}</dd>
              <dt>Revenue</dt>
              <dd>{money(record.revenue_cents)}</dd>
              {(record.group_versions ?? 1) > 1 ? (
                <>
                  <dt>All versions</dt>
                  <dd>{money(record.group_revenue_cents)}</dd>
                </>
              ) : null}
              <dt>{record.status === 'scheduled' ? 'Goes live' : 'Published'}</dt>
              <dd>{formatDate(record.publish_at)}</dd>
              <dt>Created</dt>
              <dd>{formatDate(record.created_at)}</dd>
            </Box>
            {tags === 'unknown' ? null : (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" sx={{ mb: 1 }} id="post-tags-title">
                  Tags
                </Typography>
                <Box data-testid="post-tags-section" aria-labelledby="post-tags-title">
                  {tags === null ? (
                    <Typography variant="body2" color="text.secondary">
                      Loading…
                    </Typography>
                  ) : tags.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      No tags
                    </Typography>
                  ) : (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} data-testid="post-tags">
                      {tags.map(t => (
                        <Chip key={String(t._id ?? t.id ?? t.name)} size="small" label={t.name} />
                      ))}
                    </Stack>
                  )}
                </Box>
              </>
            )}
          </CardContent>
        </Card>
        {(record.group_versions ?? 1) > 1 ? <Versions record={record} /> : null}
      </Grid>
    </Grid>
  );
}

const arrow = (side: 'left' | 'right') => ({
  position: 'absolute',
  top: '50%',
  [side]: 8,
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(0,0,0,.5)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(0,0,0,.7)' },
});

/** The other posts of the reuse group (the filter is applied again here in case the server ignores it). */
function Versions({ record }: { record: ConsolePost }) {
  const root = record.version_of || record.id;
  const createPath = useCreatePath();
  const { data, isPending } = useGetList<ConsolePost>('posts', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'publish_at', order: 'ASC' },
    filter: { version_of: root },
  });
  const versions = (data ?? []).filter(p => p.id === root || p.version_of === root);
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="post-versions">
      <CardContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Versions
        </Typography>
        {isPending ? (
          <Typography variant="body2" color="text.secondary">
            Loading…
          </Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1}>
            {versions.map((v, i) => (
              <Stack key={v.id} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    variant="body2"
                    component={RouterLink}
                    to={createPath({ resource: 'posts', type: 'show', id: v.id })}
                    sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: v.id === record.id ? 600 : 400, color: 'inherit' }}
                  >
                    {i === 0 && v.id === root ? 'Original' : `Version ${i + 1}`} · {captionOf(v)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(v.publish_at)} · {money(v.price_cents)}
                  </Typography>
                </Box>
                <Typography variant="body2">{money(v.revenue_cents)}</Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
