import { creatorProfileSuite } from './creator-profile.suite';
import { requirePostgresServer } from '../support/postgres';

creatorProfileSuite('postgres', await requirePostgresServer());
