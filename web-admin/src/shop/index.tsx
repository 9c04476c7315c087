// The shop in the console: products (list, add, edit), orders (list, one order) and the shop's settings, loaded
// on first visit and routed only for the roles domain/access/pages.ts lets open them.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { ADD_PRODUCT_PAGE, EDIT_PRODUCT_PAGE, ORDER_LIST_PAGE, ORDER_PAGE, PRODUCT_LIST_PAGE, SHOP_SETTINGS_PAGE } from './paths';

export { SHOP_CONSOLE_PAGES } from './paths';

const ProductList = lazy(async () => ({ default: (await import('./ProductList')).ProductList }));
const ProductCreate = lazy(async () => ({ default: (await import('./ProductForm')).ProductCreate }));
const ProductEdit = lazy(async () => ({ default: (await import('./ProductForm')).ProductEdit }));
const OrderList = lazy(async () => ({ default: (await import('./OrderList')).OrderList }));
const OrderPage = lazy(async () => ({ default: (await import('./OrderPage')).OrderPage }));
const ShopSettingsPage = lazy(async () => ({ default: (await import('./ShopSettingsPage')).ShopSettingsPage }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: PRODUCT_LIST_PAGE, path: '/shop/product-list', element: page(<ProductList />) },
  { page: ADD_PRODUCT_PAGE, path: '/shop/add-product', element: page(<ProductCreate />) },
  { page: EDIT_PRODUCT_PAGE, path: '/shop/edit-product/:id', element: page(<ProductEdit />) },
  { page: ORDER_LIST_PAGE, path: '/shop/order-list', element: page(<OrderList />) },
  { page: ORDER_PAGE, path: '/shop/order/edit/:id', element: page(<OrderPage />) },
  { page: SHOP_SETTINGS_PAGE, path: '/settings/shop', element: page(<ShopSettingsPage />) },
];

/** The routes this role may open, as react-admin custom routes (inside the layout). */
export function shopRoutes(permissions: unknown) {
  const allowed = ROUTES.filter(r => mayOpenPage(permissions, r.page));
  if (allowed.length === 0) return null;
  return (
    <CustomRoutes key="shop">
      {allowed.map(r => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </CustomRoutes>
  );
}
