import { consoleEditsSuite } from './console-edits.suite';
import { requirePostgresServer } from '../support/postgres';

consoleEditsSuite('postgres', await requirePostgresServer());
