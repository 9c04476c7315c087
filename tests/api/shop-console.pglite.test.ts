import { shopConsoleSuite } from './shop-console.suite';

shopConsoleSuite('pglite', true);
