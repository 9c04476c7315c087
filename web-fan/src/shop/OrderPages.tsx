// /shop/order-history (and /profile/order-list): the fan's orders; /shop/order-history/:id: one order with its
// status timeline (placed → paid → shipped with carrier and tracking → completed; or cancelled / refunded), lines,
// totals and where it goes.
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, errorMessage } from '../api';
import { fullDate, shortDate } from '../format';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { AddressLines } from './AddressPages';
import { ProductImage, ShopColumn, ShopHeading, Totals } from './ShopParts';
import { DownloadButton } from './OrderDownload';
import { useOrder, useOrders, type Order, type OrderStatus } from './shopApi';

const STATUS_LABELS: Record<string, string> = {
  placed: 'Placed',
  failed: 'Payment failed',
  paid: 'Paid',
  delivered: 'Delivered digitally',
  fulfilled: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  charged_back: 'Charged back',
};
const STATUS_COLORS: Record<OrderStatus, ChipProps['color']> = {
  placed: 'default',
  failed: 'error',
  paid: 'info',
  fulfilled: 'primary',
  completed: 'success',
  cancelled: 'warning',
  refunded: 'warning',
  charged_back: 'error',
};

export const statusLabel = (s: string) => STATUS_LABELS[s] ?? s;

/** An order of digital items only is fulfilled by its delivery: 'Delivered' rather than 'Shipped'. */
const orderStatusLabel = (o: Pick<Order, 'status' | 'address'>) => (o.status === 'fulfilled' && !o.address ? 'Delivered' : statusLabel(o.status));

function StatusChip({ order }: { order: Pick<Order, 'status' | 'address'> }) {
  const status = order.status;
  return <Chip label={orderStatusLabel(order)} color={STATUS_COLORS[status]} size="small" sx={{ fontWeight: 700 }} data-testid="order-status" />;
}

const shortId = (id: string) => id.slice(0, 8).toUpperCase();
const itemCount = (o: Order) => o.lines.reduce((n, l) => n + l.quantity, 0);

export function OrderListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrders(page);
  return (
    <ShopColumn width={760}>
      <ShopHeading title="Your orders" back="/shop" testId="orders-title" />
      {orders.isPending ? (
        <Skeleton variant="rounded" height={180} sx={{ borderRadius: 3 }} data-testid="orders-loading" />
      ) : orders.isError ? (
        <ErrorState message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title="No orders yet" icon={<ReceiptLongRounded />}>
          What you buy in the shop shows here.
        </EmptyState>
      ) : (
        <>
          <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
            <List disablePadding>
              {orders.data.orders.map((o, i) => (
                <Box key={o._id}>
                  {i > 0 && <Divider />}
                  <ListItemButton component={RouterLink} to={`/shop/order-history/${o._id}`} sx={{ py: 1.75, gap: 2, alignItems: 'center' }} data-testid="order-row">
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {o.lines[0]?.title}
                        {o.lines.length > 1 ? ` and ${o.lines.length - 1} more` : ''}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        #{shortId(o._id)} · {shortDate(o.placed_at)} · {itemCount(o)} {itemCount(o) === 1 ? 'item' : 'items'}
                      </Typography>
                    </Box>
                    <Box sx={{ textAlign: 'right', display: 'grid', justifyItems: 'end', gap: 0.5 }}>
                      <Typography sx={{ fontWeight: 700 }}>{formatMoney(o.total_cents)}</Typography>
                      <StatusChip order={o} />
                    </Box>
                  </ListItemButton>
                </Box>
              ))}
            </List>
          </Paper>
          {orders.data.totalPages > 1 && (
            <Pagination count={orders.data.totalPages} page={page} onChange={(_e, n) => setParams({ page: String(n) })} sx={{ mt: 3, display: 'flex', justifyContent: 'center' }} />
          )}
        </>
      )}
    </ShopColumn>
  );
}

const TIMELINE = ['placed', 'paid', 'fulfilled', 'completed'] as const;

/** The steps reached: placed → paid → shipped → completed; a cancelled or refunded order ends where it stopped. */
function Timeline({ order }: { order: Order }) {
  const reached = new Set(order.history.map((h) => h.status));
  reached.add(order.status);
  const at = (s: string) => order.history.filter((h) => h.status === s).at(-1)?.at;
  const ended = order.status === 'cancelled' || order.status === 'refunded' || order.status === 'charged_back' || order.status === 'failed';
  const steps: string[] = TIMELINE.filter((s) => !ended || reached.has(s));
  if (ended) steps.push(order.status);
  const active = steps.reduce((n, s, i) => (reached.has(s) ? i : n), 0);
  return (
    <Stepper activeStep={active} orientation="vertical" data-testid="order-timeline" sx={{ '& .MuiStepLabel-label': { fontWeight: 600 } }}>
      {steps.map((s, i) => (
        <Step key={s} completed={i <= active && reached.has(s)}>
          <StepLabel error={ended && s === order.status} optional={at(s) ? <Typography variant="caption" color="text.secondary">{fullDate(at(s))}</Typography> : undefined} data-testid={`timeline-${s}`}>
            {s === 'fulfilled' ? orderStatusLabel({ status: 'fulfilled', address: order.address }) : statusLabel(s)}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const o = order.data;

  if (order.isPending) {
    return (
      <ShopColumn width={900}>
        <ShopHeading title="Order" back="/shop/order-history" />
        <Skeleton variant="rounded" height={300} sx={{ borderRadius: 3 }} data-testid="order-loading" />
      </ShopColumn>
    );
  }
  if (order.isError || !o) {
    return (
      <ShopColumn width={900}>
        <ShopHeading title="Order" back="/shop/order-history" />
        {order.error instanceof ApiError && order.error.status === 404 ? (
          <EmptyState title="Order not found." icon={<ReceiptLongRounded />} />
        ) : (
          <ErrorState message={errorMessage(order.error)} onRetry={() => void order.refetch()} />
        )}
      </ShopColumn>
    );
  }

  const cancelNote = o.cancel_reason || o.history.findLast((h) => (h.status === 'refunded' || h.status === 'cancelled') && h.note)?.note;
  return (
    <ShopColumn width={900}>
      <ShopHeading title={`Order #${shortId(o._id)}`} back="/shop/order-history" action={<StatusChip order={o} />} testId="order-title" />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Status
            </Typography>
            <Timeline order={o} />
            {o.carrier && (
              <Alert severity="info" icon={false} sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="order-tracking">
                Shipped with <b data-testid="order-carrier">{o.carrier}</b>. Tracking number: <b data-testid="order-tracking-number">{o.tracking_number}</b>
              </Alert>
            )}
            {cancelNote && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="order-cancel-reason">
                {cancelNote}
              </Alert>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              Items
            </Typography>
            {o.lines.map((l, i) => (
              <Box key={l.line_no}>
                {i > 0 && <Divider sx={{ my: 1.25 }} />}
                <Box sx={{ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', gap: 1.5, alignItems: 'start' }} data-testid="order-line">
                  <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
                    <ProductImage kind={l.kind} title={l.title} src={l.thumbnail_url} size={28} />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[l.variant_name, `${l.quantity} × ${formatMoney(l.unit_price_cents)}`, l.kind === 'digital' ? 'Digital' : null].filter(Boolean).join(' · ')}
                    </Typography>
                    {l.refunded_quantity > 0 && (
                      <Typography variant="body2" color="warning.main">
                        {l.refunded_quantity} refunded
                      </Typography>
                    )}
                    {l.download && <DownloadButton orderId={o._id} lineNo={l.line_no} download={l.download} title={l.title} />}
                  </Box>
                  <Typography sx={{ fontWeight: 700 }}>{formatMoney(l.unit_price_cents * l.quantity)}</Typography>
                </Box>
              </Box>
            ))}
          </Paper>
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }} data-testid="order-totals">
            <Totals
              rows={[
                { label: 'Placed', value: shortDate(o.placed_at) },
                { label: 'Subtotal', value: formatMoney(o.subtotal_cents) },
                { label: 'Shipping', value: o.address ? formatMoney(o.shipping_cents) : 'None (digital)' },
                { label: 'Total', value: formatMoney(o.total_cents), strong: true, testId: 'order-total' },
                ...(o.refunded_cents > 0 ? [{ label: 'Refunded', value: formatMoney(o.refunded_cents), tone: 'warning' as const }] : []),
              ]}
            />
          </Paper>
          {o.address && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }} data-testid="order-address">
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                Ship to
              </Typography>
              <AddressLines a={o.address} />
            </Paper>
          )}
        </Box>
      </Box>
    </ShopColumn>
  );
}
