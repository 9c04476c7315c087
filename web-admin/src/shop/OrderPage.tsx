// /admin/shop/order/edit/:id (GET /admin-api/shop/orders/:id): the lines, the buyer, where it ships, its history,
// and what staff can do next: ship with carrier and tracking, complete, cancel, refund the whole order or chosen
// lines (their money and stock come back). Live on SHOP_ORDER_UPDATED.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { Loading, Title, useGetOne, useNotify } from 'react-admin';
import { api } from '../api';
import { useFrame } from '../realtime';
import { money } from './paths';
import { stateName } from './OrderList';
import { OrderLineList, type OrderLine } from './OrderLineList';

interface Order {
  id: string; status: string; lines: OrderLine[]; subtotal_cents: number; shipping_cents: number; total_cents: number; refunded_cents: number;
  address: Record<string, string> | null; carrier: string | null; tracking_number: string | null; user: { name: string; email: string };
  history: { status: string; at: string; note: string | null }[]; placed_at: string;
}

const PAID = ['paid', 'fulfilled', 'completed'];

export function OrderPage() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const { data: order, isPending, refetch, error } = useGetOne<Order>('shop/orders', { id });
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [fieldError, setFieldError] = useState<Record<string, string>>({});
  useFrame<{ orderId: string }>('SHOP_ORDER_UPDATED', (d) => { if (d.orderId === id) void refetch(); });
  if (isPending) return <Loading />;
  if (error || !order) return <Alert severity="error">Order not found.</Alert>;

  const act = async (path: string, body: unknown, done: string) => {
    setFieldError({});
    try {
      await api(`/admin-api/shop/orders/${id}/${path}`, { method: 'POST', body });
      notify(done, { type: 'success' });
      setChosen([]);
      await refetch();
    } catch (e) {
      const err = e as Error & { field?: string };
      if (err.field) setFieldError({ [err.field]: err.message });
      notify(err.message, { type: 'error' });
    }
  };
  const physical = order.lines.some((l) => l.kind === 'physical');
  const paid = PAID.includes(order.status);
  const toggle = (n: number) => setChosen((c) => (c.includes(n) ? c.filter((x) => x !== n) : [...c, n]));
  const a = order.address;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1000 }} data-testid="shop-order">
      <Title title={`Order ${order.id.slice(0, 8)}`} />
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Typography variant="h6">Order {order.id.slice(0, 8)}</Typography>
        <Chip label={stateName(order.status)} data-testid="shop-order-state" />
        <Typography color="text.secondary">{new Date(order.placed_at).toLocaleString()}</Typography>
      </Stack>
      <Card variant="outlined"><CardContent>
        <OrderLineList lines={order.lines} refundable={paid} chosen={chosen} onToggle={toggle} />
        <Typography sx={{ mt: 1 }}>Subtotal {money(order.subtotal_cents)} · Shipping {money(order.shipping_cents)} · <b>Total {money(order.total_cents)}</b>{order.refunded_cents ? ` · Refunded ${money(order.refunded_cents)}` : ''}</Typography>
      </CardContent></Card>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2}>
        <Card variant="outlined" sx={{ flex: 1 }}><CardContent>
          <Typography variant="subtitle2">Buyer</Typography>
          <Typography>{order.user.name}</Typography><Typography color="text.secondary">{order.user.email}</Typography>
          {a && <><Typography variant="subtitle2" sx={{ mt: 1 }}>Ships to</Typography>
            <Typography data-testid="shop-order-address">{[a.name, a.line1, a.line2, `${a.city} ${a.state} ${a.postalCode}`, a.country, a.phone].filter((x) => x && x.trim()).join(', ')}</Typography></>}
          {order.tracking_number && <Typography sx={{ mt: 1 }} data-testid="shop-order-tracking">{order.carrier} · {order.tracking_number}</Typography>}
        </CardContent></Card>
        <Card variant="outlined" sx={{ flex: 1 }}><CardContent>
          <Typography variant="subtitle2">History</Typography>
          {order.history.map((h, i) => <Typography key={i} variant="body2">{new Date(h.at).toLocaleString()} — {stateName(h.status).replace(/_/g, ' ')}{h.note ? ` (${h.note})` : ''}</Typography>)}
        </CardContent></Card>
      </Stack>
      <Card variant="outlined"><CardContent sx={{ display: 'grid', gap: 1 }}>
        {physical && ['paid', 'fulfilled', 'completed'].includes(order.status) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-start' }}>
            <TextField size="small" label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} error={!!fieldError.carrier} helperText={fieldError.carrier} inputProps={{ 'data-testid': 'shop-carrier' }} />
            <TextField size="small" label="Tracking number" value={tracking} onChange={(e) => setTracking(e.target.value)} error={!!fieldError.tracking_number} helperText={fieldError.tracking_number} inputProps={{ 'data-testid': 'shop-tracking' }} />
            <Button variant="contained" onClick={() => void act('ship', { carrier, tracking_number: tracking }, 'Order shipped.')} data-testid="shop-ship">{order.status === 'paid' ? 'Ship' : 'Change tracking'}</Button>
          </Stack>
        )}
        <Stack direction="row" gap={1} flexWrap="wrap">
          {order.status === 'fulfilled' && <Button variant="outlined" onClick={() => void act('complete', {}, 'Order completed.')} data-testid="shop-complete">Complete</Button>}
          {['placed', 'paid'].includes(order.status) && <Button color="warning" variant="outlined" onClick={() => window.confirm('Cancel this order? A paid order is refunded.') && void act('cancel', { reason: '' }, 'Order cancelled.')} data-testid="shop-cancel">Cancel order</Button>}
          {paid && <Button color="error" variant="outlined" disabled={chosen.length === 0} onClick={() => window.confirm(`Refund ${chosen.length} line(s)?`) && void act('refund', { lines: chosen.map((n) => ({ line_no: n })) }, 'Lines refunded.')} data-testid="shop-refund-lines">Refund selected lines</Button>}
          {paid && <Button color="error" onClick={() => window.confirm('Refund the whole order?') && void act('refund', { reason: '' }, 'Order refunded.')} data-testid="shop-refund">Refund order</Button>}
        </Stack>
        {fieldError['lines.quantity'] && <Alert severity="error">{fieldError['lines.quantity']}</Alert>}
      </CardContent></Card>
    </Box>
  );
}
