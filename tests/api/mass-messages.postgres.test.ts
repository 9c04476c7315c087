import { massMessagesSuite } from './mass-messages.suite';
import { requirePostgresServer } from '../support/postgres';

massMessagesSuite('postgres', await requirePostgresServer());
