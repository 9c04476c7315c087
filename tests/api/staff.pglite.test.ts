import { staffSuite } from './staff.suite';

staffSuite('pglite', true);
