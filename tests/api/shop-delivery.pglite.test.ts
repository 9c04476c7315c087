import { shopDeliverySuite } from './shop-delivery.suite';

shopDeliverySuite('pglite', true);
