import { messagingSuite } from './messaging.suite';

messagingSuite('pglite', true);
