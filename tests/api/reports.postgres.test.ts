import { reportsSuite } from './reports.suite';
import { requirePostgresServer } from '../support/postgres';

reportsSuite('postgres', await requirePostgresServer());
