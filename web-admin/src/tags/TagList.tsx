import { Typography } from '@mui/material';
import { CreateButton, DataTable, DeleteWithConfirmButton, EditButton, List, SearchInput, SimpleList, TopToolbar, usePermissions } from 'react-admin';
import { TAG_MESSAGES } from '../../../domain/feed-tag/feed-tag';
import { canUse } from '../access';
import { Responsive } from '../components/ResponsiveList';
import { FEED_TAGS_RESOURCE, type FeedTagRecord } from './dataProvider';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<FeedTagRecord>;

const filters = [<SearchInput key="q" source="q" placeholder="Search tags" alwaysOn />];

function Actions() {
  const { permissions } = usePermissions();
  return <TopToolbar>{canUse(permissions, FEED_TAGS_RESOURCE, 'create') && <CreateButton label="Create New Tag" />}</TopToolbar>;
}

function Empty() {
  return (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="feed-tags-empty">
      {TAG_MESSAGES.noTags}
    </Typography>
  );
}

const countText = (r: FeedTagRecord) => (r.count === null ? '' : `${r.count} post${r.count === 1 ? '' : 's'}`);

function RowActions() {
  const { permissions } = usePermissions();
  return (
    <>
      {canUse(permissions, FEED_TAGS_RESOURCE, 'edit') && <EditButton />}
      {canUse(permissions, FEED_TAGS_RESOURCE, 'delete') && (
        <DeleteWithConfirmButton
          confirmTitle="Delete tag"
          confirmContent={TAG_MESSAGES.deleteConfirm}
          mutationMode="pessimistic"
          successMessage={TAG_MESSAGES.deleted}
        />
      )}
    </>
  );
}

/** Feed tags: the creator's tags, with how many posts carry each. */
export function TagList() {
  return (
    <List title="Feed tags" filters={filters} actions={<Actions />} exporter={false} sort={{ field: 'name', order: 'ASC' }} perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />} empty={<Empty />}>
      <Responsive
        small={<SimpleList<FeedTagRecord> primaryText={(r) => r.name} secondaryText={countText} rowClick="edit" empty={<Empty />} />}
        large={
          <DataTable<FeedTagRecord> bulkActionButtons={false} rowClick="edit" empty={<Empty />}>
            <Column source="name" label="Name" />
            <Column source="slug" label="Slug" />
            <Column source="count" label="Posts" render={countText} />
            <Column label="" disableSort render={() => <RowActions />} />
          </DataTable>
        }
      />
    </List>
  );
}
