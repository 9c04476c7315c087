// The shop in the shell: the navbar's cart button with the number of items (signed in, shop shown).
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
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

/**
 * The navbar's cart for the signed-in while the shop is shown. Phones leave the top bar's room to the site's name: the
 * cart shows there once it holds something (the shop itself is in the "More" tab).
 */
export function ShopNavButtons() {
  const { token } = useAuth();
  const shown = useShopShown();
  // The cart is asked for only where the shop is shown.
  return shown && token ? <NavCart /> : null;
}

function NavCart() {
  const cart = useCart();
  const empty = !cart.data?.count;
  return (
    <Box sx={{ display: { xs: empty ? 'none' : 'inline-flex', sm: 'inline-flex' } }}>
      <CartButton />
    </Box>
  );
}
