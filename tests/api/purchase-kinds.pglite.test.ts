import { purchaseKindsSuite } from './purchase-kinds.suite';

purchaseKindsSuite('pglite', true);
