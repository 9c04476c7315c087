import { cardPurchasesSuite } from './card-purchases.suite';

cardPurchasesSuite('pglite', true);
