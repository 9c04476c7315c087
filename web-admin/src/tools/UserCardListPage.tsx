// /admin/user-card-list: fans' saved cards — brand, last 4 and expiry only (the site never holds more),
// primary and expired marked, searchable by fan, each row opening the fan.
import { Chip, Stack } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList } from 'react-admin';
import type { UserCardRecord } from '../../../domain/console/admin-tools-wire';
import { Responsive } from '../components/ResponsiveList';
import { formatDate } from '../format';
import { humanize } from '../components/StatusChip';
import { Empty } from '../components/Empty';
import { ToolPage, useAdminPath } from './parts';

const Column = DataTable.Col<UserCardRecord>;
const expiry = (c: UserCardRecord) => `${c.exp_month.padStart(2, '0')}/${c.exp_year.slice(-2)}`;
const chips = (c: UserCardRecord) => (
  <Stack direction="row" spacing={0.5}>
    {c.is_primary ? <Chip size="small" color="primary" label="Primary" /> : null}
    {c.expired ? <Chip size="small" color="warning" label="Expired" /> : null}
  </Stack>
);

export default function UserCardListPage() {
  const path = useAdminPath();
  const toUser = (_id: unknown, _r: unknown, record: UserCardRecord) => path(`/users/${record.user_id}/show`);
  return (
    <ToolPage title="Saved cards" intro="Cards fans saved for payments. Only the brand, the last 4 digits and the expiry are kept." testId="user-cards-page" listTitle>
      <List<UserCardRecord>
        resource="user-cards"
        // Not a console resource: the route (domain/access/pages.ts) and the server decide who may see it.
        disableAuthentication
        title="Saved cards"
        disableSyncWithLocation
        exporter={false}
        sort={{ field: 'added_at', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Fan name or email" />]}
        perPage={25}
        empty={<Empty testId="user-cards-empty">No fan has saved a card yet.</Empty>}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <Responsive
          small={<SimpleList<UserCardRecord> primaryText={c => `${humanize(c.brand)} •••• ${c.last4}`} secondaryText={c => c.email} tertiaryText={c => expiry(c)} rowClick={toUser as never} />}
          large={
            <DataTable<UserCardRecord> bulkActionButtons={false} rowClick={toUser as never} data-testid="user-cards-table">
              <Column source="email" label="Fan" render={c => c.email} />
              <Column source="brand" label="Brand" render={c => humanize(c.brand)} />
              <Column disableSort source="last4" label="Card" render={c => `•••• ${c.last4}`} />
              <Column source="exp" label="Expires" render={expiry} />
              <Column disableSort label="" render={chips} />
              <Column source="added_at" label="Added" render={c => (c.added_at ? formatDate(c.added_at, false) : '—')} />
            </DataTable>
          }
        />
      </List>
    </ToolPage>
  );
}
