import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import {
  CreateButton,
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import type { AdminPostRecord } from '../../../domain/shared/wire';
import { StatusChip } from '../components/StatusChip';
import { Responsive } from '../components/ResponsiveList';
import { formatDate, money } from '../format';

const Column = DataTable.Col<AdminPostRecord>;
const NumberColumn = DataTable.NumberCol<AdminPostRecord>;

const VISIBILITY_CHOICES = [
  { id: 'locked', name: 'Locked' },
  { id: 'private', name: 'Private' },
  { id: 'public', name: 'Public' },
];
const STATUS_CHOICES = [
  { id: 'published', name: 'Published' },
  { id: 'processing', name: 'Processing' },
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'error', name: 'Error' },
];

const filters = [
  <SelectInput key="visibility" source="visibility" label="Visibility" choices={VISIBILITY_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

const Actions = () => (
  // On phones the create button is a floating action button: don't keep an empty toolbar row for it.
  <TopToolbar sx={{ minHeight: { xs: 0, sm: 64 }, p: { xs: 0 } }}>
    <CreateButton label="New post" />
  </TopToolbar>
);

const price = (r: AdminPostRecord) => (r.visibility === 'locked' ? money(r.price_cents) : 'Free');

export function Thumbnail({ record, size = 48 }: { record: AdminPostRecord; size?: number }) {
  const media = record.media?.[0];
  const [failed, setFailed] = useState(false);
  const src = failed ? null : media?.thumbnail_url || media?.blur_url;
  return (
    <Box
      sx={{
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
    </Box>
  );
}

const caption = (r: AdminPostRecord) => r.caption?.trim() || `(${r.blog_type} post, no caption)`;

export function PostList() {
  return (
    <List
      title="Posts"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'publish_at', order: 'DESC' }}
      perPage={20}
    >
      <Responsive
        small={
          <SimpleList<AdminPostRecord>
            primaryText={caption}
            secondaryText={r => (
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <StatusChip value={r.visibility} /> <span>{price(r)}</span> <StatusChip value={r.status} />
              </Box>
            )}
            tertiaryText={r => formatDate(r.publish_at, false)}
            leftAvatar={r => <Thumbnail record={r} size={40} />}
            rowClick={false}
          />
        }
        large={
          <DataTable<AdminPostRecord> bulkActionButtons={false} rowClick={false}>
            <Column label="" disableSort render={r => <Thumbnail record={r} />} sx={{ width: 64 }} />
            <Column
              source="caption"
              label="Caption"
              render={r => (
                <Typography variant="body2" sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.caption}>
                  {caption(r)}
                </Typography>
              )}
            />
            <Column disableSort source="visibility" label="Visibility" render={r => <StatusChip value={r.visibility} />} />
            <Column source="price_cents" label="Price" align="right" render={price} />
            <Column disableSort source="status" label="Status" render={r => <StatusChip value={r.status} />} />
            <NumberColumn source="unlock_count" label="Unlocks" />
            <Column source="revenue_cents" label="Revenue" align="right" render={r => money(r.revenue_cents)} />
            <Column source="publish_at" label="Published" render={r => formatDate(r.publish_at)} />
          </DataTable>
        }
      />
    </List>
  );
}
