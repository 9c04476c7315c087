import { exportsSuite } from './exports.suite';
import { requirePostgresServer } from '../support/postgres';

exportsSuite('postgres', await requirePostgresServer());
