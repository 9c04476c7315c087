// /shop/checkout: the cart (or, at /shop/checkout/:productId?variant&quantity, one product bought now), where to
// ship physical items, shipping and the total; paid by card or from the wallet through the same flows as every
// other purchase (saved card or the card dialog, a decline's next steps; a short wallet opens Add Funds and tries
// again). Each attempt carries its own Idempotency-Key, so a lost answer retried is the same order. A line that sold
// out meanwhile says 'Sold out.'; once paid: 'Thank you! Your order is placed.' with the way to the order.
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, api, errorMessage, type ApiAnswer } from '../api';
import { useAuth } from '../auth';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { paysFromWallet, useWalletPayment, WalletNotice } from '../wallet/useWalletPurchase';
import { AddressLines } from './AddressPages';
import { ProductImage, ShopColumn, ShopHeading, Totals } from './ShopParts';
import { cartChanged, shippingFor, shopApi, useAddresses, useCart, useProduct, type CheckoutAnswer, type CheckoutItem, type Product, type ProductKind } from './shopApi';

export const ORDER_PLACED = 'Thank you! Your order is placed.';

interface Line {
  product_id: string;
  variant_id: string;
  title: string;
  variant_name: string;
  kind: ProductKind;
  thumbnail_url: string | null;
  unit_price_cents: number;
  quantity: number;
  problem: string | null;
}

function Placed({ answer }: { answer: CheckoutAnswer }) {
  return (
    <ShopColumn width={600}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }} data-testid="order-placed">
        <CheckCircleRounded color="success" sx={{ fontSize: 64 }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 700 }}>
          {ORDER_PLACED}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Total paid: {formatMoney(answer.amount_cents)}
        </Typography>
        <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={`/shop/order-history/${answer.order_id}`} variant="contained" data-testid="view-order">
            View your order
          </Button>
          <Button component={RouterLink} to="/shop" variant="outlined">
            Continue shopping
          </Button>
        </Box>
      </Paper>
    </ShopColumn>
  );
}

export default function CheckoutPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const { me, settings, refresh } = useAuth();
  const cart = useCart();
  const buyNow = useProduct(id ?? '');
  const addresses = useAddresses();
  const flow = usePaymentFlow<CheckoutAnswer>();
  const wallet = useWalletPayment();
  const [method, setMethod] = useState<'card' | 'wallet'>(paysFromWallet(me) ? 'wallet' : 'card');
  const [picked, setPicked] = useState<string | null>(params.get('address'));
  const [soldOut, setSoldOut] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [placed, setPlaced] = useState<CheckoutAnswer | null>(null);
  const busy = flow.busy || wallet.busy;

  // What is bought: the one product of "Buy now", or the cart's lines.
  const lines: Line[] | null = useMemo(() => {
    if (id) {
      const p = buyNow.data;
      if (!p) return null;
      const v = p.variants.find((x) => x.variant_id === params.get('variant')) ?? p.variants[0];
      if (!v) return [];
      const quantity = Math.min(99, Math.max(1, Number(params.get('quantity')) || 1));
      const short = v.available !== null && v.available < quantity;
      return [{ product_id: p._id, variant_id: v.variant_id, title: p.title, variant_name: v.name, kind: p.kind, thumbnail_url: p.images[0]?.thumbnail_url ?? null, unit_price_cents: p.current_price_cents, quantity, problem: short ? (v.available! <= 0 ? 'Sold out.' : `Only ${v.available} left.`) : null }];
    }
    return cart.data ? cart.data.lines.map((l) => ({ ...l })) : null;
  }, [id, buyNow.data, cart.data, params]);

  // The products' shipping tables, for the cost to the picked address.
  const productIds = useMemo(() => [...new Set((lines ?? []).filter((l) => l.kind === 'physical').map((l) => l.product_id))], [lines]);
  const products = useQueries({
    queries: productIds.map((pid) => ({ queryKey: ['shop', 'product', pid], queryFn: async () => (await api.get<Product>(`/api/shop/products/${pid}`)).data, retry: false })),
  });

  const physical = (lines ?? []).some((l) => l.kind === 'physical');
  const addressList = addresses.data ?? [];
  const address = physical ? (addressList.find((a) => a._id === picked) ?? addressList[0] ?? null) : null;
  const subtotal = (lines ?? []).filter((l) => !l.problem).reduce((n, l) => n + l.unit_price_cents * l.quantity, 0);
  const shippingKnown = products.every((q) => q.data);
  const shipping = !physical ? 0 : address && shippingKnown ? shippingFor(products.map((q) => q.data!), address.country) : null;
  const total = subtotal + (shipping ?? 0);
  const walletOn = settings?.is_crypto_payment_enabled !== false || (me?.wallet_amount_cents ?? 0) > 0;
  const here = `${location.pathname}${location.search}`;

  if (placed) return <Placed answer={placed} />;

  const loading = (id ? buyNow.isPending : cart.isPending) || addresses.isPending;
  if (loading) {
    return (
      <ShopColumn width={900}>
        <ShopHeading title="Checkout" back="/shop/view-cart" />
        <Skeleton variant="rounded" height={240} sx={{ borderRadius: 3 }} data-testid="checkout-loading" />
      </ShopColumn>
    );
  }
  const loadError = (id ? buyNow.error : cart.error) ?? addresses.error;
  if (loadError) {
    return (
      <ShopColumn width={900}>
        <ShopHeading title="Checkout" back="/shop/view-cart" />
        <ErrorState message={errorMessage(loadError)} onRetry={() => void (id ? buyNow.refetch() : cart.refetch())} />
      </ShopColumn>
    );
  }
  if (!lines || lines.length === 0) {
    return (
      <ShopColumn width={900}>
        <ShopHeading title="Checkout" back="/shop" />
        <EmptyState title="Your cart is empty." icon={<ShoppingCartRounded />}>
          <Button component={RouterLink} to="/shop" variant="contained" sx={{ mt: 1 }}>
            Browse the shop
          </Button>
        </EmptyState>
      </ShopColumn>
    );
  }

  const items: CheckoutItem[] | undefined = id ? lines.map((l) => ({ product_id: l.product_id, variant_id: l.variant_id, quantity: l.quantity })) : undefined;
  const body = { address_id: address?._id ?? null, ...(items ? { items } : {}) };
  const blocked = lines.some((l) => l.problem || soldOut.has(l.variant_id)) || (physical && (!address || shipping === null));

  const onPlaced = (answer: ApiAnswer<CheckoutAnswer>) => {
    setPlaced(answer.data);
    cartChanged();
    void refresh(answer.position).catch(() => undefined);
  };
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'SOLD_OUT') {
      const d = err.data as { variant_id?: string | null } | undefined;
      if (d?.variant_id) setSoldOut((s) => new Set(s).add(d.variant_id!));
      if (!id) cartChanged();
      setProblem(err.message);
    } else if (err instanceof ApiError && err.status !== 402) {
      setProblem(err.message);
    }
  };
  const payFromWallet = () => {
    const walletBody = { ...body, payment_method: 'wallet' };
    void wallet.pay(walletBody, (key) => shopApi.checkout(walletBody, key), onPlaced, onError);
  };
  const place = () => {
    setProblem(null);
    if (method === 'wallet') {
      payFromWallet();
      return;
    }
    void flow.start({
      endpoint: '/api/shop/checkout',
      body: { ...body, payment_method: 'card' },
      submitLabel: `Pay ${formatMoney(total)}`,
      summary: `Order total: ${formatMoney(total)}`,
      onAccepted: onPlaced,
      onFailed: ({ error }) => {
        if (error) onError(error);
      },
      priceCents: total,
      // A declined card: the wallet pays instead (or Add Funds opens for what it lacks).
      onPayFromWallet: walletOn ? payFromWallet : undefined,
    });
  };

  const section = (title: string) => (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
      {title}
    </Typography>
  );

  return (
    <ShopColumn width={1000}>
      <ShopHeading title="Checkout" back={id ? `/shop/${id}` : '/shop/view-cart'} testId="checkout-title" />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {physical && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }} data-testid="checkout-address">
              {section('Ship to')}
              {addressList.length === 0 ? (
                <Typography color="text.secondary">Add where to send your order.</Typography>
              ) : (
                <RadioGroup value={address?._id ?? ''} onChange={(e) => setPicked(e.target.value)} aria-label="Shipping address">
                  {addressList.map((a) => (
                    <FormControlLabel key={a._id} value={a._id} control={<Radio />} label={<AddressLines a={a} />} sx={{ alignItems: 'flex-start', mr: 0, mb: 1, '& .MuiRadio-root': { pt: 0.5 } }} disabled={busy} />
                  ))}
                </RadioGroup>
              )}
              <Button component={RouterLink} to={`/shop/shipping-details/add?return=${encodeURIComponent(here)}`} size="small" sx={{ mt: 1 }} data-testid="checkout-add-address">
                Add an address
              </Button>
              {address && shipping === null && shippingKnown && (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid="checkout-no-shipping">
                  Some items do not ship to {address.country}. Choose another address.
                </Alert>
              )}
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
            {section('Items')}
            {lines.map((l, i) => {
              const lineProblem = soldOut.has(l.variant_id) ? 'Sold out.' : l.problem;
              return (
                <Box key={l.variant_id}>
                  {i > 0 && <Divider sx={{ my: 1.5 }} />}
                  <Box sx={{ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', gap: 1.5, alignItems: 'center' }} data-testid="checkout-line">
                    <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
                      <ProductImage kind={l.kind} title={l.title} src={l.thumbnail_url} size={28} />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.title}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[l.variant_name, `× ${l.quantity}`].filter(Boolean).join(' ')}
                      </Typography>
                      {lineProblem && (
                        <Typography variant="body2" color="error.main" sx={{ fontWeight: 600 }} data-testid="checkout-line-problem">
                          {lineProblem}
                        </Typography>
                      )}
                    </Box>
                    <Typography sx={{ fontWeight: 700 }}>{formatMoney(l.unit_price_cents * l.quantity)}</Typography>
                  </Box>
                </Box>
              );
            })}
          </Paper>
        </Box>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }} data-testid="checkout-summary">
          {section('Payment')}
          <RadioGroup value={method} onChange={(e) => setMethod(e.target.value as 'card' | 'wallet')} aria-label="Pay with">
            <FormControlLabel value="card" control={<Radio />} label="Card" disabled={busy} data-testid="pay-card" />
            {walletOn && <FormControlLabel value="wallet" control={<Radio />} label={`Wallet (${formatMoney(me?.wallet_amount_cents ?? 0)})`} disabled={busy} data-testid="pay-wallet" />}
          </RadioGroup>
          {method === 'wallet' && <WalletNotice me={me} priceCents={total} />}
          <Divider sx={{ my: 2 }} />
          <Totals
            rows={[
              { label: 'Subtotal', value: formatMoney(subtotal), testId: 'checkout-subtotal' },
              { label: 'Shipping', value: physical ? (shipping === null ? '—' : formatMoney(shipping)) : 'None (digital)', testId: 'checkout-shipping' },
              { label: 'Total', value: formatMoney(total), strong: true, testId: 'checkout-total' },
            ]}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="checkout-error">
              {problem}
            </Alert>
          )}
          <Button variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={busy || blocked} onClick={place} data-testid="place-order">
            Place order · {formatMoney(total)}
          </Button>
        </Paper>
      </Box>
      {flow.elements}
      {wallet.elements}
    </ShopColumn>
  );
}
