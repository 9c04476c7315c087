// /admin/shop/order-list (GET /admin-api/shop/orders): every order with its state, buyer, total and date; a state
// filter and a search by buyer or order id. Live: a SHOP_ORDER_UPDATED frame (placed, paid, shipped, refunded…)
// reads the list again.
import { Box, Chip, Link as MuiLink, List as MuiList, ListItemButton, ListItemText, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, useBasename, useListContext, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
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

/** The order's page in the console, under the console's base (/admin): a bare '/shop/…' would leave the console. */
const useOrderPath = () => {
  const basename = useBasename();
  return (id: string) => `${basename}/shop/order/edit/${id}`;
};

/** On a phone: one line per order, each a real link to the order (rendered with the list, so a tap always opens it). */
function OrderLines() {
  const { data } = useListContext<Row>();
  const orderPath = useOrderPath();
  return (
    <MuiList dense disablePadding data-testid="shop-orders">
      {(data ?? []).map((r) => (
        <ListItemButton key={r.id} component={Link} to={orderPath(r.id)} divider data-testid={`shop-order-row-${r.id}`}>
          <ListItemText
            primary={`${r.user.name} · ${money(r.total_cents)}`}
            secondary={`${stateName(r.status)}${r.refunded_cents ? ` · ${money(r.refunded_cents)} refunded` : ''} · ${r.id.slice(0, 8)}`}
          />
        </ListItemButton>
      ))}
    </MuiList>
  );
}

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
  const orderPath = useOrderPath();
  return (
    <List resource="shop/orders" title="Orders" filters={filters} empty={<Empty />} sort={{ field: 'placed_at', order: 'DESC' }} storeKey="shop-orders" exporter={false}>
      {small ? <OrderLines /> : (
      // The row opens the order; its number is also a plain link (opens in a new tab, works before the row's handler is ready).
      <Datagrid rowClick={(id) => orderPath(String(id))} bulkActionButtons={false} data-testid="shop-orders" rowSx={() => ({ cursor: 'pointer' })}>
        <FunctionField label="Order" render={(r: Row) => <MuiLink component={Link} to={orderPath(r.id)} onClick={(e) => e.stopPropagation()} data-testid={`shop-order-row-${r.id}`}>{r.id.slice(0, 8)}</MuiLink>} />
        <FunctionField label="State" sortBy="status" render={(r: Row) => <Chip size="small" label={stateName(r.status)} />} />
        <FunctionField label="Buyer" render={(r: Row) => <span>{r.user.name}<br /><Typography variant="caption" color="text.secondary">{r.user.email}</Typography></span>} />
        <FunctionField label="Total" sortBy="total_cents" render={(r: Row) => (r.refunded_cents ? <span>{money(r.total_cents)} <Typography variant="caption" color="text.secondary">({money(r.refunded_cents)} refunded)</Typography></span> : money(r.total_cents))} />
        <DateField source="placed_at" label="Date" showTime />
      </Datagrid>
      )}
    </List>
  );
}
