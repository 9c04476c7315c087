import { tipsSuite } from './tips.suite';
import { requirePostgresServer } from '../support/postgres';

tipsSuite('postgres', await requirePostgresServer());
