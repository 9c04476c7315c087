// Who may open the shop's pages. The catalogue is public (the server answers 'The shop is closed.' to an audience
// the settings leave out); the cart, addresses, checkout and orders are the signed-in fan's own.
import type { PageAccess } from '../../../domain/access/pages';

export const SHOP_PAGES: Record<string, PageAccess> = {
  '/shop': 'public',
  '/shop/:id': 'public',
  '/shop/view-cart': 'authenticated',
  '/shop/checkout/:id?': 'authenticated',
  '/shop/shipping-details': 'authenticated',
  '/shop/shipping-details/add': 'authenticated',
  '/shop/shipping-details/edit/:id': 'authenticated',
  '/shop/order-history': 'authenticated',
  '/shop/order-history/:id': 'authenticated',
  '/profile/order-list': 'authenticated',
};
