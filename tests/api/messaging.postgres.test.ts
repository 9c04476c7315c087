import { messagingSuite } from './messaging.suite';
import { requirePostgresServer } from '../support/postgres';

messagingSuite('postgres', await requirePostgresServer());
