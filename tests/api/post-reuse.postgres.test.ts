import { postReuseSuite } from './post-reuse.suite';
import { requirePostgresServer } from '../support/postgres';

postReuseSuite('postgres', await requirePostgresServer());
