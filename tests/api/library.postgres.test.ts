import { librarySuite } from './library.suite';
import { requirePostgresServer } from '../support/postgres';

librarySuite('postgres', await requirePostgresServer());
