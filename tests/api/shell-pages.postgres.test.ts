import { shellPagesSuite } from './shell-pages.suite';
import { requirePostgresServer } from '../support/postgres';

shellPagesSuite('postgres', await requirePostgresServer());
