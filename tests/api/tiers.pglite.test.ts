import { tiersSuite } from './tiers.suite';

tiersSuite('pglite', true);
