import { realtimeSuite } from './realtime.suite';
import { requirePostgresServer } from '../support/postgres';

realtimeSuite('postgres', await requirePostgresServer());
