import { chatSuite } from './chat.suite';
import { requirePostgresServer } from '../support/postgres';

chatSuite('postgres', await requirePostgresServer());
