// Posts: status chips with the spec's notices, reuse versions kept together, and the per-post admin menu.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ImageIcon from '@mui/icons-material/Image';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ListContextProvider,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
  useListContext,
  usePermissions,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canUse } from '../access';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { PostActionsHost, PostMenu } from './PostMenu';
import { groupVersions, statusNotice } from './rules';
import type { ConsolePost } from './types';

const Column = DataTable.Col<ConsolePost>;
const NumberColumn = DataTable.NumberCol<ConsolePost>;

const VISIBILITY_CHOICES = [
  { id: 'locked', name: 'Locked' },
  { id: 'private', name: 'Private' },
  { id: 'public', name: 'Public' },
];
const STATUS_CHOICES = [
  { id: 'published', name: 'Published' },
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'processing', name: 'Processing' },
  { id: 'error', name: 'Error' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Search captions" alwaysOn />,
  <SelectInput key="visibility" source="visibility" label="Visibility" choices={VISIBILITY_CHOICES} />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} />,
];

function Actions() {
  const { permissions } = usePermissions();
  return (
    // On phones the create button is a floating action button: don't keep an empty toolbar row for it.
    <TopToolbar sx={{ minHeight: { xs: 0, sm: 64 }, p: { xs: 0 } }}>
      {/* Phones get the caption search only: the extra filters would not fit beside it. */}
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <FilterButton />
      </Box>
      {canUse(permissions, 'posts', 'create') ? <CreateButton label="New post" /> : null}
    </TopToolbar>
  );
}

const price = (r: ConsolePost) => (r.visibility === 'locked' ? money(r.price_cents) : 'Free');
export const captionOf = (r: ConsolePost) => r.caption?.trim() || `(${r.blog_type} post, no caption)`;

export function Thumbnail({ record, size = 48 }: { record: ConsolePost; size?: number }) {
  const media = record.media?.[0];
  const [failed, setFailed] = useState(false);
  const src = failed ? null : media?.thumbnail_url || media?.blur_url;
  return (
    <Box
      sx={{
        position: 'relative',
        width: size,
        height: size,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      {src ? (
        <img src={src} alt="" loading="lazy" width={size} height={size} style={{ objectFit: 'cover' }} onError={() => setFailed(true)} />
      ) : (
        <ImageIcon color="disabled" fontSize="small" />
      )}
      {record.media.length > 1 ? (
        <Box component="span" sx={{ position: 'absolute', right: 2, bottom: 2, px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(0,0,0,.6)', color: '#fff', fontSize: 10, lineHeight: '14px' }}>
          {record.media.length}
        </Box>
      ) : null}
    </Box>
  );
}

const STATUS_LABEL: Record<ConsolePost['status'], string> = { published: 'Published', scheduled: 'Scheduled', processing: 'Processing', error: 'Error' };

/** The status chip; processing and error carry the spec's notice as a tooltip. */
export function PostStatus({ record }: { record: ConsolePost }) {
  const notice = statusNotice(record);
  const chip = <StatusChip value={record.status} label={STATUS_LABEL[record.status]} />;
  return notice ? (
    <Tooltip title={notice}>
      <span data-testid="post-status" data-status={record.status}>
        {chip}
      </span>
    </Tooltip>
  ) : (
    <span data-testid="post-status" data-status={record.status}>
      {chip}
    </span>
  );
}

/** Reuse: how many versions the group has, or that this row is a reused version. */
export function VersionChip({ record }: { record: ConsolePost }) {
  const versions = record.group_versions ?? 1;
  if (record.version_of) {
    return (
      <Tooltip title={`Reused post · ${versions} version${versions === 1 ? '' : 's'} in its group`}>
        <Chip size="small" icon={<AutorenewIcon />} label="Reused" variant="outlined" data-testid="version-chip" />
      </Tooltip>
    );
  }
  if (versions > 1) return <Chip size="small" label={`${versions} versions`} variant="outlined" data-testid="version-chip" />;
  return null;
}

const NestedContext = createContext<ReadonlySet<string>>(new Set());

/** Keeps the rows of one reuse group together on the page (versions group in reporting). */
function GroupedVersions({ children }: { children: ReactNode }) {
  const ctx = useListContext<ConsolePost>();
  const grouped = useMemo(() => groupVersions(ctx.data ?? []), [ctx.data]);
  const value = useMemo(() => (ctx.data ? { ...ctx, data: grouped.map(g => g.row) } : ctx) as typeof ctx, [ctx, grouped]);
  const nested = useMemo(() => new Set(grouped.filter(g => g.nested).map(g => g.row.id)), [grouped]);
  return (
    <ListContextProvider value={value}>
      <NestedContext.Provider value={nested}>{children}</NestedContext.Provider>
    </ListContextProvider>
  );
}

// The caption is cut to fit: with the menu open, the table fits a 1366 px screen.
function CaptionCell({ record }: { record: ConsolePost }) {
  const nested = useContext(NestedContext).has(record.id);
  const notice = statusNotice(record);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0, pl: nested ? 1 : 0 }}>
      {nested ? <SubdirectoryArrowRightIcon fontSize="small" color="action" aria-label="Version of the post above" /> : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ maxWidth: { xs: 200, lg: 180, xl: 360 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={record.caption}>
          {captionOf(record)}
        </Typography>
        {notice ? (
          <Typography variant="caption" color={record.status === 'error' ? 'error' : 'text.secondary'} sx={{ display: 'block', maxWidth: { xs: 200, lg: 180, xl: 360 } }} data-testid="post-notice">
            {notice}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

function Empty() {
  const { permissions } = usePermissions();
  const createPath = useCreatePath();
  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }} spacing={1.5} data-testid="posts-empty">
      <PhotoLibraryOutlinedIcon sx={{ fontSize: 56 }} color="disabled" />
      <Typography variant="h6">No Posts Found</Typography>
      {canUse(permissions, 'posts', 'create') ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Share your first photo or video with your fans.
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={createPath({ resource: 'posts', type: 'create' })}>
            New post
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

export function PostList() {
  const { permissions } = usePermissions();
  const rowClick = canUse(permissions, 'posts', 'show') ? 'show' : false;
  return (
    <List
      title="Posts"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'publish_at', order: 'DESC' }}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
      empty={<Empty />}
    >
      <PostActionsHost>
        <GroupedVersions>
          <Responsive
            small={
              <SimpleList<ConsolePost>
                primaryText={r => (
                  <Box component="span" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}>
                    {captionOf(r)}
                  </Box>
                )}
                secondaryText={r => (
                  <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                    <StatusChip value={r.visibility} /> <span>{price(r)}</span> <PostStatus record={r} /> <VersionChip record={r} />
                  </Box>
                )}
                tertiaryText={r => formatDate(r.publish_at, false)}
                leftIcon={r => <Thumbnail record={r} size={44} />}
                rightIcon={r => <PostMenu record={r} />}
                rowClick={rowClick}
                empty={<Empty />}
                sx={{ '& .MuiListItemText-root': { minWidth: 0 } }}
              />
            }
            large={
              <DataTable<ConsolePost> bulkActionButtons={false} rowClick={rowClick} empty={<Empty />}>
                <Column label="" disableSort render={r => <Thumbnail record={r} />} sx={{ width: 64 }} />
                <Column source="caption" label="Caption" render={r => <CaptionCell record={r} />} />
                <Column disableSort source="visibility" label="Visibility" render={r => <StatusChip value={r.visibility} />} />
                <Column source="price_cents" label="Price" align="right" render={price} />
                <Column disableSort source="status" label="Status" render={r => <PostStatus record={r} />} />
                <Column disableSort source="version_of" label="Versions" render={r => <VersionChip record={r} />} />
                <NumberColumn source="unlock_count" label="Unlocks" />
                <Column
                  source="revenue_cents"
                  label="Revenue"
                  align="right"
                  render={r =>
                    (r.group_versions ?? 1) > 1 ? (
                      <Tooltip title={`All versions: ${money(r.group_revenue_cents)}`}>
                        <span>{money(r.revenue_cents)}</span>
                      </Tooltip>
                    ) : (
                      money(r.revenue_cents)
                    )
                  }
                />
                <Column source="publish_at" label="Published" render={r => formatDate(r.publish_at)} />
                <Column label="" disableSort render={r => <PostMenu record={r} />} sx={{ width: 48 }} />
              </DataTable>
            }
          />
        </GroupedVersions>
      </PostActionsHost>
    </List>
  );
}
