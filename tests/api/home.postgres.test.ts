import { homeSuite } from './home.suite';
import { requirePostgresServer } from '../support/postgres';

homeSuite('postgres', await requirePostgresServer());
