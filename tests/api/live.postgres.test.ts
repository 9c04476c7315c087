import { liveSuite } from './live.suite';
import { requirePostgresServer } from '../support/postgres';
import { requireJanus } from '../support/janus';

liveSuite('postgres', requireJanus() && (await requirePostgresServer()));
