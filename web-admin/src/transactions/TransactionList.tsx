import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { TRANSACTION_TYPES, type AdminTransactionRecord } from '../../../domain/payment/wire';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { Responsive } from '../components/ResponsiveList';
import { humanize, StatusChip } from '../components/StatusChip';
import { formatDate, money } from '../format';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';

const Column = DataTable.Col<AdminTransactionRecord>;

const TYPES = TRANSACTION_TYPES;
const TYPE_CHOICES = TYPES.map(id => ({ id, name: humanize(id) }));
const STATUS_CHOICES = [
  { id: 'captured', name: 'Captured' },
  { id: 'failed', name: 'Failed' },
];

// Date filters use the simple-rest `<field>_gte` / `<field>_lte` convention on created_at.
// On phones the date range sits behind "Add filter" to keep the list in view.
const filtersFor = (small: boolean) => [
  <SearchInput key="q" source="q" placeholder="User email" alwaysOn />,
  <SelectInput key="type" source="type" label="Type" choices={TYPE_CHOICES} alwaysOn />,
  <DateInput key="from" source="created_at_gte" label="From" alwaysOn={!small} />,
  <DateInput key="to" source="created_at_lte" label="To" alwaysOn={!small} />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton />
  </TopToolbar>
);

export function Amount({ cents }: { cents: number }) {
  return (
    <Typography
      component="span"
      variant="body2"
      data-negative={cents < 0 ? 'true' : undefined}
      sx={{ color: cents < 0 ? 'error.main' : 'inherit', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {money(cents)}
    </Typography>
  );
}

export function TransactionList() {
  const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List title="Transactions" filters={filtersFor(small)} actions={<Actions />} exporter={false} sort={{ field: 'created_at', order: 'DESC' }} perPage={ADMIN_PAGE_SIZE} pagination={<AdminPagination />}>
      <Responsive
        small={
          <SimpleList<AdminTransactionRecord>
            primaryText={r => r.user_email}
            secondaryText={r => (
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <StatusChip value={r.type} /> <Amount cents={r.amount_cents} />
                {r.status === 'failed' ? <StatusChip value="failed" label={`Failed${r.failure_code ? ` ${r.failure_code}` : ''}`} /> : null}
              </Box>
            )}
            tertiaryText={r => formatDate(r.created_at)}
            rowClick={false}
          />
        }
        large={
          <DataTable<AdminTransactionRecord> bulkActionButtons={false} rowClick={false}>
            <Column source="created_at" label="Date" render={r => formatDate(r.created_at)} />
            <Column disableSort source="user_email" label="User" />
            <Column source="type" label="Type" render={r => <StatusChip value={r.type} />} />
            <Column source="amount_cents" label="Amount" align="right" render={r => <Amount cents={r.amount_cents} />} />
            <Column disableSort source="method" label="Method" render={r => humanize(r.method)} />
            <Column disableSort source="card" label="Card" render={r => r.card ?? '—'} />
            <Column source="status" label="Status" render={r => <StatusChip value={r.status} />} />
            <Column disableSort source="failure_code" label="Failure code" render={r => r.failure_code ?? ''} />
          </DataTable>
        }
      />
    </List>
  );
}
