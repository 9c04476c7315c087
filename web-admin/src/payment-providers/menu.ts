// The providers' console pages in the menu: the Sticky.io payments beside the transactions; its catalogue and the
// CCBill test form with the settings (the lookup is on the Admin tools page).
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import type { ConsolePage } from '../consolePages';
import { CCBILL_TEST_FLEX_FORM_PAGE, STICKY_IO_PRODUCTS_PAGE, STICKY_IO_TRANSACTIONS_PAGE } from './paths';

export const PROVIDER_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Money', to: '/sticky-io-transactions', page: STICKY_IO_TRANSACTIONS_PAGE, label: 'Sticky.io payments', icon: ReceiptOutlinedIcon, testId: 'menu-sticky-io-transactions' },
  { group: 'Settings', to: '/sticky-io-subscription-products', page: STICKY_IO_PRODUCTS_PAGE, label: 'Sticky.io products', icon: Inventory2OutlinedIcon, testId: 'menu-sticky-io-products' },
  { group: 'Advanced', to: '/ccbill-test-flex-form', page: CCBILL_TEST_FLEX_FORM_PAGE, label: 'CCBill test form', icon: FactCheckOutlinedIcon, testId: 'menu-ccbill-test-flex-form' },
];
