// The shop in the shell: the navbar's cart button with the number of items (signed in, shop shown) and, on phones
// where the main links are hidden, a shop button beside it.
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import Tooltip from '../components/LazyTooltip';
import { useAuth } from '../auth';
import { useCart, useShopShown } from './shopApi';

export const cartLabel = (count: number) => (count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart');

function CartButton() {
  const cart = useCart();
  const { pathname } = useLocation();
  const count = cart.data?.count ?? 0;
  const active = pathname.startsWith('/shop/view-cart') || pathname.startsWith('/shop/checkout');
  return (
    <Tooltip title="Cart">
      <IconButton component={RouterLink} to="/shop/view-cart" aria-label={cartLabel(count)} aria-current={active ? 'page' : undefined} data-testid="nav-cart" sx={{ color: active ? 'primary.main' : 'text.secondary' }}>
        <Badge badgeContent={count > 99 ? '99+' : count} color="primary" invisible={count === 0} data-testid="nav-cart-count">
          <ShoppingCartRounded />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** The navbar's shop buttons: the cart for the signed-in, and the shop itself on phones. */
export function ShopNavButtons() {
  const { token } = useAuth();
  const shown = useShopShown();
  const { pathname } = useLocation();
  if (!shown) return null;
  const inShop = pathname.startsWith('/shop') && !pathname.startsWith('/shop/view-cart');
  return (
    <>
      <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
        <IconButton component={RouterLink} to="/shop" aria-label="Shop" aria-current={inShop ? 'page' : undefined} data-testid="nav-shop-icon" sx={{ color: inShop ? 'primary.main' : 'text.secondary' }}>
          <StorefrontRounded />
        </IconButton>
      </Box>
      {token && <CartButton />}
    </>
  );
}
