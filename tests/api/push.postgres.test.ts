import { pushSuite } from './push.suite';
import { requirePostgresServer } from '../support/postgres';

pushSuite('postgres', await requirePostgresServer());
