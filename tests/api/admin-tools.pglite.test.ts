import { adminToolsSuite } from './admin-tools.suite';

adminToolsSuite('pglite', true);
