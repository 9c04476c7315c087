import { liveFeedSuite } from './live-feed.suite';
import { requirePostgresServer } from '../support/postgres';

liveFeedSuite('postgres', await requirePostgresServer());
