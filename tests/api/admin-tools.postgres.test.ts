import { adminToolsSuite } from './admin-tools.suite';
import { requirePostgresServer } from '../support/postgres';

adminToolsSuite('postgres', await requirePostgresServer());
