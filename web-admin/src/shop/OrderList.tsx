// /admin/shop/order-list (GET /admin-api/shop/orders): every order with its state, buyer, total and date; a state
// filter and a search by buyer or order id. Live: a SHOP_ORDER_UPDATED frame (placed, paid, shipped, refunded…)
// reads the list again.
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, SimpleList, useRefresh } from 'react-admin';
import { useFrame } from '../realtime';
import { money } from './paths';

export const ORDER_STATES = [
  { id: 'placed', name: 'Placed' }, { id: 'paid', name: 'Paid' }, { id: 'fulfilled', name: 'Fulfilled' }, { id: 'completed', name: 'Completed' },
  { id: 'cancelled', name: 'Cancelled' }, { id: 'refunded', name: 'Refunded' }, { id: 'charged_back', name: 'Charged back' }, { id: 'failed', name: 'Payment failed' },
];
export const stateName = (s: string) => ORDER_STATES.find((x) => x.id === s)?.name ?? s;

interface Row { id: string; status: string; total_cents: number; refunded_cents: number; placed_at: string; user: { name: string; email: string } }

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buyer or order id" />,
  <SelectInput key="status" source="status" label="State" choices={ORDER_STATES} alwaysOn />,
];

function Empty() {
  return (
    <Box sx={{ textAlign: 'center', p: 4 }} data-testid="shop-orders-empty">
      <Typography variant="h6">No orders yet</Typography>
      <Typography color="text.secondary">Orders appear here as fans check out.</Typography>
    </Box>
  );
}

export function OrderList() {
  const refresh = useRefresh();
  useFrame('SHOP_ORDER_UPDATED', () => refresh());
  // A phone gets one line per order instead of the table.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List resource="shop/orders" title="Orders" filters={filters} empty={<Empty />} sort={{ field: 'placed_at', order: 'DESC' }} storeKey="shop-orders" exporter={false}>
      {small ? (
        <SimpleList<Row>
          primaryText={(r) => `${r.user.name} · ${money(r.total_cents)}`}
          secondaryText={(r) => `${stateName(r.status)}${r.refunded_cents ? ` · ${money(r.refunded_cents)} refunded` : ''}`}
          tertiaryText={(r) => r.id.slice(0, 8)}
          rowClick={(id) => `/shop/order/edit/${String(id)}`}
          data-testid="shop-orders"
        />
      ) : (
      <Datagrid rowClick={(id) => `/shop/order/edit/${String(id)}`} bulkActionButtons={false} data-testid="shop-orders">
        <FunctionField label="Order" render={(r: Row) => r.id.slice(0, 8)} />
        <FunctionField label="State" sortBy="status" render={(r: Row) => <Chip size="small" label={stateName(r.status)} />} />
        <FunctionField label="Buyer" render={(r: Row) => <span>{r.user.name}<br /><Typography variant="caption" color="text.secondary">{r.user.email}</Typography></span>} />
        <FunctionField label="Total" sortBy="total_cents" render={(r: Row) => (r.refunded_cents ? <span>{money(r.total_cents)} <Typography variant="caption" color="text.secondary">({money(r.refunded_cents)} refunded)</Typography></span> : money(r.total_cents))} />
        <DateField source="placed_at" label="Date" showTime />
      </Datagrid>
      )}
    </List>
  );
}
