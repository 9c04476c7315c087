import { engagementSuite } from './engagement.suite';
import { requirePostgresServer } from '../support/postgres';

engagementSuite('postgres', await requirePostgresServer());
