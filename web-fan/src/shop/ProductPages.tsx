// /shop: the product grid (picture, title, price with a sale price struck through, "Sold out"), and /shop/:id: a
// product with its description, option picker with what is left, quantity, "Add to cart" and "Buy now". A guest who
// adds to the cart signs in first and comes back.
import { Stepper } from './QuantityStepper';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import { ApiError, errorMessage } from '../api';
import { saveRedirect, useAuth } from '../auth';
import { isMember, isStaff } from '../format';
import { useNotify } from '../notify';
import { sanitizeHtml } from '../sanitize';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { Price, ProductImage, ShopColumn, ShopHeading } from './ShopParts';
import { ProductGallery } from './ProductGallery';
import { shopApi, useProduct, useProducts, type Product } from './shopApi';

const MAX_QUANTITY = 99;

function Closed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return <EmptyState title={error.message} icon={<StorefrontRounded />} />;
  }
  return <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
}

function SoldOutBadge() {
  return <Chip label="Sold out" size="small" color="default" sx={{ fontWeight: 700, bgcolor: 'background.paper', boxShadow: 1 }} data-testid="sold-out" />;
}

function ProductCard({ p }: { p: Product }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }} data-testid="product-card">
      <CardActionArea component={RouterLink} to={`/shop/${p._id}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <Box sx={{ position: 'relative' }}>
          <ProductImage kind={p.kind} title={p.title} src={p.images[0]?.thumbnail_url ?? p.images[0]?.url} />
          <Box sx={{ position: 'absolute', top: 8, left: 8, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {!p.in_stock && <SoldOutBadge />}
            {p.on_sale && p.in_stock && <Chip label="Sale" size="small" color="error" sx={{ fontWeight: 700 }} />}
          </Box>
        </Box>
        <CardContent sx={{ flex: 1, p: { xs: 1.25, sm: 2 } }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' }} data-testid="product-title">
            {p.title}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <Price current={p.current_price_cents} list={p.price_cents} onSale={p.on_sale} />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const GRID = { display: 'grid', gap: { xs: 1.5, sm: 2.5 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } };

export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const products = useProducts(page, '');

  return (
    <ShopColumn>
      <ShopHeading title="Shop" testId="shop-title" />
      {products.isPending ? (
        <Box sx={GRID} data-testid="shop-loading" aria-busy>
          {Array.from({ length: 8 }, (_, i) => (
            <Box key={i}>
              <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto', borderRadius: 3 }} />
              <Skeleton width="80%" sx={{ mt: 1 }} />
              <Skeleton width="40%" />
            </Box>
          ))}
        </Box>
      ) : products.isError ? (
        <Closed error={products.error} onRetry={() => void products.refetch()} />
      ) : products.data.products.length === 0 ? (
        <EmptyState title="No products yet" icon={<StorefrontRounded />}>
          Check back soon.
        </EmptyState>
      ) : (
        <>
          <Box sx={GRID} data-testid="product-grid">
            {products.data.products.map((p) => (
              <ProductCard key={p._id} p={p} />
            ))}
          </Box>
          {products.data.totalPages > 1 && (
            <Pagination
              count={products.data.totalPages}
              page={page}
              onChange={(_e, n) => setParams({ page: String(n) })}
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </>
      )}
    </ShopColumn>
  );
}

function availabilityText(available: number | null): string {
  if (available === null) return 'In stock';
  if (available <= 0) return 'Sold out';
  return available <= 5 ? `Only ${available} left` : 'In stock';
}

export function ProductPage() {
  const { id = '' } = useParams();
  const { token, me } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const product = useProduct(id);
  const [picked, setPicked] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const p = product.data;
  const variant = useMemo(() => {
    if (!p) return null;
    return p.variants.find((v) => v.variant_id === picked) ?? p.variants.find((v) => v.in_stock) ?? p.variants[0] ?? null;
  }, [p, picked]);
  const max = Math.min(MAX_QUANTITY, variant?.available ?? MAX_QUANTITY);

  if (product.isPending) {
    return (
      <ShopColumn width={1000}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }} data-testid="product-loading">
          <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto', borderRadius: 3 }} />
          <Box>
            <Skeleton height={48} width="70%" />
            <Skeleton width="30%" />
            <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
          </Box>
        </Box>
      </ShopColumn>
    );
  }
  if (product.isError || !p) {
    const notFound = product.error instanceof ApiError && product.error.code === 'PRODUCT_NOT_FOUND';
    return (
      <ShopColumn width={700}>
        <ShopHeading title="Shop" back="/shop" />
        {notFound ? (
          <EmptyState title="Product not found." icon={<StorefrontRounded />}>
            {!isMember(me) && !(me && isStaff(me)) && (
              <>
                <Typography>Some products are for subscribers only.</Typography>
                <Button component={RouterLink} to={token ? '/subscribe' : '/join'} variant="contained" sx={{ mt: 2 }} data-testid="product-subscribe">
                  Subscribe
                </Button>
              </>
            )}
          </EmptyState>
        ) : (
          <Closed error={product.error} onRetry={() => void product.refetch()} />
        )}
      </ShopColumn>
    );
  }

  const item = variant ? { product_id: p._id, variant_id: variant.variant_id, quantity } : null;
  const addToCart = async () => {
    if (!item) return;
    if (!token) {
      saveRedirect(`/shop/${p._id}`);
      navigate('/login');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await shopApi.addToCart(item);
      notify('Added to your cart.', 'success');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const buyNow = () => {
    if (!item) return;
    const to = `/shop/checkout/${p._id}?variant=${item.variant_id}&quantity=${item.quantity}`;
    if (!token) {
      saveRedirect(to);
      navigate('/login');
      return;
    }
    navigate(to);
  };
  const soldOut = !variant || !variant.in_stock;

  return (
    <ShopColumn width={1000}>
      <ShopHeading title="Shop" back="/shop" />
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }} data-testid="product-page">
        <Box sx={{ position: 'relative', minWidth: 0 }}>
          <ProductGallery product={p} />
          {!p.in_stock && (
            <Box sx={{ position: 'absolute', top: 12, left: 12 }}>
              <SoldOutBadge />
            </Box>
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            {p.kind === 'digital' && <Chip label="Digital download" size="small" variant="outlined" />}
            {p.visibility === 'subscribers' && <Chip label="Subscribers only" size="small" color="primary" variant="outlined" data-testid="product-members-only" />}
          </Box>
          <Typography variant="h4" component="h2" sx={{ fontWeight: 700, fontSize: { xs: 24, sm: 32 }, overflowWrap: 'anywhere' }} data-testid="product-heading">
            {p.title}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <Price current={p.current_price_cents} list={p.price_cents} onSale={p.on_sale} large />
          </Box>

          {p.variants.length > 1 && (
            <Box sx={{ mt: 3 }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }} id="variant-label">
                Option
              </Typography>
              <ToggleButtonGroup
                exclusive
                value={variant?.variant_id ?? null}
                onChange={(_e, v: string | null) => {
                  if (v) {
                    setPicked(v);
                    setQuantity(1);
                  }
                }}
                aria-labelledby="variant-label"
                sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: '8px !important', m: 0 } }}
                data-testid="variant-picker"
              >
                {p.variants.map((v) => (
                  <ToggleButton key={v.variant_id} value={v.variant_id} disabled={!v.in_stock} sx={{ textTransform: 'none', px: 2, ...(v.in_stock ? {} : { textDecoration: 'line-through' }) }} aria-label={`${v.name}${v.in_stock ? '' : ', sold out'}`}>
                    {v.name}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          )}
          {variant && (
            <Typography variant="body2" color={variant.in_stock ? 'success.main' : 'error.main'} sx={{ mt: 1.5, fontWeight: 600 }} data-testid="variant-availability">
              {p.variants.length > 1 ? `${variant.name}: ` : ''}
              {availabilityText(variant.available)}
            </Typography>
          )}

          {!soldOut && (
            <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
              <Typography variant="subtitle2">Quantity</Typography>
              <Stepper value={quantity} max={max} onChange={setQuantity} disabled={busy} label="Quantity" />
            </Box>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="add-to-cart-error">
              {error}
            </Alert>
          )}
          <Box sx={{ mt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="contained" size="large" disabled={soldOut || busy} onClick={() => void addToCart()} data-testid="add-to-cart" sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
              {soldOut ? 'Sold out' : 'Add to cart'}
            </Button>
            {!soldOut && (
              <Button variant="outlined" size="large" disabled={busy} onClick={buyNow} data-testid="buy-now" sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
                Buy now
              </Button>
            )}
          </Box>
          {p.description_html && (
            <Box
              sx={{ mt: 3, lineHeight: 1.7, overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' }, '& a': { color: 'primary.main' } }}
              data-testid="product-description"
              // Cleaned by the server when saved; cleaned again here under the same policy, as other creator HTML is.
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(p.description_html) }}
            />
          )}
        </Box>
      </Box>
    </ShopColumn>
  );
}
