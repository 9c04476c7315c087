import { creatorPresenceSuite } from './creator-presence.suite';
import { requirePostgresServer } from '../support/postgres';

creatorPresenceSuite('postgres', await requirePostgresServer());
