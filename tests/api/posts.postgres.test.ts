import { postsSuite } from './posts.suite';
import { requirePostgresServer } from '../support/postgres';

postsSuite('postgres', await requirePostgresServer());
