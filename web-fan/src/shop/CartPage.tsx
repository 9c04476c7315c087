// /shop/view-cart: the cart's lines at today's prices with quantity steppers and remove, a line that cannot be
// bought now says why, the subtotal, and "Checkout" (shipping is added there, once an address is picked).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import { formatMoney } from '../../../domain/shared/money';
import { errorMessage } from '../api';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { Stepper } from './QuantityStepper';
import { ProductImage, ShopColumn, ShopHeading } from './ShopParts';
import { shopApi, useCart, type CartLine } from './shopApi';

function LineRow({ line, busy, onQuantity, onRemove }: { line: CartLine; busy: boolean; onQuantity: (n: number) => void; onRemove: () => void }) {
  const max = Math.min(99, Math.max(line.quantity, line.available ?? 99));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '64px minmax(0, 1fr)', sm: '88px minmax(0, 1fr) auto' }, gap: { xs: 1.5, sm: 2 }, py: 2, alignItems: 'center' }} data-testid="cart-line">
      <Box component={RouterLink} to={`/shop/${line.product_id}`} sx={{ borderRadius: 2, overflow: 'hidden', display: 'block' }}>
        <ProductImage kind={line.kind} title={line.title} src={line.thumbnail_url} size={32} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="cart-line-title">
          {line.title}
        </Typography>
        {line.variant_name && (
          <Typography variant="body2" color="text.secondary">
            {line.variant_name}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {formatMoney(line.unit_price_cents)} each
        </Typography>
        {line.problem && (
          <Typography variant="body2" color="error.main" sx={{ fontWeight: 600 }} data-testid="cart-line-problem">
            {line.problem}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, display: 'flex', alignItems: 'center', gap: 1, justifyContent: { xs: 'space-between', sm: 'flex-end' } }}>
        <Stepper value={line.quantity} max={max} onChange={onQuantity} disabled={busy} label={`Quantity of ${line.title}`} />
        <Typography sx={{ fontWeight: 700, minWidth: 72, textAlign: 'right' }} data-testid="cart-line-total">
          {formatMoney(line.line_total_cents)}
        </Typography>
        <IconButton aria-label={`Remove ${line.title}`} onClick={onRemove} disabled={busy} data-testid="cart-line-remove">
          <DeleteOutlineRounded />
        </IconButton>
      </Box>
    </Box>
  );
}

export default function CartPage() {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const lines = cart.data?.lines ?? [];
  const blocked = lines.some((l) => l.problem);

  return (
    <ShopColumn width={900}>
      <ShopHeading title="Your cart" back="/shop" testId="cart-title" />
      {cart.isPending ? (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} data-testid="cart-loading">
          {[0, 1].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 2, py: 1 }}>
              <Skeleton variant="rounded" width={64} height={64} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="60%" />
                <Skeleton width="30%" />
              </Box>
            </Box>
          ))}
        </Paper>
      ) : cart.isError ? (
        <ErrorState message={errorMessage(cart.error)} onRetry={() => void cart.refetch()} />
      ) : lines.length === 0 ? (
        <EmptyState title="Your cart is empty." icon={<ShoppingCartRounded />}>
          <Button component={RouterLink} to="/shop" variant="contained" sx={{ mt: 1 }} data-testid="cart-browse">
            Browse the shop
          </Button>
        </EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, borderRadius: 3 }}>
            {lines.map((line, i) => (
              <Box key={line.variant_id}>
                {i > 0 && <Divider />}
                <LineRow
                  line={line}
                  busy={busy}
                  onQuantity={(n) => void run(() => shopApi.setQuantity(line.variant_id, n))}
                  onRemove={() => void run(() => shopApi.remove(line.variant_id))}
                />
              </Box>
            ))}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3 }} data-testid="cart-summary">
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography>Subtotal ({cart.data.count} {cart.data.count === 1 ? 'item' : 'items'})</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="cart-subtotal">
                {formatMoney(cart.data.subtotal_cents)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Shipping is shown at checkout.
            </Typography>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="cart-error">
                {error}
              </Alert>
            )}
            {blocked && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                Change or remove the lines marked above to check out.
              </Alert>
            )}
            <Button component={RouterLink} to="/shop/checkout" variant="contained" size="large" fullWidth disabled={busy || blocked} sx={{ mt: 2 }} data-testid="cart-checkout">
              Checkout
            </Button>
          </Paper>
        </Box>
      )}
    </ShopColumn>
  );
}
