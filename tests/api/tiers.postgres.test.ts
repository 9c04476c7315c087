import { tiersSuite } from './tiers.suite';
import { requirePostgresServer } from '../support/postgres';

tiersSuite('postgres', await requirePostgresServer());
