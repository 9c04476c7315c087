// /admin/sticky-io-transactions: the payments that went through Sticky.io and their refunds, from our read models
// with Sticky.io's order id (GET /admin-api/sticky-io/transactions), filtered by date, status and fan, exported as
// CSV like the other lists; each row opens the lookup of its order (or of the payment, before an order is known).
import { Box, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateInput, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StickyTransactionRecord } from '../../../domain/payment-providers/provider-console';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { Responsive } from '../components/ResponsiveList';
import { StatusChip } from '../components/StatusChip';
import { ADMIN_PAGE_SIZE, AdminPagination } from '../components/AdminPagination';
import { Amount } from '../transactions/TransactionList';
import { formatDate } from '../format';
import { useAdminPath } from '../tools/parts';
import { stickyLookupPath } from './paths';

const Column = DataTable.Col<StickyTransactionRecord>;

const STATUS_CHOICES = [
  { id: 'captured', name: 'Captured' },
  { id: 'failed', name: 'Failed' },
  { id: 'pending', name: 'Waiting for Sticky.io' },
];

const filtersFor = (small: boolean) => [
  <SearchInput key="q" source="q" placeholder="Fan's email" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn={!small} />,
  <DateInput key="from" source="created_at_gte" label="From" alwaysOn={!small} />,
  <DateInput key="to" source="created_at_lte" label="To" alwaysOn={!small} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton />
  </TopToolbar>
);

/** The order id linking to its lookup; a payment with no order yet links by its payment id. */
function OrderLink({ record }: { record: StickyTransactionRecord }) {
  const path = useAdminPath();
  const to = record.order_id ? stickyLookupPath('order_id', record.order_id) : stickyLookupPath('payment_id', record.payment_id);
  return (
    <Link component={RouterLink} to={path(to)} onClick={e => e.stopPropagation()} data-testid="sticky-order-link" sx={{ whiteSpace: 'nowrap' }}>
      {record.order_id ? `#${record.order_id}` : 'Look up'}
    </Link>
  );
}

export default function StickyIoTransactionsPage() {
  const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box data-testid="sticky-io-transactions-page" sx={{ minWidth: 0 }}>
      <List
        resource="sticky-io/transactions"
        // Not a console resource: the route (domain/access/pages.ts) and the server decide who may see it.
        disableAuthentication
        title="Sticky.io payments"
        filters={filtersFor(small)}
        actions={<Actions />}
        exporter={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={ADMIN_PAGE_SIZE}
        pagination={<AdminPagination />}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
        empty={<Typography color="text.secondary" sx={{ p: 3 }} data-testid="sticky-transactions-empty">No payment has gone through Sticky.io yet.</Typography>}
      >
        <Responsive
          small={
            <SimpleList<StickyTransactionRecord>
              primaryText={r => r.user_email ?? r.user_id}
              secondaryText={r => (
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusChip value={r.type} /> <Amount cents={r.amount_cents} /> <StatusChip value={r.status} /> <OrderLink record={r} />
                </Box>
              )}
              tertiaryText={r => formatDate(r.created_at)}
              rowClick={false}
            />
          }
          large={
            <DataTable<StickyTransactionRecord> bulkActionButtons={false} rowClick={false}>
              <Column source="created_at" label="Date" render={r => formatDate(r.created_at)} />
              <Column disableSort source="user_email" label="Fan" />
              <Column source="type" label="Type" render={r => <StatusChip value={r.type} />} />
              <Column source="amount_cents" label="Amount" align="right" render={r => <Amount cents={r.amount_cents} />} />
              <Column disableSort source="card" label="Card" render={r => r.card ?? '—'} />
              <Column source="status" label="Status" render={r => <StatusChip value={r.status} />} />
              <Column disableSort source="order_id" label="Sticky.io order" render={r => <OrderLink record={r} />} />
              <Column disableSort source="failure_code" label="Failure code" render={r => r.failure_code ?? ''} />
            </DataTable>
          }
        />
      </List>
    </Box>
  );
}
