import { feedTagsSuite } from './feed-tags.suite';
import { requirePostgresServer } from '../support/postgres';

feedTagsSuite('postgres', await requirePostgresServer());
