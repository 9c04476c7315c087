import { accountsSuite } from './accounts.suite';
import { requirePostgresServer } from '../support/postgres';

accountsSuite('postgres', await requirePostgresServer());
