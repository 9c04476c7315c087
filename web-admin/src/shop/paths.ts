// The shop's console pages: who may open them is domain/access/pages.ts; the menu lists Products and Orders under Shop.
import StorefrontIcon from '@mui/icons-material/Storefront';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ConsolePage } from '../consolePages';

export const PRODUCT_LIST_PAGE = '/admin/shop/product-list';
export const ADD_PRODUCT_PAGE = '/admin/shop/add-product';
export const EDIT_PRODUCT_PAGE = '/admin/shop/edit-product/:id';
export const ORDER_LIST_PAGE = '/admin/shop/order-list';
export const ORDER_PAGE = '/admin/shop/order/edit/:id';
export const SHOP_SETTINGS_PAGE = '/admin/settings/shop';

export const SHOP_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Shop', to: '/shop/product-list', page: PRODUCT_LIST_PAGE, label: 'Products', icon: StorefrontIcon, testId: 'menu-shop-products' },
  { group: 'Shop', to: '/shop/order-list', page: ORDER_LIST_PAGE, label: 'Orders', icon: ReceiptLongIcon, testId: 'menu-shop-orders' },
];

export const money = (cents: number | null | undefined) => (cents == null ? '' : `$${(cents / 100).toFixed(2)}`);
