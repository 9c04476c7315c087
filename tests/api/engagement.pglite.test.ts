import { engagementSuite } from './engagement.suite';

engagementSuite('pglite', true);
