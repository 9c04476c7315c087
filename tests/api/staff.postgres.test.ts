import { staffSuite } from './staff.suite';
import { requirePostgresServer } from '../support/postgres';

staffSuite('postgres', await requirePostgresServer());
