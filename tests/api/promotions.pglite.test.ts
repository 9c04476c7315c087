import { promotionsSuite } from './promotions.suite';

promotionsSuite('pglite', true);
