import { checkoutSuite } from './checkout.suite';

checkoutSuite('pglite');
