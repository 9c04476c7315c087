import { bookingSuite } from './booking.suite';
import { requirePostgresServer } from '../support/postgres';

bookingSuite('postgres', await requirePostgresServer());
