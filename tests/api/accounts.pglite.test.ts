import { accountsSuite } from './accounts.suite';

accountsSuite('pglite', true);
