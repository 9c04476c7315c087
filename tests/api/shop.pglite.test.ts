import { shopSuite } from './shop.suite';

shopSuite('pglite', true);
