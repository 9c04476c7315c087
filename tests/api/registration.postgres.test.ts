import { registrationSuite } from './registration.suite';
import { requirePostgresServer } from '../support/postgres';

registrationSuite('postgres', await requirePostgresServer());
